import postgres from 'postgres';
import { migrateToLatest, openDatabase } from '../db/database';
import { listRecords } from '../db/queries/worksheet';
import { attachmentRefs } from '../db/queries/attachments';
import { toRecord } from '../src/server/services/worksheet';
import { groupByDay } from '../src/shared/worksheet-rules';
import { ZWorksheetList } from '../src/shared/schemas/worksheet';
import { seedAccount, seedRecords } from './worksheet';

const base = 'postgres://postgres@127.0.0.1:5432/postgres';
const url = 'postgres://postgres@127.0.0.1:5432/webtid_prof_ws';
if (process.argv.includes('--seed')) {
  const a = postgres(base, { max: 1, onnotice: () => {} });
  await a.unsafe('DROP DATABASE IF EXISTS webtid_prof_ws WITH (FORCE)');
  await a.unsafe('CREATE DATABASE webtid_prof_ws');
  await a.end();
  const d = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 2 });
  await migrateToLatest(d.db);
  await seedRecords(d, await seedAccount(d));
  await d.close();
}
const dbh = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 2 });
const acc = (await dbh.db.selectFrom('account').select('id').where('code', '=', 'WSBENCH').executeTakeFirstOrThrow()).id;
const actor = { username: 'wsbenchadmin', profileType: 'Admin' as const, teamCode: 'A' };
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (let run = 0; run < 6; run++) {
  const c0 = cpu();
  const t = performance.now();
  const rows = await listRecords(dbh.db, { accountId: acc, mode: 'ALL', username: 'x', teamCode: null, exported: false });
  const t1 = performance.now();
  const c1 = cpu();
  await attachmentRefs(dbh.db, rows.map((r) => r.id));
  const t2 = performance.now();
  const groups = groupByDay(rows.map((r) => toRecord(actor, r, [])));
  const t3 = performance.now();
  const c3 = cpu();
  ZWorksheetList.parse(groups);
  const t4 = performance.now();
  const c4 = cpu();
  const s = JSON.stringify(groups);
  const t5 = performance.now();
  const c5 = cpu();
  console.log(`cpu: query ${(c1 - c0).toFixed(0)} map ${(c3 - c1).toFixed(0)} zod ${(c4 - c3).toFixed(0)} json ${(c5 - c4).toFixed(0)}`);
  console.log(`rows ${rows.length} query ${(t1 - t).toFixed(0)} att ${(t2 - t1).toFixed(0)} map ${(t3 - t2).toFixed(0)} zod ${(t4 - t3).toFixed(0)} json ${(t5 - t4).toFixed(0)} (${s.length})`);
}
for (let i = 0; i < 3; i++) {
  const raw = performance.now();
  await dbh.pg!.unsafe(`SELECT * FROM worksheet_record WHERE account_id = ${acc} AND NOT exported`);
  console.log('raw postgres.js', (performance.now() - raw).toFixed(0));
}
await dbh.close();
const dbh2 = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 2 });
const cpu2 = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const q = `SELECT w.*, u.team_code AS owner_team, j.team_code AS job_team FROM worksheet_record w
 LEFT JOIN app_user u ON u.account_id = w.account_id AND lower(u.username) = lower(w.username)
 LEFT JOIN job j ON j.account_id = w.account_id AND j.code = w.job_code
 WHERE w.account_id = ${acc} AND NOT w.exported ORDER BY w.date DESC, w.time_from ASC NULLS LAST, w.id`;
for (let i = 0; i < 5; i++) {
  let c = cpu2();
  await dbh2.pg!.unsafe(q);
  const rawCpu = cpu2() - c;
  c = cpu2();
  await dbh2.db.withoutPlugins().executeQuery({ sql: q, parameters: [], query: { kind: 'RawNode' } } as never);
  const noPlug = cpu2() - c;
  c = cpu2();
  const { sql } = await import('kysely');
  await sql.raw(q).execute(dbh2.db);
  const withPlug = cpu2() - c;
  c = cpu2();
  await dbh2.pg!.unsafe(q.replace('w.*', `w.id, w.account_id, w.username, w.date, w.customer_no, w.customer_name, w.job_code, w.job_description, w.job_task_code, w.job_task_description, w.location_code, w.work_type_code, w.work_type_description, w.unit_type, w.unit_no, w.unit_description, w.description, w.time_from, w.time_to, w.quantity, w.unit_of_measure_code, w.unit_of_measure_description, w.approved_by, w.created_by, w.modified_by, w.version, w.exported, w.exported_by,
   to_char(w.approved_date_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') a1, to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') a2, to_char(w.modified_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') a3, to_char(w.exported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') a4`));
  console.log(`cpu raw ${rawCpu.toFixed(0)} kysely-noplugin ${noPlug.toFixed(0)} kysely+camel ${withPlug.toFixed(0)} fewcols ${(cpu2() - c).toFixed(0)}`);
}
await dbh2.close();

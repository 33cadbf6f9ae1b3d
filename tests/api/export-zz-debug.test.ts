import { it } from 'vitest';
import postgres from 'postgres';
import { startTestApp } from '../helpers/server';
import { setUpExportWorld, insertRecords, record, download } from './export-fixtures';
it('debug', async () => {
  const app = await startTestApp();
  const w = await setUpExportWorld(app, 'dbg');
  const admin = await app.login('dbgadmin');
  const leadA = await app.login('leada');
  const ids = await insertRecords(app, Array.from({ length: 1500 }, (_, i) => record(w.accountId, 'basica', { description: `row-${i}` })));
  const mon = postgres(app.database.url!, { max: 1 });
  const timer = setInterval(async () => {
    const r = await mon`select pid, state, wait_event_type, wait_event, left(query, 60) q from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
    console.log(JSON.stringify(r));
  }, 2000);
  const [a, b] = await Promise.all([
    download(admin, { entries: ids.slice(0, 1000), mode: 'ALL', shouldMarkAsExported: true }).then((r) => (console.log('A done', r.status), r)),
    download(leadA, { entries: ids.slice(500), mode: 'TEAM', shouldMarkAsExported: true }).then((r) => (console.log('B done', r.status), r)),
  ]);
  clearInterval(timer);
  console.log(a.status, b.status, a.text.length, b.text.length);
  await mon.end();
  await app.close();
}, 20000);

/**
 * Master-data import (issue 42 budget): 20 000 items with 2 units each on PostgreSQL, one server
 * process. An items workbook (xlsx, as BC's "Open in Excel": No., Description, Base Unit of
 * Measure — the base unit is the first unit) and an item-units CSV (the second unit of each).
 * Goals: dry run ≤ 5 s, apply ≤ 15 s (the two files), the server's memory growth ≤ 100 MB.
 * Prints figures beside the goals; never fails on timings.
 */
import { spawnSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { fail, line, loadAvg, procMb, ROOT, startServerProcess, withBenchDatabase, exitStandalone, type ServerProcess } from './lib';

const ITEMS = Number(process.env.BENCH_IMPORT_ITEMS ?? 20_000);

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ username: 'impadmin', password: 'bench-pass-1' }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function itemsWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Varer');
  ws.addRow(['No.', 'Description', 'Base Unit of Measure', 'Blocked']);
  for (let i = 0; i < ITEMS; i++) ws.addRow([`V${String(i).padStart(6, '0')}`, `Vare nummer ${i} — rør og fittings`, 'STK', i % 50 === 0 ? 'Yes' : 'No']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function unitsCsv(): Buffer {
  const lines = ['Item No.;Code;Description'];
  for (let i = 0; i < ITEMS; i++) lines.push(`V${String(i).padStart(6, '0')};KASSE;Kasse à 10`);
  return Buffer.from(lines.join('\n'), 'utf8');
}

async function upload(url: string, cookie: string, entity: string, name: string, data: Buffer, dryRun: boolean): Promise<{ ms: number; counts: Record<string, number> }> {
  const fd = new FormData();
  if (dryRun) fd.append('dryRun', 'true');
  fd.append('file', new Blob([new Uint8Array(data)]), name);
  const t = performance.now();
  const res = await fetch(`${url}/api/import/${entity}`, { method: 'POST', headers: { Cookie: cookie, Origin: url }, body: fd });
  const ms = performance.now() - t;
  const body = (await res.json()) as { counts?: Record<string, number> };
  if (res.status !== 201) throw new Error(`${entity} ${dryRun ? 'dry run' : 'apply'}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return { ms, counts: body.counts ?? {} };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function benchImport(): Promise<void> {
  console.log(`\n# Master-data import (${ITEMS} items with 2 units each, PostgreSQL, one process; load ${loadAvg()})`);
  await withBenchDatabase('imp', async (databaseUrl) => {
    let server: ServerProcess | undefined;
    try {
      // BENCH_SERVER_ENTRY: another build's dist/server/main.js, for an A/B run.
      server = await startServerProcess({ DATABASE_URL: databaseUrl, ...(process.env.BENCH_SERVER_ENTRY ? { BENCH_SERVER_ENTRY: process.env.BENCH_SERVER_ENTRY } : {}) });
      const cli = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'src/server/cli.ts', 'create-account', '--code', 'IMP', '--name', 'Import A/S', '--admin', 'impadmin', '--password', 'bench-pass-1'],
        {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: databaseUrl },
        },
      );
      if (cli.status !== 0) throw new Error(String(cli.stderr));
      const cookie = await login(server.url);
      const [items, units] = [await itemsWorkbook(), unitsCsv()];
      line('files', `items.xlsx ${(items.byteLength / 1024 / 1024).toFixed(1)} MB, units.csv ${(units.byteLength / 1024 / 1024).toFixed(1)} MB`);

      const rssBefore = procMb(server.pid, 'VmRSS');
      const dryItems = await upload(server.url, cookie, 'item', 'Varer.xlsx', items, true);
      const peakAfter = () => `peak so far ${(procMb(server!.pid, 'VmHWM') - rssBefore).toFixed(0)} MB over`;
      line('items dry run', `${s(dryItems.ms)} (goal ≤ 5 s) — ${dryItems.counts.created} new; ${peakAfter()}`);
      const applyItems = await upload(server.url, cookie, 'item', 'Varer.xlsx', items, false);
      line('items apply (items + base units)', `${s(applyItems.ms)} — ${applyItems.counts.created} new; ${peakAfter()}`);
      const dryUnits = await upload(server.url, cookie, 'itemUnit', 'Vareenheder.csv', units, true);
      line('item units dry run', `${s(dryUnits.ms)} (goal ≤ 5 s) — ${dryUnits.counts.created} new; ${peakAfter()}`);
      const applyUnits = await upload(server.url, cookie, 'itemUnit', 'Vareenheder.csv', units, false);
      line('item units apply', `${s(applyUnits.ms)} — ${applyUnits.counts.created} new; ${peakAfter()}`);
      line('apply, both files', `${s(applyItems.ms + applyUnits.ms)} (goal ≤ 15 s)`);
      const again = await upload(server.url, cookie, 'item', 'Varer.xlsx', items, false);
      line('items apply again (all unchanged)', `${s(again.ms)} — ${again.counts.unchanged} unchanged`);
      const peak = procMb(server.pid, 'VmHWM');
      line('server memory', `RSS ${rssBefore.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB: growth ≤ ${(peak - rssBefore).toFixed(0)} MB (goal ≤ 100 MB)`);
      if (applyItems.counts.created !== ITEMS || applyUnits.counts.created !== ITEMS) fail('import', 'not every row was created');
      line('machine load at end', loadAvg());
    } finally {
      await server?.stop();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchImport();
  exitStandalone();
}

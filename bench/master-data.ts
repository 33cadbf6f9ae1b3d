/**
 * Master data with a big account (issue 3 §7): 20 000 items on PostgreSQL, one server process.
 *   GET /api/item (the admin list, keyset-paged: first page, a page half-way by number and by
 *   description, a search; goal p95 ≤ 50 ms, with the plans) and GET /api/item/search?q=… (the
 *   entry form's autocomplete) under autocannon. Goal: search p95 < 20 ms.
 *   With a built client (dist/): the Items screen's first rows in Chromium after navigation
 *   (goal < 1 s).
 * Prints figures; never fails on timings.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../db/database';
import { decodeAdminCursor } from '../src/shared/admin-paging';
import { checked, fmt, line, load, startServerProcess, withBenchDatabase, type ServerProcess, exitStandalone } from './lib';

const ROOT = resolve(import.meta.dirname, '..');
const ITEMS = Number(process.env.BENCH_ITEMS ?? 20_000);
const quick = process.argv.includes('--quick');
const SECONDS = quick ? 2 : 5;

const WORDS = [
  'Screw',
  'Bolt',
  'Nut',
  'Washer',
  'Pipe',
  'Bend',
  'Valve',
  'Tile',
  'Board',
  'Cable',
  'Socket',
  'Switch',
  'Hinge',
  'Paint',
  'Primer',
  'Glue',
  'Sealant',
  'Insulation',
  'Beam',
  'Plank',
];
const MATERIALS = ['steel', 'copper', 'brass', 'oak', 'pine', 'PVC', 'galvanised', 'stainless', 'aluminium', 'concrete', 'gypsum', 'white', 'black', 'grey'];
const SIZES = ['5x50', '6x60', '8x80', '10 mm', '12.5 mm', '15 mm', '22 mm', '1 m', '2.4 m', '20 kg', '10 l', 'box of 100'];

/** Deterministic, realistic item descriptions: "Copper pipe 15 mm #0042". */
function itemRow(accountId: number, i: number) {
  const word = WORDS[i % WORDS.length]!;
  const material = MATERIALS[Math.floor(i / WORDS.length) % MATERIALS.length]!;
  const size = SIZES[Math.floor(i / (WORDS.length * MATERIALS.length)) % SIZES.length]!;
  return {
    accountId,
    no: `I${String(i).padStart(6, '0')}`,
    description: `${material[0]!.toUpperCase()}${material.slice(1)} ${word.toLowerCase()} ${size} #${String(i % 10_000).padStart(4, '0')}`,
    active: i % 50 !== 0,
  };
}

const startProcess = (databaseUrl: string) => startServerProcess({ DATABASE_URL: databaseUrl });

async function login(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** Time from navigation to /admin/items until the first item row is visible, in Chromium. */
async function firstRowsInBrowser(url: string, username: string, password: string): Promise<string> {
  if (!existsSync(resolve(ROOT, 'dist/client/index.html'))) return 'skipped (no dist/client: run npm run build)';
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return `skipped (no Chromium at ${executablePath})`;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${url}/login`);
    await page.locator('input[autocomplete="username"], input[name="username"]').first().fill(username);
    await page.locator('input[type="password"]').first().fill(password);
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL((u) => u.pathname === '/');
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      // From the admin menu (an in-app navigation, as a user does); the reload empties the cache.
      await page.goto(`${url}/admin`);
      const started = Date.now();
      await page.locator('a[href="/admin/items"]').first().click();
      await page.locator('[data-row-key="I000001"]').first().waitFor({ state: 'visible', timeout: 15_000 });
      times.push(Date.now() - started);
    }
    // A full page load straight onto the list (new document, JS, account info, list).
    const started = Date.now();
    await page.goto(`${url}/admin/items`);
    await page.locator('[data-row-key="I000001"]').first().waitFor({ state: 'visible', timeout: 15_000 });
    const cold = Date.now() - started;
    return `in-app ${times.join(' / ')} ms, full page load ${cold} ms (goal < 1000 ms)`;
  } finally {
    await browser.close();
  }
}

export async function benchMasterData(): Promise<void> {
  console.log(`\n# Master data (${ITEMS} items, PostgreSQL, one process)`);
  await withBenchDatabase('md', async (databaseUrl) => {
    let server: ServerProcess | undefined;
    try {
      server = await startProcess(databaseUrl); // runs the migrations
      const cli = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'src/server/cli.ts', 'create-account', '--code', 'BIG', '--name', 'Big ERP account', '--admin', 'bigadmin', '--password', 'bench-pass-1'],
        { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl } },
      );
      if (cli.status !== 0) throw new Error(String(cli.stderr));

      const dbh = await openDatabase({ databaseUrl: databaseUrl, dataDir: '', poolSize: 2 });
      const account = await dbh.db.selectFrom('account').select('id').where('code', '=', 'BIG').executeTakeFirstOrThrow();
      const seeded = performance.now();
      for (let start = 0; start < ITEMS; start += 2000) {
        const rows = [];
        for (let i = start; i < Math.min(ITEMS, start + 2000); i++) rows.push(itemRow(account.id, i));
        await dbh.db.insertInto('item').values(rows).execute();
      }
      await sql`ANALYZE item`.execute(dbh.db);
      line('seed items', `${ITEMS} in ${Math.round(performance.now() - seeded)} ms`);

      const cookie = await login(server.url, 'bigadmin', 'bench-pass-1');
      const headers = { Cookie: cookie };
      const count = async (path: string) => ((await (await fetch(server!.url + path, { headers })).json()) as unknown[]).length;

      // The admin list is keyset-paged (decision 0176): the first page, a page deep in the list (from
      // a cursor half-way), the same by description descending, and a search, one request at a time.
      const linkOf = async (path: string) => /<([^>]+)>; rel="next"/.exec((await fetch(server!.url + path, { headers })).headers.get('link') ?? '')?.[1];
      const listBytes = (await (await fetch(`${server.url}/api/item`, { headers })).text()).length;
      let deep = '/api/item?limit=1000';
      for (let i = 0; i < Math.floor(ITEMS / 2000); i++) deep = (await linkOf(deep)) ?? deep;
      let deepText = '/api/item?sort=text&dir=desc&limit=1000';
      for (let i = 0; i < Math.floor(ITEMS / 2000); i++) deepText = (await linkOf(deepText)) ?? deepText;
      const pages: Array<[string, string]> = [
        [`first page (200 of ${ITEMS}, ${(listBytes / 1e3).toFixed(0)} KB)`, '/api/item'],
        ['page half-way, by number', deep.replace('limit=1000', 'limit=200')],
        ['page half-way, by description desc', deepText.replace('limit=1000', 'limit=200')],
        ['search "copper" (first page)', '/api/item?q=copper'],
      ];
      for (const [label, path] of pages) {
        const r = checked(`GET /api/item ${label}`, await load(server.url + path, { headers, seconds: SECONDS, connections: 1 }));
        line(`GET /api/item ${label}, 1 connection`, `${fmt(r)} (goal p95 ≤ 50 ms; p97.5 shown)`);
      }
      const cursorOf = (path: string) => decodeURIComponent(/cursor=([^&]+)/.exec(path)?.[1] ?? '');
      const half = decodeAdminCursor(cursorOf(deep));
      const halfText = decodeAdminCursor(cursorOf(deepText));
      for (const [label, query] of [
        [
          'plan, page half-way by number',
          sql`EXPLAIN ANALYZE SELECT id, no, description, active, version FROM item WHERE account_id = ${account.id} AND no > ${half?.key ?? ''} ORDER BY no LIMIT 201`,
        ],
        [
          'plan, page half-way by description desc',
          sql`EXPLAIN ANALYZE SELECT id, no, description, active, version FROM item WHERE account_id = ${account.id} AND (description, no) < (${halfText?.text ?? ''}, ${halfText?.key ?? ''}) ORDER BY description DESC, no DESC LIMIT 201`,
        ],
      ] as const) {
        const planLines = (await query.execute(dbh.db)).rows.map((r) => (r as { 'QUERY PLAN': string })['QUERY PLAN']);
        line(label, `${planLines.find((l) => /Scan/.test(l))?.trim() ?? '?'}; ${planLines.find((l) => /Execution Time/.test(l))?.trim() ?? '?'}`);
      }

      const searches: Array<[string, string]> = [
        ['"I01234"', 'q=I01234'],
        ['"copper pipe"', 'q=copper%20pipe'],
        ['"ga", limit 20', 'q=ga&limit=20'],
        ['"hinge"', 'q=hinge'],
      ];
      console.log('  (search: 10 connections unless said otherwise; latency includes queueing)');
      for (const [label, query] of searches) {
        const path = `/api/item/search?${query}`;
        const rows = await count(path);
        const r = checked(`search ${label}`, await load(server.url + path, { headers, seconds: SECONDS, connections: 10 }));
        line(`GET /api/item/search ${label} → ${rows} rows`, fmt(r));
      }

      // The same goal query one request at a time: the latency of the call itself, without queueing.
      const single = checked('search, 1 connection', await load(`${server.url}/api/item/search?q=copper%20pipe`, { headers, seconds: SECONDS, connections: 1 }));
      line('search "copper pipe", 1 connection', `${fmt(single)} (goal p95 < 20 ms; p97.5 shown)`);

      const plan = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN ANALYZE SELECT id, no, description, active FROM item
      WHERE account_id = ${account.id} AND active AND (no ILIKE '%copper pipe%' OR description ILIKE '%copper pipe%') ORDER BY no`.execute(dbh.db);
      const planLines = plan.rows.map((r) => r['QUERY PLAN']);
      line('search plan', planLines.find((l) => /Scan/.test(l))?.trim() ?? '?');
      line('search execution', planLines.find((l) => /Execution Time/.test(l))?.trim() ?? '?');
      await dbh.close();

      const browser = await firstRowsInBrowser(server.url, 'bigadmin', 'bench-pass-1').catch(
        (e: unknown) => `failed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`,
      );
      line('Items screen first rows (Chromium)', browser);
    } finally {
      await server?.stop();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchMasterData();
  exitStandalone();
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { parseEnv } from '../../src/server/env';
import { progressOf, runningIds, type ImportProgress } from '../../src/server/import/progress';
import { createLogger } from '../../src/server/log';
import { startServer, type RunningServer } from '../../src/server/server';
import type { TImportRecord, TImportReport } from '../../src/shared/schemas/import';
import { ApiClient, expectOk, expectStatus } from '../helpers/client';
import { testDbKind } from '../helpers/database';
import { TEST_PASSWORD, startTestApp, type TestApp } from '../helpers/server';

/**
 * Issue 42 §5, decision 0499: a big import is a job whose progress a poll sees while it runs.
 * PostgreSQL: the progress is in the import's record, written outside its transaction, so a
 * second instance of the app on the same database (another server and pool, started here in
 * the test's process) lists it too. PGlite: in the process's memory; its one connection is the
 * import's until the transaction ends, so the list answers after it (the test reads the memory).
 */
let app: TestApp;
let admin: ApiClient;
let second: { server: RunningServer; dataDir: string } | null = null;

const ITEMS = 20_000;

beforeAll(async () => {
  app = await startTestApp();
  await app.createAccount('PRG', 'prgadmin');
  admin = await app.login('prgadmin');
});
afterAll(async () => {
  if (second) {
    await second.server.close(1000);
    rmSync(second.dataDir, { recursive: true, force: true });
  }
  await app?.close();
});

/** Another instance of the app on the test app's PostgreSQL database: its own server, pool and HTTP port. */
async function startSecondInstance(url: string): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'webtid-test-second-'));
  const env = parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_SECRET: 'test-secret-test-secret-test-secret-1234', TRUST_PROXY: 'loopback' });
  const dbh = await openDatabase({ databaseUrl: url, dataDir, poolSize: 3 });
  const server = await startServer(env, { dbh, seedDemo: false, log: createLogger('silent') });
  server.server.keepAliveTimeout = 0;
  second = { server, dataDir };
  return server;
}

function itemsCsv(n: number): string {
  const lines = ['No.;Description'];
  for (let i = 1; i <= n; i++) lines.push(`P${String(i).padStart(6, '0')};Progress item ${i}`);
  return `${lines.join('\r\n')}\r\n`;
}

function upload(client: ApiClient, entity: string, name: string, text: string) {
  const fd = new FormData();
  fd.append('file', new Blob([Buffer.from(text, 'utf8')]), name);
  return client.raw('POST', `/api/import/${entity}`, fd);
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a big import while it runs', () => {
  it(`${ITEMS} items: a poll sees the import running with done < total, then done`, { timeout: 120_000 }, async () => {
    const kind = testDbKind();
    const other = kind === 'postgres' ? new ApiClient((await startSecondInstance(app.database.url!)).url) : null;
    if (other) expect((await other.post('/api/user/login', { username: 'prgadmin', password: TEST_PASSWORD, remember: true })).status).toBe(200);

    const started = Date.now();
    let finished = false;
    // not awaited: the import runs while the test polls
    const importing = upload(admin, 'item', 'Items-20000.csv', itemsCsv(ITEMS)).finally(() => (finished = true));

    let listPoll: Promise<TImportRecord[]> | undefined;
    const seen: Array<{ via: string; progress: ImportProgress | null }> = [];
    let id: number | null = null;
    while (!finished) {
      if (kind === 'postgres') {
        // both instances answer at once: the list's reads never wait for the import's transaction
        for (const [via, client] of [
          ['same', admin],
          ['second', other!],
        ] as const) {
          const list = expectOk(await client.get('/api/import'));
          const run = list.find((r: TImportRecord) => r.fileName === 'Items-20000.csv');
          if (run?.status === 'running') {
            id = run.id;
            seen.push({ via, progress: run.progress });
          }
        }
        // the record itself, read on the second instance's own pool: the two instances share no memory in a real deployment
        const row = await second!.server.services.db
          .selectFrom('importRun')
          .select(['status', 'progressPhase', 'progressDone', 'progressTotal'])
          .where('fileName', '=', 'Items-20000.csv')
          .executeTakeFirst();
        if (row?.status === 'running' && row.progressPhase !== null)
          seen.push({ via: 'record', progress: { phase: row.progressPhase, done: row.progressDone!, total: row.progressTotal! } });
      } else {
        // PGlite: even the test's own query would wait for the import's transaction; this process's running imports are in memory
        const running = runningIds()[0];
        if (running !== undefined) {
          id = running;
          seen.push({ via: 'memory', progress: progressOf(running) });
          // a list poll sent now is answered once the import's transaction gives the connection back
          listPoll ??= admin.get('/api/import').then((res) => expectOk(res));
        }
      }
      await delay(100);
    }
    const res = await importing;
    const seconds = (Date.now() - started) / 1000;
    expectStatus(res, 201);
    const report = res.body as TImportReport;
    expect(report.counts).toMatchObject({ rows: ITEMS, created: ITEMS, refused: 0 });
    expect(seconds).toBeGreaterThan(1);

    const partial = seen.filter((s) => s.progress !== null && s.progress.done < s.progress.total);
    if (process.env.SHOW_POLLS) console.log(seconds, JSON.stringify(seen));
    expect(partial.length, `${seen.length} polls in ${seconds} s: ${JSON.stringify(seen.slice(0, 40))}`).toBeGreaterThan(0);
    if (kind === 'postgres') {
      // the second instance ran no import: what it lists comes from the record
      expect(partial.some((s) => s.via === 'second')).toBe(true);
      expect(partial.some((s) => s.via === 'record')).toBe(true);
      expect(partial.every((s) => s.progress!.total === ITEMS || s.progress!.phase === 'writing')).toBe(true);
    }
    // the figures only grow within a phase
    for (const phase of ['checking', 'writing'] as const) {
      const done = seen.filter((s) => s.via === seen[0]?.via && s.progress?.phase === phase).map((s) => s.progress!.done);
      expect(done).toEqual([...done].sort((a, b) => a - b));
    }

    if (listPoll) expect((await listPoll).find((r) => r.id === id)).toBeDefined();
    for (const client of other ? [admin, other] : [admin]) {
      const run = expectOk(await client.get('/api/import')).find((r: TImportRecord) => r.id === id);
      expect(run).toMatchObject({ status: 'done', progress: null, counts: { rows: ITEMS, created: ITEMS } });
      // finished when it ended, not when its transaction began
      expect(new Date(run!.finishedAt!).getTime() - new Date(run!.createdAt).getTime()).toBeGreaterThan(300);
    }
    expect(progressOf(id!)).toBeNull();
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';
import { COLUMN, download, insertMany, insertRecords, parseCsv, record, setUpExportWorld, type ExportWorld } from './export-fixtures';

/** Mark as exported is one transaction with the CSV (DESIGN §4; issue 5): exactly once, or not at all. */
describe('mark as exported: concurrency and failure', () => {
  let app: TestApp;
  let w: ExportWorld;
  let admin: ApiClient;
  let leadA: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    w = await setUpExportWorld(app, 'conc');
    admin = await app.login('concadmin');
    leadA = await app.login('leada');
  });
  afterAll(() => app?.close());
  beforeEach(async () => {
    await app.db.deleteFrom('worksheetRecord').execute();
    await app.db.deleteFrom('worksheetHistory').execute();
  });

  /**
   * fetch that retries once when a kept-alive socket was closed under it before the request got
   * through (with PGlite the test and the server share one event loop, which long inserts block).
   */
  const post = async (body: unknown, signal?: AbortSignal): Promise<Response> => {
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: app.url, Cookie: admin.cookie! }, body: JSON.stringify(body), signal };
    try {
      return await fetch(`${app.url}/api/worksheet/download`, init);
    } catch (error) {
      if (!['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'].includes((error as { cause?: { code?: string } }).cause?.code ?? '')) throw error;
      return fetch(`${app.url}/api/worksheet/download`, init);
    }
  };

  const exportCount = async () =>
    Number(
      (
        await app.db
          .selectFrom('worksheetRecord')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('exported', '=', true)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const historyCount = async () =>
    Number(
      (
        await app.db
          .selectFrom('worksheetHistory')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('action', '=', 'export')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('two exports of overlapping ids at once: every row is marked and exported exactly once', async () => {
    for (let round = 0; round < 3; round++) {
      await app.db.deleteFrom('worksheetRecord').execute();
      await app.db.deleteFrom('worksheetHistory').execute();
      const n = 1500;
      const ids = await insertRecords(
        app,
        Array.from({ length: n }, (_, i) => record(w.accountId, 'basica', { description: `row-${i}`, date: '2026-11-02' })),
      );
      // Admin takes the first two thirds, the team leader the last two thirds, both at the same time.
      const [a, b] = await Promise.all([
        download(admin, { entries: ids.slice(0, 1000), mode: 'ALL', shouldMarkAsExported: true }),
        download(leadA, { entries: ids.slice(500), mode: 'TEAM', shouldMarkAsExported: true }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const rowsA = parseCsv(a.text).rows.map((r) => r[COLUMN.description]!);
      const rowsB = parseCsv(b.text).rows.map((r) => r[COLUMN.description]!);
      const all = [...rowsA, ...rowsB];
      expect(all).toHaveLength(n);
      expect(new Set(all).size).toBe(n);
      // Each file holds only what it asked for.
      expect(rowsA.every((d) => Number(d.slice(4)) < 1000)).toBe(true);
      expect(rowsB.every((d) => Number(d.slice(4)) >= 500)).toBe(true);
      // The database agrees with the files: who exported a row is who got it.
      const byA = await app.db.selectFrom('worksheetRecord').select('description').where('exportedBy', '=', 'concadmin').execute();
      expect(byA.map((r) => r.description).sort()).toEqual([...rowsA].sort());
      expect(await exportCount()).toBe(n);
      expect(await historyCount()).toBe(n);
    }
  });

  it('the client disconnects mid-stream: nothing is marked, and a later export gets every row', async () => {
    // ~25 MB of CSV: far more than the socket buffers hold, so the stream is still running when the client goes.
    const ids = await insertMany(app, w.accountId, 'basica', 100_000);
    const controller = new AbortController();
    const res = await post({ entries: ids, mode: 'ALL', shouldMarkAsExported: true }, controller.signal);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    controller.abort();
    await reader.read().catch(() => undefined);

    // The next export of the same ids waits for the aborted one to roll back, then marks them all
    // (had the aborted one committed, this one would hold no rows).
    const again = await post({ entries: ids, mode: 'ALL', shouldMarkAsExported: true });
    expect(again.status).toBe(200);
    expect(parseCsv(await again.text()).rows).toHaveLength(ids.length);
    expect(await exportCount()).toBe(ids.length);
    expect(await historyCount()).toBe(ids.length);
    const by = await sql<{ exportedBy: string; n: number }>`SELECT exported_by, count(*)::int AS n FROM worksheet_record GROUP BY exported_by`.execute(app.db);
    expect(by.rows).toEqual([{ exportedBy: 'concadmin', n: ids.length }]);
  }, 300_000); // 100 000 rows: minutes on a loaded machine; a hang detector, not a speed check

  it('a plain download after a disconnect still works (the connection was not left in a transaction)', async () => {
    const ids = await insertMany(app, w.accountId, 'basica', 50_000);
    for (let i = 0; i < 3; i++) {
      const controller = new AbortController();
      const res = await post({ entries: ids, mode: 'ALL' }, controller.signal);
      await res.body!.getReader().read();
      controller.abort();
    }
    const small = await download(admin, { entries: ids.slice(0, 10), mode: 'ALL', shouldMarkAsExported: true });
    expect(parseCsv(small.text).rows).toHaveLength(10);
    expect(await exportCount()).toBe(10);
  }, 300_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, type ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';
import { insertMany, setUpExportWorld, type ExportWorld } from './export-fixtures';

/**
 * Issue 25 §1: one export never slows everyone. The workbook is written without holding the event
 * loop (own XML writer, deflate on the thread pool), so other requests are served while a large
 * xlsx download runs — here an info call made after the first bytes of the file arrived answers
 * before the file ends, and so do the calls made after it, one after another.
 *
 * PostgreSQL only (vitest.config.ts leaves it out of api-pglite): embedded PGlite is one database session, so any long transaction (a CSV export
 * too) makes other queries wait for its end; that is the embedded mode's limit, not the writer's.
 */
describe('a large xlsx export does not block other requests', () => {
  let app: TestApp;
  let w: ExportWorld;
  let admin: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    w = await setUpExportWorld(app, 'nbl');
    admin = await app.login('nbladmin');
  });
  afterAll(() => app?.close());

  it('an info call made during the export answers before the export ends', async () => {
    const ids = await insertMany(app, w.accountId, 'basica', 60_000);
    const res = await fetch(`${app.url}/api/worksheet/download`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: app.url, Cookie: admin.cookie! },
      body: JSON.stringify({ entries: ids, mode: 'ALL', format: 'xlsx' }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    // The export has started: its first bytes are here.
    expect((await reader.read()).done).toBe(false);
    let ended = false;
    let bytes = 0;
    const rest = (async () => {
      for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
      ended = true;
    })();

    const answered: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const info = await admin.get('/api/user/info');
      expectStatus(info, 200);
      answered.push(!ended);
    }
    await rest;
    // Each call answered while the file was still coming.
    expect(answered).toEqual([true, true, true, true, true]);
    expect(bytes).toBeGreaterThan(1_000_000);
  }, 180_000);
});

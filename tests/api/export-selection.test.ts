import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, problemOf, type ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';
import { COLUMN, downloadBytes, insertRecords, parseCsv, record, setUpExportWorld, type ExportWorld } from './export-fixtures';

/**
 * Issue 38: the screen and the file agree. The download takes the list's filter (no ids), and for
 * random filters × {plain, marked} × {approved only, all} the preview's numbers are the rows and
 * sums of the file actually sent; the list (GET /api/worksheet/totals) holds the same entries as a
 * plain file; a marking's batch records the filter it used.
 */

/** A small deterministic generator (mulberry32), so a failure names a reproducible case. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const JOBS = [
  { jobCode: 'J-1001', customerNo: 'C1000' },
  { jobCode: 'J-1002', customerNo: 'C1000' },
  { jobCode: 'J-2001', customerNo: 'C2000' },
  { jobCode: 'J-3001', customerNo: 'C3000' },
] as const;
const PEOPLE = ['basica', 'dansk', 'basicb', 'leada'] as const;
const DATES = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 8, 15) + i * 86_400_000).toISOString().slice(0, 10));

describe('the download is the list (issue 38)', () => {
  let app: TestApp;
  let w: ExportWorld;
  let admin: ApiClient;
  let leadA: ApiClient;
  let basicA: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    w = await setUpExportWorld(app, 'sel');
    [admin, leadA, basicA] = (await Promise.all(['seladmin', 'leada', 'basica'].map((u) => app.login(u)))) as [ApiClient, ApiClient, ApiClient];
    const r = rng(38);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
    await insertRecords(
      app,
      Array.from({ length: 90 }, (_, i) => {
        const job = pick(JOBS);
        const item = r() < 0.3;
        return record(w.accountId, pick(PEOPLE), {
          ...job,
          date: pick(DATES),
          description: `entry ${i}`,
          quantity: Math.round(r() * 800) / 100 + 0.25,
          ...(item ? { unitType: 'Item' as const, unitNo: '1000', unitOfMeasureCode: 'BOX', timeFrom: null, timeTo: null } : {}),
          ...(r() < 0.5 ? { approvedBy: 'leada', approvedDateTime: new Date('2026-11-20T10:00:00Z') } : {}),
        });
      }),
    );
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  /** Every mark is undone, so each case starts from the same 90 open entries. */
  const reopen = () => app.db.updateTable('worksheetRecord').set({ exported: false, exportedBy: null, exportedAt: null, exportBatchId: null }).execute();

  it('20 random filters × plain/marked × approved only/all: the preview is the file, the file is the list', async () => {
    const r = rng(2026);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
    for (let n = 0; n < 20; n++) {
      const a = pick(DATES);
      const b = pick(DATES);
      const filter = {
        mode: pick(['ALL', 'TEAM'] as const),
        ...(r() < 0.6 ? { from: a < b ? a : b } : {}),
        ...(r() < 0.6 ? { to: a < b ? b : a } : {}),
        ...(r() < 0.3 ? { jobCode: pick(JOBS).jobCode } : {}),
        ...(r() < 0.3 ? { customerNo: pick(JOBS).customerNo } : {}),
        ...(r() < 0.3 ? { status: pick(['approved', 'notApproved', 'all'] as const) } : {}),
      };
      for (const mark of [false, true]) {
        for (const approvedOnly of [false, true]) {
          const label = JSON.stringify({ n, filter, mark, approvedOnly });
          const body = { ...filter, shouldMarkAsExported: mark, approvedOnly };
          const preview = await admin.post('/api/worksheet/download/preview', body);
          expectStatus(preview, 200);
          const res = await downloadBytes(admin, { ...body, csvFormat: 'international' });
          if (mark && preview.body.entries === 0) {
            // A marking that matches nothing: 409, and no empty batch.
            expect(res.status, label).toBe(409);
            continue;
          }
          expect(res.status, label).toBe(200);
          const rows = parseCsv(res.text).rows;
          expect(rows.length, label).toBe(preview.body.entries);
          const hours = rows.filter((x) => x[COLUMN.unitType] === 'Resource').reduce((s, x) => s + Number(x[COLUMN.quantity]), 0);
          expect(hours, label).toBeCloseTo(preview.body.hours, 2);
          const boxes = rows.filter((x) => x[COLUMN.unitType] === 'Item').reduce((s, x) => s + Number(x[COLUMN.quantity]), 0);
          expect(boxes, label).toBeCloseTo(preview.body.totals.find((t) => t.unitType === 'Item')?.quantity ?? 0, 2);
          if (rows.length > 0) {
            const dates = rows.map((x) => x[COLUMN.date]!).sort();
            expect([dates[0], dates[dates.length - 1]], label).toEqual([preview.body.from, preview.body.to]);
          }
          if (!mark && !approvedOnly) {
            // The plain file holds exactly what the list counts for the same filter.
            const totals = await admin.get(`/api/worksheet/totals?${new URLSearchParams(Object.entries(filter).map(([k, v]) => [k, String(v)]))}`);
            expectStatus(totals, 200);
            expect(totals.body.entries, label).toBe(rows.length);
          }
          if (mark) {
            const batchId = Number(res.headers.get('x-export-batch-id'));
            const batch = await admin.get(`/api/export/batch/${batchId}`);
            expectStatus(batch, 200);
            expect(batch.body.filters, label).toEqual({
              mode: filter.mode,
              from: filter.from ?? null,
              to: filter.to ?? null,
              approvedOnly,
              customerNo: filter.customerNo ?? null,
              jobCode: filter.jobCode ?? null,
              username: null,
              status: filter.status ?? null,
              requested: null,
            });
            expect(batch.body.entryCount, label).toBe(rows.length);
            await reopen();
          }
        }
      }
    }
  }, 180_000);

  it('a person filter: the file holds that person’s entries; the batch names the person', async () => {
    const body = { mode: 'ALL' as const, username: 'dansk', shouldMarkAsExported: true };
    const preview = await admin.post('/api/worksheet/download/preview', body);
    expectStatus(preview, 200);
    const res = await downloadBytes(admin, { ...body, csvFormat: 'international' });
    expect(res.status).toBe(200);
    const rows = parseCsv(res.text).rows;
    expect(rows.length).toBe(preview.body.entries);
    expect(new Set(rows.map((x) => x[COLUMN.user]))).toEqual(new Set(['dansk']));
    const batch = await admin.get(`/api/export/batch/${Number(res.headers.get('x-export-batch-id'))}`);
    expectStatus(batch, 200);
    expect(batch.body.filters).toMatchObject({ username: 'dansk', requested: null });
    await reopen();
  });

  it('a filter the tab may not use answers 400 naming the field, as the list does; nothing is marked', async () => {
    // A leader of team A asks for a person of team B on the Team tab.
    const refused = await downloadBytes(leadA, { mode: 'TEAM', username: 'basicb', shouldMarkAsExported: true });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toMatchObject({ status: 400, errorCodes: { username: [{ code: 'FILTER_NOT_IN_TEAM' }] } });
    const preview = await leadA.post('/api/worksheet/download/preview', { mode: 'TEAM', username: 'basicb' });
    expect(problemOf(preview).errorCodes?.username?.[0]?.code).toBe('FILTER_NOT_IN_TEAM');
    // A Basic user on Yours may not name someone else.
    const other = await downloadBytes(basicA, { mode: 'YOURS', username: 'dansk' });
    expect(other.status).toBe(400);
    // An unknown customer is a 400 on customerNo, never a silently empty file.
    const unknown = await downloadBytes(admin, { mode: 'ALL', customerNo: 'NOPE' });
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.text)).toMatchObject({ errorCodes: { customerNo: [expect.objectContaining({ code: expect.any(String) })] } });
    const exported = await app.db.selectFrom('worksheetRecord').select('id').where('exported', '=', true).execute();
    expect(exported).toHaveLength(0);
  });

  it('ids (spec §7) still work and are narrowed by the filter', async () => {
    const ids = (await app.db.selectFrom('worksheetRecord').select('id').where('jobCode', '=', 'J-2001').execute()).map((x) => x.id);
    const res = await downloadBytes(admin, { entries: ids, mode: 'ALL', jobCode: 'J-1001', csvFormat: 'international' });
    expect(res.status).toBe(200);
    expect(parseCsv(res.text).rows).toHaveLength(0);
    const all = await downloadBytes(admin, { entries: ids, mode: 'ALL', csvFormat: 'international' });
    expect(parseCsv(all.text).rows).toHaveLength(ids.length);
  });
});

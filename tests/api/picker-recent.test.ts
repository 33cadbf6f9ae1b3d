/**
 * Issue 22 §4: the entry form's job, work-type and unit pickers list the caller's most recent
 * choices first (from their own open entries, on the server), then the others by code; the exact
 * code still comes first for a look-up; another user's entries never count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/server';
import { form, itemEntry, setUpWorld, timeEntry, type WorksheetWorld } from './worksheet-fixtures';
import { expectStatus, trpcData } from '../helpers/client';

let app: TestApp;
let w: WorksheetWorld;

const codes = (body: unknown, key: 'code' | 'no') => (body as Array<Record<string, string>>).map((r) => r[key]);

beforeAll(async () => {
  app = await startTestApp();
  w = await setUpWorld(app, 'rec');
  // Older: J-1001 with NORMAL on R01; newer: J-3001 with OVERTIME on R02, and item 1300 on J-3001.
  const entries = [
    timeEntry({ date: '2026-11-18', unitNo: 'R01' }),
    timeEntry({ date: '2026-11-20', customerNo: 'C3000', jobCode: 'J-3001', jobTaskCode: null, workTypeCode: 'OVERTIME', unitNo: 'R02' }),
    itemEntry({ date: '2026-11-21', customerNo: 'C3000', jobCode: 'J-3001', jobTaskCode: null, unitNo: '1300', unitOfMeasureCode: 'BAG' }),
  ];
  for (const fields of entries) {
    const res = await w.c.basicA.request('POST', '/api/worksheet', form(fields));
    expectStatus(res, 201);
  }
});
afterAll(() => app?.close());

describe('recent first', () => {
  it('jobs: the most recent job first, then the older one, then the rest by code (REST and tRPC)', async () => {
    const rest = await w.c.basicA.get('/api/job/search?q=&limit=50');
    expectStatus(rest, 200);
    expect(codes(rest.body, 'code')).toEqual(['J-3001', 'J-1001', 'J-1002', 'J-2001']);
    const trpc = await w.c.basicA.get(`/api/trpc/job.search?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { q: '', limit: 50 } }))}`);
    expect(codes(trpcData(trpc, 'job.search'), 'code')).toEqual(['J-3001', 'J-1001', 'J-1002', 'J-2001']);
    // Among the matches of a search too.
    expect(codes((await w.c.basicA.get('/api/job/search?q=J-&limit=2')).body, 'code')).toEqual(['J-3001', 'J-1001']);
  });

  it('work types, resources and items: each list by its own recent choices', async () => {
    expect(codes((await w.c.basicA.get('/api/worktype/search?q=&limit=50')).body, 'code')).toEqual(['OVERTIME', 'NORMAL', 'DRIVE']);
    expect(codes((await w.c.basicA.get('/api/resource/search?q=&limit=50')).body, 'no')).toEqual(['R02', 'R01', 'R03', 'VAN']);
    expect(codes((await w.c.basicA.get('/api/item/search?q=&limit=3')).body, 'no')).toEqual(['1300', '1000', '1100']);
  });

  it('the exact code still comes first for a look-up of one', async () => {
    expect(codes((await w.c.basicA.get('/api/job/search?q=J-1002&limit=1')).body, 'code')).toEqual(['J-1002']);
    expect(codes((await w.c.basicA.get('/api/worktype/search?q=DRIVE&limit=1')).body, 'code')).toEqual(['DRIVE']);
    expect(codes((await w.c.basicA.get('/api/resource/search?q=R03&limit=1')).body, 'no')).toEqual(['R03']);
  });

  it("another user's entries never count: a user without entries sees the lists by code", async () => {
    expect(codes((await w.c.basicA2.get('/api/job/search?q=&limit=50')).body, 'code')).toEqual(['J-1001', 'J-1002', 'J-2001', 'J-3001']);
    expect(codes((await w.c.basicA2.get('/api/worktype/search?q=&limit=50')).body, 'code')).toEqual(['DRIVE', 'NORMAL', 'OVERTIME']);
    expect(codes((await w.c.basicA2.get('/api/item/search?q=&limit=2')).body, 'no')).toEqual(['1000', '1100']);
    // The other account's admin: its own (seeded) data, by code.
    expect(codes((await w.c.otherAdmin.get('/api/job/search?q=&limit=50')).body, 'code')).toEqual(['J-1001', 'J-1002', 'J-2001', 'J-3001']);
  });
});

/**
 * Issue 22 §5: "Copy to…" an entry, a day or a week (POST /api/worksheet/copy, decision 0210).
 * Copies are new unapproved entries of the same owner; a dry run creates nothing; one transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/server';
import { form, itemEntry, png, setUpWorld, timeEntry, type WorksheetWorld } from './worksheet-fixtures';
import { expectOk, expectStatus, trpcData } from '../helpers/client';

let app: TestApp;
let w: WorksheetWorld;
/** basicA's entries: Monday 16 Nov (hours + item with a photo), Wednesday 18 Nov (hours). */
let mon1: number;
let mon2: number;
let wed: number;
/** basicB's entry (team B). */
let other: number;

const count = async (username: string, date: string) =>
  Number(
    (
      await app.db
        .selectFrom('worksheetRecord')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('accountId', '=', w.accountId)
        .where('username', '=', username)
        .where('date', '=', date)
        .executeTakeFirstOrThrow()
    ).n,
  );
const total = async () =>
  Number(
    (
      await app.db
        .selectFrom('worksheetRecord')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  app = await startTestApp();
  w = await setUpWorld(app, 'cp');
  const make = async (client: WorksheetWorld['c'][keyof WorksheetWorld['c']], fields: Record<string, unknown>, files: Parameters<typeof form>[1] = []) => {
    const res = await client.request('POST', '/api/worksheet', form(fields, files));
    expectStatus(res, 201);
    return (res.body as { id: number }).id;
  };
  mon1 = await make(w.c.basicA, timeEntry({ date: '2026-11-16', description: 'Monday hours' }));
  mon2 = await make(w.c.basicA, itemEntry({ date: '2026-11-16', description: 'Monday screws', quantity: '12,5' }), [{ name: 'site.png', data: await png() }]);
  wed = await make(w.c.basicA, timeEntry({ date: '2026-11-18', description: 'Wednesday hours', timeFrom: '07:00', timeTo: '14:30' }));
  other = await make(w.c.basicB, timeEntry({ date: '2026-11-16', customerNo: 'C1000', jobCode: 'J-1002', jobTaskCode: null, description: 'Team B' }));
});
afterAll(() => app?.close());

describe('POST /api/worksheet/copy', () => {
  it('copies an entry to a date: same owner, times and quantity kept, unapproved, no photos', async () => {
    const res = await w.c.basicA.post('/api/worksheet/copy', { ids: [wed], toDate: '2026-12-01' });
    expectStatus(res, 201);
    expect(res.body.dryRun).toBe(false);
    expect(res.body.created).toHaveLength(1);
    const copy = res.body.created[0]!;
    expect(copy).toMatchObject({
      username: 'cpbasica',
      date: '2026-12-01',
      timeFrom: '07:00',
      timeTo: '14:30',
      quantity: 7.5,
      description: 'Wednesday hours',
      approvedBy: null,
      attachments: [],
    });
    expect(copy.id).not.toBe(wed);
  });

  it('copies a day (hours and an item with a photo) to a date; the photo is not copied', async () => {
    const res = await w.c.basicA.post('/api/worksheet/copy', { ids: [mon1, mon2], toDate: '2026-12-02' });
    expectStatus(res, 201);
    expect(res.body.created.map((r: { description: string }) => r.description)).toEqual(['Monday hours', 'Monday screws']);
    expect(res.body.created[1]).toMatchObject({ quantity: 12.5, unitType: 'Item', attachments: [] });
    expect(await count('cpbasica', '2026-12-02')).toBe(2);
    // The sources are untouched.
    expect(expectOk(await w.c.basicA.get(`/api/worksheet/${mon2}`)).attachments).toHaveLength(1);
  });

  it('copies a week onto the same weekdays of the target week (ISO week or a date of it)', async () => {
    const res = await w.c.basicA.post('/api/worksheet/copy', { ids: [mon1, mon2, wed], toWeek: '2026-W50' });
    expectStatus(res, 201);
    expect(res.body.created.map((r: { date: string }) => r.date)).toEqual(['2026-12-07', '2026-12-07', '2026-12-09']);
    const byDate = await w.c.basicA.post('/api/worksheet/copy', { ids: [wed], toWeek: '2026-12-18', dryRun: true });
    expect(expectOk(byDate).preview.map((r: { date: string }) => r.date)).toEqual(['2026-12-16']);
  });

  it('a dry run answers the preview and creates nothing', async () => {
    const before = await total();
    const res = await w.c.basicA.post('/api/worksheet/copy', { ids: [mon1, mon2], toDate: '2026-12-03', dryRun: true });
    expectStatus(res, 201);
    expect(res.body).toMatchObject({ dryRun: true, created: [] });
    expect(res.body.preview).toHaveLength(2);
    expect(res.body.preview[0]).toMatchObject({ sourceId: mon1, date: '2026-12-03', timeFrom: '08:00', timeTo: '12:30', quantity: 4.5, username: 'cpbasica' });
    expect(await total()).toBe(before);
  });

  it('rights: Basic copies only what it sees; a team leader copies the own team; another account: 404; nothing created', async () => {
    const before = await total();
    const notSeen = await w.c.basicA2.post('/api/worksheet/copy', { ids: [mon1], toDate: '2026-12-04' });
    expectStatus(notSeen, 404);
    expect(notSeen.body).toMatchObject({ code: 'COPY_NOT_FOUND', params: { id: String(mon1) } });
    const mixed = await w.c.basicA.post('/api/worksheet/copy', { ids: [mon1, other], toDate: '2026-12-04' });
    expectStatus(mixed, 404);
    expect((await w.c.leadA.post('/api/worksheet/copy', { ids: [other], toDate: '2026-12-04' })).status).toBe(404);
    expect((await w.c.otherAdmin.post('/api/worksheet/copy', { ids: [mon1], toDate: '2026-12-04' })).status).toBe(404);
    expect((await w.c.basicA.post('/api/worksheet/copy', { ids: [2147483647], toDate: '2026-12-04' })).status).toBe(404);
    expect(await total()).toBe(before);

    const lead = await w.c.leadA.post('/api/worksheet/copy', { ids: [mon1], toDate: '2026-12-04' });
    expectStatus(lead, 201);
    expect(lead.body.created[0]).toMatchObject({ username: 'cpbasica', createdBy: 'cpleada', date: '2026-12-04' });
    const leadB = await w.c.leadB.post('/api/worksheet/copy', { ids: [other], toDate: '2026-12-04' });
    expectStatus(leadB, 201);
  });

  it('limits and bad input: 501 ids, no target, both targets, a date outside 1900–2999', async () => {
    const before = await total();
    const many = await w.c.basicA.post('/api/worksheet/copy', { ids: Array.from({ length: 501 }, (_, i) => i + 1), toDate: '2026-12-05' });
    expectStatus(many, 400);
    expect(many.body.errorCodes?.ids).toEqual([{ code: 'COPY_TOO_MANY', params: { max: '500' } }]);
    expect((await w.c.basicA.post('/api/worksheet/copy', { ids: [mon1] })).status).toBe(400);
    expect((await w.c.basicA.post('/api/worksheet/copy', { ids: [mon1], toDate: '2026-12-05', toWeek: '2026-W49' })).status).toBe(400);
    expect((await w.c.basicA.post('/api/worksheet/copy', { ids: [mon1], toDate: '3000-01-01' })).status).toBe(400);
    expect((await w.c.basicA.post('/api/worksheet/copy', { ids: [mon1], toDate: '1899-12-31' })).status).toBe(400);
    expect((await w.c.basicA.post('/api/worksheet/copy', { ids: [mon1], toWeek: '2026-W54' })).status).toBe(400);
    expect((await w.c.basicA.post('/api/worksheet/copy', { ids: [], toDate: '2026-12-05' })).status).toBe(400);
    expect(await total()).toBe(before);
  });

  it('an inactive job refuses the whole copy with the entry named; nothing created', async () => {
    const before = await total();
    await app.db.updateTable('job').set({ active: false }).where('accountId', '=', w.accountId).where('code', '=', 'J-1001').execute();
    try {
      const res = await w.c.basicA.post('/api/worksheet/copy', { ids: [mon1, wed], toDate: '2026-12-10' });
      expectStatus(res, 400);
      expect(res.body).toMatchObject({ code: 'COPY_ENTRY_REFUSED', params: { id: String(mon1), date: '2026-11-16' } });
      expect(res.body.errorCodes).toEqual({ 'ids.0.jobCode': [{ code: 'CANNOT_BE', params: { field: 'Job', value: 'J-1001' } }] });
      expect(await total()).toBe(before);
    } finally {
      await app.db.updateTable('job').set({ active: true }).where('accountId', '=', w.accountId).where('code', '=', 'J-1001').execute();
    }
  });

  it('a day with exported entries of the owner is locked: 409, nothing created', async () => {
    const locked = await w.c.basicA.post('/api/worksheet/copy', { ids: [wed], toDate: '2026-12-11' });
    expectStatus(locked, 201);
    await app.db.updateTable('worksheetRecord').set({ exported: true }).where('id', '=', locked.body.created[0]!.id).execute();
    const before = await total();
    const res = await w.c.basicA.post('/api/worksheet/copy', { ids: [mon1, mon2], toDate: '2026-12-11' });
    expectStatus(res, 409);
    expect(res.body).toMatchObject({ code: 'COPY_TARGET_EXPORTED', params: { user: 'cpbasica', date: '2026-12-11' } });
    expect(await total()).toBe(before);
  });

  it('is idempotent: a retry with the same Idempotency-Key creates once', async () => {
    const body = { ids: [mon1, mon2], toDate: '2026-12-14' };
    const first = await w.c.basicA.request('POST', '/api/worksheet/copy', body, { 'Idempotency-Key': 'copy-1' });
    expectStatus(first, 201);
    const again = await w.c.basicA.request('POST', '/api/worksheet/copy', body, { 'Idempotency-Key': 'copy-1' });
    expectStatus(again, 201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body.created.map((r: { id: number }) => r.id)).toEqual(first.body.created.map((r: { id: number }) => r.id));
    expect(await count('cpbasica', '2026-12-14')).toBe(2);
  });

  it('the preview counts the entries the owners already have on the target days (issue 40 §5)', async () => {
    const empty = await w.c.basicA.post('/api/worksheet/copy', { ids: [wed], toDate: '2027-01-12', dryRun: true });
    expect(expectOk(empty).existing).toBe(0);
    // 2026-12-02 holds the two copies of Monday made above; another owner's entries there do not count.
    const busy = await w.c.basicA.post('/api/worksheet/copy', { ids: [wed], toDate: '2026-12-02', dryRun: true });
    expect(expectOk(busy).existing).toBe(2);
    // A week: each copy's own weekday of the target week (W50: Monday 7 Dec and Wednesday 9 Dec hold the week copied above).
    const week = await w.c.basicA.post('/api/worksheet/copy', { ids: [mon1, wed], toWeek: '2026-W50', dryRun: true });
    expect(expectOk(week).existing).toBe(3);
  });

  it('is a tRPC procedure too', async () => {
    const res = await w.c.basicA.post('/api/trpc/worksheet.copy', { ids: [wed], toDate: '2026-12-15', dryRun: true });
    expect(trpcData(res, 'worksheet.copy').preview).toHaveLength(1);
  });
});

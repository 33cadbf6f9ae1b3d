/**
 * The entry form's pickers search on the server (issue 9 point 4): a search answers at most its
 * `limit`, a limit above the maximum is refused, and the exact number comes first so that the
 * picker can look up the chosen unit with `limit: 1` however many others contain its number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MAX_LIMIT } from '../../src/shared/schemas/search';
import { expectStatus, trpcData, type ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';

let app: TestApp;
let basic: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  const accountId = await app.createAccount('PICK');
  await app.addUser(accountId, { username: 'pickbasic' });
  // 300 items and 300 resources whose numbers all contain "1": I0001 … I0300, and "1" itself.
  for (const table of ['item', 'resource'] as const) {
    const prefix = table === 'item' ? 'I' : 'R';
    await app.db
      .insertInto(table)
      .values([
        ...Array.from({ length: 300 }, (_, i) => ({ accountId, no: `${prefix}${String(i + 1).padStart(4, '0')}`, description: `Picker ${table} ${i + 1}` })),
        { accountId, no: '1', description: `The one ${table}` },
      ])
      .execute();
  }
  basic = await app.login('pickbasic');
});
afterAll(() => app?.close());

describe.each(['item', 'resource'] as const)('%s picker search', (area) => {
  it('answers at most `limit` matches, over REST and tRPC', async () => {
    const rest = await basic.get(`/api/${area}/search?q=picker&limit=50`);
    expectStatus(rest, 200);
    expect(rest.body).toHaveLength(50);
    const trpc = await basic.get(`/api/trpc/${area}.search?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { q: '', limit: 50 } }))}`);
    expectStatus(trpc, 200);
    expect(trpcData(trpc, `${area}.search`)).toHaveLength(50);
    // Fewer matches than the limit: all of them.
    expect((await basic.get(`/api/${area}/search?q=picker%20${area}%2029&limit=50`)).body).toHaveLength(11); // 29 and 290–299
  });

  it(`refuses a limit above ${SEARCH_MAX_LIMIT} with 400`, async () => {
    const res = await basic.get(`/api/${area}/search?q=&limit=${SEARCH_MAX_LIMIT + 1}`);
    expectStatus(res, 400);
    expect(res.body.errors?.limit).toBeDefined();
  });

  it('puts the exact number first, so that limit 1 finds a known number', async () => {
    const res = await basic.get(`/api/${area}/search?q=1&limit=1`);
    expect(res.body).toEqual([expect.objectContaining({ no: '1', description: `The one ${area}` })]);
    const prefix = area === 'item' ? 'I' : 'R';
    expect((await basic.get(`/api/${area}/search?q=${prefix.toLowerCase()}0001&limit=1`)).body).toEqual([expect.objectContaining({ no: `${prefix}0001` })]);
    // Otherwise by number.
    const rest = (await basic.get(`/api/${area}/search?q=1&limit=5`)).body as Array<{ no: string }>;
    expect(rest.map((r) => r.no)).toEqual(['1', `${prefix}0001`, `${prefix}0010`, `${prefix}0011`, `${prefix}0012`]);
  });
});

/*
 * Customers, jobs and locations are searched the same way (issue 9 point 4): the exact code first
 * (the picker looks the chosen code up with `limit: 1`), jobs filtered by bill-to customer and
 * customers by a job's bill-to customer, with `q` and `limit` applied on top.
 */
describe('customer, job and location picker search', () => {
  let client: ApiClient;
  beforeAll(async () => {
    const accountId = await app.createAccount('PICK2');
    await app.addUser(accountId, { username: 'pickcjl' });
    // "AC1" sorts before "C1" and contains it: only the exact-first order lets limit 1 find C1.
    await app.db
      .insertInto('customer')
      .values([
        { accountId, no: 'AC1', name: 'Contains C1' },
        { accountId, no: 'C1', name: 'Exact customer' },
        { accountId, no: 'C2', name: 'Other customer' },
      ])
      .execute();
    await app.db
      .insertInto('job')
      .values([
        ...Array.from({ length: 60 }, (_, i) => ({ accountId, code: `AJ${String(i + 1).padStart(2, '0')}`, description: `Roof ${i + 1}`, billToCustomerNo: 'C1' })),
        { accountId, code: 'J', description: 'Roof exact', billToCustomerNo: 'C2' },
      ])
      .execute();
    await app.db
      .insertInto('location')
      .values([
        { accountId, code: 'ALOC', name: 'Contains LOC' },
        { accountId, code: 'LOC', name: 'Exact location' },
      ])
      .execute();
    // Work types (decision 0176): 60 that contain "WT", and "WT" itself sorting after "AWT…".
    await app.db
      .insertInto('workType')
      .values([
        ...Array.from({ length: 60 }, (_, i) => ({ accountId, code: `AWT${String(i + 1).padStart(2, '0')}`, description: `Work ${i + 1}` })),
        { accountId, code: 'WT', description: 'Exact work type', unitOfMeasureCode: 'HOUR' },
      ])
      .execute();
    client = await app.login('pickcjl');
  });

  it('puts the exact code first, so that limit 1 finds a known code', async () => {
    expect((await client.get('/api/customer/search?q=c1&limit=1')).body).toEqual([expect.objectContaining({ no: 'C1' })]);
    expect((await client.get('/api/job/search?q=J&limit=1')).body).toEqual([expect.objectContaining({ code: 'J' })]);
    expect((await client.get('/api/location/search?q=loc&limit=1')).body).toEqual([expect.objectContaining({ code: 'LOC' })]);
    expect((await client.get('/api/worktype/search?q=wt&limit=1')).body).toEqual([expect.objectContaining({ code: 'WT', unitOfMeasureCode: 'HOUR' })]);
  });

  it('searches work types on the server within the limit', async () => {
    expect((await client.get('/api/worktype/search?q=work&limit=50')).body).toHaveLength(50);
    expect((await client.get('/api/worktype/search?q=work%204&limit=50')).body).toHaveLength(11); // 4 and 40–49
    expect((await client.get(`/api/worktype/search?q=&limit=${SEARCH_MAX_LIMIT + 1}`)).status).toBe(400);
  });

  it('filters jobs by customer and customers by job, within q and limit', async () => {
    const jobs = (await client.get('/api/job/search?q=roof&limit=50&customerNo=C1')).body as Array<{ code: string; billToCustomerNo: string }>;
    expect(jobs).toHaveLength(50);
    expect(jobs.every((j) => j.billToCustomerNo === 'C1')).toBe(true);
    expect((await client.get('/api/job/search?q=roof&limit=50&customerNo=C2')).body).toEqual([expect.objectContaining({ code: 'J' })]);
    expect((await client.get('/api/job/search?q=roof%204&limit=50&customerNo=C1')).body).toHaveLength(11); // 4 and 40–49
    expect((await client.get('/api/customer/search?q=&limit=50&jobCode=J')).body).toEqual([expect.objectContaining({ no: 'C2' })]);
    expect((await client.get('/api/customer/search?q=exact&limit=50&jobCode=J')).body).toEqual([]);
  });
});

/**
 * offline.masterData (issue 14 §2): the entry form's master data for the copy on the device, one
 * kind at a time in key-ordered pages. Only active records of the caller's own account; every
 * page continues after the previous page's last key (composite keys for tasks and units); bad
 * paging input is a clear 400; without a session 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_PAGE_MAX, type TOfflinePageInput } from '../../src/shared/schemas/offline';
import { expectStatus, type ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';

let app: TestApp;
let basic: ApiClient;

const url = (input: TOfflinePageInput) => `/api/trpc/offline.masterData?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`;

interface Page {
  kind: string;
  rows: Array<Record<string, unknown>>;
  next: string[] | null;
}

async function page(client: ApiClient, input: TOfflinePageInput): Promise<Page> {
  const res = await client.get(url(input));
  expectStatus(res, 200);
  return (res.body as Array<{ result: { data: Page } }>)[0]!.result.data;
}

/** Every page of one kind, as the client reads them. */
async function all(client: ApiClient, kind: TOfflinePageInput['kind'], limit: number): Promise<{ rows: Page['rows']; pages: number }> {
  const rows: Page['rows'] = [];
  let after: string[] | undefined;
  let pages = 0;
  for (;;) {
    const p = await page(client, { kind, limit, ...(after ? { after } : {}) });
    pages += 1;
    rows.push(...p.rows);
    if (!p.next) return { rows, pages };
    after = p.next;
  }
}

beforeAll(async () => {
  app = await startTestApp();
  const accountId = await app.createAccount('OFFL');
  await app.addUser(accountId, { username: 'offlbasic' });
  const other = await app.createAccount('OFFX');
  await app.db
    .insertInto('item')
    .values([
      ...Array.from({ length: 250 }, (_, i) => ({ accountId, no: `I${String(i + 1).padStart(4, '0')}`, description: `Item ${i + 1}` })),
      { accountId, no: 'IOLD', description: 'Inactive item', active: false },
      { accountId: other, no: 'IFOREIGN', description: 'Another account' },
    ])
    .execute();
  await app.db
    .insertInto('customer')
    .values([
      { accountId, no: 'C1', name: 'One' },
      { accountId, no: 'C2', name: 'Two' },
    ])
    .execute();
  await app.db
    .insertInto('job')
    .values([
      { accountId, code: 'J1', description: 'Job one', billToCustomerNo: 'C1' },
      { accountId, code: 'J2', description: 'Job two', billToCustomerNo: 'C2' },
    ])
    .execute();
  await app.db
    .insertInto('jobTask')
    .values([
      { accountId, jobCode: 'J1', code: 'T1', description: 'a' },
      { accountId, jobCode: 'J1', code: 'T2', description: 'b' },
      { accountId, jobCode: 'J2', code: 'T1', description: 'c' },
      { accountId, jobCode: 'J2', code: 'T3', description: 'd' },
      { accountId, jobCode: 'J2', code: 'T4', description: 'e', active: false },
    ])
    .execute();
  await app.db
    .insertInto('resource')
    .values([{ accountId, no: 'R1', description: 'Worker' }])
    .execute();
  await app.db
    .insertInto('unitOfMeasure')
    .values([
      { accountId, unitType: 'Item', unitNo: 'I0001', code: 'PCS', description: 'Pieces' },
      { accountId, unitType: 'Item', unitNo: 'I0001', code: 'BOX', description: 'Box' },
      { accountId, unitType: 'Item', unitNo: 'I0002', code: 'PCS', description: 'Pieces' },
      { accountId, unitType: 'Resource', unitNo: 'R1', code: 'HOUR', description: 'Hour' },
    ])
    .execute();
  basic = await app.login('offlbasic');
});
afterAll(() => app?.close());

describe('offline.masterData', () => {
  it('pages the active items of the own account in number order, each once', async () => {
    const { rows, pages } = await all(basic, 'item', 100);
    expect(pages).toBe(3);
    expect(rows).toHaveLength(250);
    const nos = rows.map((r) => r.no as string);
    expect(new Set(nos).size).toBe(250);
    expect(nos).toEqual([...nos].sort());
    expect(nos).not.toContain('IOLD');
    expect(nos).not.toContain('IFOREIGN');
  });

  it('continues after a composite key: job tasks by job then code, units by type, number, code', async () => {
    const tasks = await all(basic, 'jobTask', 1);
    expect(tasks.rows.map((r) => `${String(r.jobCode)}/${String(r.code)}`)).toEqual(['J1/T1', 'J1/T2', 'J2/T1', 'J2/T3']);
    const units = await all(basic, 'unit', 2);
    expect(units.rows.map((r) => `${String(r.unitType)}/${String(r.unitNo)}/${String(r.code)}`)).toEqual([
      'Item/I0001/BOX',
      'Item/I0001/PCS',
      'Item/I0002/PCS',
      'Resource/R1/HOUR',
    ]);
  });

  it('answers every kind the form picks from', async () => {
    const jobs = await page(basic, { kind: 'job' });
    expect(jobs).toMatchObject({ kind: 'job', next: null });
    expect(jobs.rows.map((j) => [j.code, j.billToCustomerNo])).toEqual([
      ['J1', 'C1'],
      ['J2', 'C2'],
    ]);
    expect((await page(basic, { kind: 'customer' })).rows.map((c) => c.no)).toEqual(['C1', 'C2']);
    expect((await page(basic, { kind: 'resource' })).rows.map((r) => r.no)).toEqual(['R1']);
    expect((await page(basic, { kind: 'location' })).rows).toEqual([]);
    expect((await page(basic, { kind: 'workType' })).rows).toEqual([]);
  });

  it('refuses bad paging input with 400 and a caller without a session with 401', async () => {
    for (const input of [{ kind: 'jobTask', after: ['J1'] }, { kind: 'unit', after: ['Other', 'x', 'y'] }, { kind: 'item', limit: OFFLINE_PAGE_MAX + 1 }, { kind: 'nothing' }]) {
      const res = await basic.get(url(input as TOfflinePageInput));
      expectStatus(res, 400);
    }
    expect((await app.anonymous().get(url({ kind: 'item' }))).status).toBe(401);
  });
});

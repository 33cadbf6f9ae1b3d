/**
 * Admin lists are keyset-paged on the server (issue 9, decision 0175): GET /api/item, /api/resource,
 * /api/customer, /api/job answer a bounded page, an RFC 8288 Link to the next one, search and sort
 * on the server; paging through everything yields every record exactly once, ties in the sort
 * column included; another account's records never appear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeAdminCursor } from '../../src/shared/admin-paging';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../src/shared/limits';
import { expectStatus, trpcData, type ApiClient, type ApiResponse } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';

let app: TestApp;
let admin: ApiClient;
let other: ApiClient;

/** 450 records per list; descriptions repeat in threes (ties), every tenth job has none. */
const N = 450;
const pad = (i: number) => String(i).padStart(4, '0');
const text = (i: number) => `Text ${String(Math.floor(i / 3)).padStart(3, '0')}${i % 7 === 0 ? ' special' : ''}`;

interface Area {
  procedure: 'item' | 'resource' | 'customer' | 'job';
  path: `/api/${Area['procedure']}`;
  key: string;
  textField: string;
}
const AREAS: Area[] = [
  { procedure: 'item', path: '/api/item', key: 'no', textField: 'description' },
  { procedure: 'resource', path: '/api/resource', key: 'no', textField: 'description' },
  { procedure: 'customer', path: '/api/customer', key: 'no', textField: 'name' },
  { procedure: 'job', path: '/api/job', key: 'code', textField: 'description' },
];

beforeAll(async () => {
  app = await startTestApp();
  const accountId = await app.createAccount('PAGE');
  const otherId = await app.createAccount('OTHERPAGE');
  // Inserted in a shuffled order, so that id order is not the key order.
  const order = Array.from({ length: N }, (_, i) => (i * 149) % N);
  for (const [acc, prefix] of [
    [accountId, 'K'],
    [otherId, 'X'],
  ] as const) {
    await app.db
      .insertInto('item')
      .values(order.map((i) => ({ accountId: acc, no: `${prefix}${pad(i)}`, description: text(i) })))
      .execute();
    await app.db
      .insertInto('resource')
      .values(order.map((i) => ({ accountId: acc, no: `${prefix}${pad(i)}`, description: text(i) })))
      .execute();
    await app.db
      .insertInto('customer')
      .values(order.map((i) => ({ accountId: acc, no: `${prefix}${pad(i)}`, name: text(i) })))
      .execute();
    await app.db
      .insertInto('job')
      .values(order.map((i) => ({ accountId: acc, code: `${prefix}${pad(i)}`, description: i % 10 === 0 ? null : text(i), billToCustomerNo: `${prefix}0001` })))
      .execute();
  }
  admin = await app.login('pageadmin');
  other = await app.login('otherpageadmin');
});
afterAll(() => app?.close());

type Row = Record<string, unknown>;

/** Follows the Link headers from `path` to the end. */
async function followLinks(client: ApiClient, path: string): Promise<{ pages: Row[][]; links: string[] }> {
  const pages: Row[][] = [];
  const links: string[] = [];
  let next: string | null = path;
  while (next) {
    if (pages.length > 100) throw new Error('too many pages');
    const res: ApiResponse = await client.get(next); // a Link target: any list of the document
    expectStatus(res, 200);
    expect(Array.isArray(res.body)).toBe(true);
    pages.push(res.body as Row[]);
    const link = res.headers.get('link');
    if (link) {
      const m = /^<([^>]+)>; rel="next"$/.exec(link);
      expect(m, link).not.toBeNull();
      next = m![1]!;
      links.push(next);
    } else next = null;
  }
  return { pages, links };
}

describe.each(AREAS)('$path paged', ({ procedure, path, key, textField }) => {
  const keys = (rows: Row[]) => rows.map((r) => r[key] as string);
  const allKeys = Array.from({ length: N }, (_, i) => `K${pad(i)}`);

  it('answers the default page size, and the Link headers chain to the end by key', async () => {
    const first = await admin.get(path);
    expectStatus(first, 200);
    expect(first.body).toHaveLength(PAGE_SIZE_DEFAULT);
    expect(first.headers.get('link')).toMatch(/^<\/api\/[a-z]+\?cursor=[A-Za-z0-9_-]+>; rel="next"$/);
    const { pages, links } = await followLinks(admin, `${path}?limit=100`);
    expect(pages.map((p) => p.length)).toEqual([100, 100, 100, 100, 50]);
    expect(links).toHaveLength(4);
    for (const link of links) expect(link).toContain('limit=100');
    expect(keys(pages.flat())).toEqual(allKeys);
  });

  it('pages by the text column with ties (either direction): every record exactly once, in order', async () => {
    for (const dir of ['asc', 'desc'] as const) {
      const { pages } = await followLinks(admin, `${path}?sort=text&dir=${dir}&limit=7`);
      const rows = pages.flat();
      expect(rows).toHaveLength(N);
      expect(new Set(keys(rows)).size).toBe(N);
      const textOf = (i: number) => (path === '/api/job' && i % 10 === 0 ? '' : text(i));
      const expected = Array.from({ length: N }, (_, i) => i)
        .sort((a, b) => (textOf(a) === textOf(b) ? a - b : textOf(a) < textOf(b) ? -1 : 1))
        .map((i) => `K${pad(i)}`);
      expect(keys(rows)).toEqual(dir === 'asc' ? expected : expected.reverse());
      expect(rows.map((r) => r[textField] ?? '')).toEqual(keys(rows).map((k) => textOf(Number(k.slice(1)))));
    }
  });

  it('searches on the server while paging, with the total on the first page (tRPC)', async () => {
    const { pages } = await followLinks(admin, `${path}?q=SPECIAL&limit=10`);
    const expected = allKeys.filter((_k, i) => i % 7 === 0 && !(path === '/api/job' && i % 10 === 0));
    expect(keys(pages.flat())).toEqual(expected);
    const input = encodeURIComponent(JSON.stringify({ 0: { q: 'special', limit: 10 } }));
    const trpc = await admin.get(`/api/trpc/${procedure}.list?batch=1&input=${input}`);
    expectStatus(trpc, 200);
    const page = trpcData(trpc, `${procedure}.list`);
    expect(page.rows).toHaveLength(10);
    expect(page.total).toBe(expected.length);
    expect(typeof page.nextCursor).toBe('string');
    const second = await admin.get(`/api/trpc/${procedure}.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { q: 'special', limit: 10, cursor: page.nextCursor } }))}`);
    const secondPage = trpcData(second, `${procedure}.list`);
    expect(secondPage.total).toBeNull();
    expect(keys(secondPage.rows)).toEqual(expected.slice(10, 20));
  });

  it('refuses a page above the maximum, a bad limit, and a tampered or foreign cursor with 400', async () => {
    expect((await admin.get(`${path}?limit=${PAGE_SIZE_MAX}`)).status).toBe(200);
    for (const limit of [PAGE_SIZE_MAX + 1, 0, -1, 'x']) expect((await admin.get(`${path}?limit=${limit}`)).status, String(limit)).toBe(400);
    const link = (await admin.get(`${path}?limit=5`)).headers.get('link')!;
    const cursor = /cursor=([^&>]+)/.exec(link)![1]!;
    for (const bad of [`${cursor.slice(0, -2)}`, `${cursor}A`, 'w1', 'not a cursor', Buffer.from('["a1","key","asc",null,""]').toString('base64url')]) {
      const res = await admin.get(`${path}?cursor=${encodeURIComponent(bad)}`);
      expectStatus(res, 400);
    }
    // A cursor of another order is refused rather than answered with a wrong page.
    expect((await admin.get(`${path}?cursor=${cursor}&sort=text`)).status).toBe(400);
    expect((await admin.get(`${path}?cursor=${cursor}&dir=desc`)).status).toBe(400);
    expect((await admin.get(`${path}?sort=size`)).status).toBe(400);
  });

  it("never shows another account's records, even from a cursor pointing into them", async () => {
    const { pages } = await followLinks(other, `${path}?limit=200`);
    const rows = pages.flat();
    expect(rows).toHaveLength(N);
    expect(rows.every((r) => (r[key] as string).startsWith('X'))).toBe(true);
    const intoOther = encodeAdminCursor({ sort: 'key', dir: 'asc', text: null, key: 'X0100' });
    const res = await admin.get(`${path}?cursor=${intoOther}&limit=${PAGE_SIZE_MAX}`);
    expectStatus(res, 200);
    expect(res.body).toHaveLength(0);
    expect(res.headers.get('link')).toBeNull();
  });
});

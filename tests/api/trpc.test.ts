/**
 * The `/api/trpc` endpoint (src/server/http/trpc-handler.ts) through the real HTTP server: the wire
 * format of @trpc/client's httpBatchLink, the batch cap, the shared body limit, cookies and the
 * error shape the React client reads (`data.httpStatus`, `data.errors`).
 */
import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../../src/server/routers/app';
import { JSON_BODY_MAX_BYTES } from '../../src/shared/limits';
import { TRPC_MAX_BATCH } from '../../src/shared/limits';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/server';
import { seedMasterData } from '../../db/seed/demo';
import { expectStatus, type ApiClient } from '../helpers/client';

let app: TestApp;
let accountId: number;
let admin: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  accountId = await app.createAccount('TRPC');
  await seedMasterData(app.db, accountId);
  admin = await app.login('trpcadmin');
});
afterAll(() => app?.close());

const input = (v: unknown) => encodeURIComponent(JSON.stringify(v));

/** The real client, with a cookie jar of one cookie, as the browser would do it. */
function realClient(link: typeof httpBatchLink | typeof httpLink = httpBatchLink) {
  const jar = { cookie: '' };
  const client = createTRPCClient<AppRouter>({
    links: [
      link({
        url: `${app.url}/api/trpc`,
        fetch: async (url, init) => {
          const headers = new Headers(init?.headers as HeadersInit | undefined);
          headers.set('Origin', app.url);
          if (jar.cookie) headers.set('Cookie', jar.cookie);
          const res = await fetch(url, { ...(init as RequestInit), headers });
          for (const c of res.headers.getSetCookie()) {
            const pair = c.split(';')[0]!;
            if (pair.startsWith('webtid_session=')) jar.cookie = /Max-Age=0/i.test(c) ? '' : pair;
          }
          return res;
        },
      }),
    ],
  });
  return { client, jar };
}

describe('tRPC endpoint', () => {
  it('serves the real client: login sets the cookie, batched queries, a mutation, logout clears it', async () => {
    const { client, jar } = realClient();
    await expect(client.user.info.query()).rejects.toMatchObject({ data: { httpStatus: 401 } });
    await client.user.login.mutate({ username: 'trpcadmin', password: TEST_PASSWORD });
    expect(jar.cookie).toMatch(/^webtid_session=/);
    // Three queries in one tick go out as one batch request.
    const [info, items, jobs] = await Promise.all([client.user.info.query(), client.item.search.query({ q: 'pipe' }), client.job.search.query({ customerNo: 'C1000' })]);
    expect(info).toMatchObject({ username: 'trpcadmin', accountId });
    expect(items.map((i) => i.no)).toEqual(['1200']);
    expect(jobs.map((j) => j.code)).toEqual(['J-1001', 'J-1002']);
    const created = await client.location.create.mutate({ code: 'TRPCLOC' });
    expect(created).toMatchObject({ code: 'TRPCLOC' });
    await client.user.logout.mutate();
    expect(jar.cookie).toBe('');
    await expect(client.user.info.query()).rejects.toBeInstanceOf(TRPCClientError);
  });

  it('works unbatched (httpLink) too', async () => {
    const { client } = realClient(httpLink);
    await client.user.login.mutate({ username: 'trpcadmin', password: TEST_PASSWORD });
    expect(await client.user.info.query()).toMatchObject({ username: 'trpcadmin' });
  });

  it('answers a mixed batch with 207 and the error shape the client reads', async () => {
    const res = await admin.get(`/api/trpc/user.info,item.search,item.single?batch=1&input=${input({ 1: { q: 'x'.repeat(200) }, 2: { no: 'NOPE' } })}`);
    expectStatus(res, 207);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [ok, invalid, missing] = res.body as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- loosely typed JSON
    expect(ok).toMatchObject({ result: { data: { username: 'trpcadmin' } } });
    expect(invalid).toMatchObject({ error: { data: { code: 'BAD_REQUEST', httpStatus: 400, errors: { q: [expect.any(String)] } } } });
    expect(missing).toMatchObject({ error: { data: { code: 'NOT_FOUND', httpStatus: 404 } } });
  });

  it('answers one status when all calls agree, and unknown procedures with 404', async () => {
    const res = await admin.get(`/api/trpc/item.search,customer.search?batch=1&input=${input({ 0: {}, 1: {} })}`);
    expectStatus(res, 200);
    expect(res.body).toHaveLength(2);
    const unknown = await admin.get('/api/trpc/nope.nothing?batch=1&input=%7B%7D');
    expectStatus(unknown, 404);
    expect(unknown.body).toMatchObject([{ error: { data: { code: 'NOT_FOUND', httpStatus: 404 } } }]);
  });

  it(`refuses a batch of more than ${TRPC_MAX_BATCH} calls with 400`, async () => {
    const ok = await admin.get(`/api/trpc/${Array(TRPC_MAX_BATCH).fill('user.info').join(',')}?batch=1&input=%7B%7D`);
    expectStatus(ok, 200);
    const res = await admin.get(
      `/api/trpc/${Array(TRPC_MAX_BATCH + 1)
        .fill('user.info')
        .join(',')}?batch=1&input=%7B%7D`,
    );
    expectStatus(res, 400);
    // A request-level error is one object, which httpBatchLink hands to every call.
    expect(res.body).toMatchObject({ error: { data: { code: 'BAD_REQUEST', httpStatus: 400 } } });
  });

  it('an over-long batch from the real client fails every call with 400', async () => {
    const { client } = realClient();
    const settled = await Promise.allSettled(Array.from({ length: TRPC_MAX_BATCH + 1 }, () => client.item.search.query({})));
    expect(settled.every((r) => r.status === 'rejected' && (r.reason as TRPCClientError<AppRouter>).data?.httpStatus === 400)).toBe(true);
  });

  it('refuses queries by POST and mutations by GET (405), and malformed input (400)', async () => {
    expect((await admin.post('/api/trpc/user.info?batch=1', {})).status).toBe(405);
    expect((await admin.get('/api/trpc/user.logout?batch=1&input=%7B%7D')).status).toBe(405);
    const bad = await admin.get('/api/trpc/item.search?batch=1&input=%7Bnot-json');
    expectStatus(bad, 400);
    const notObject = await admin.get(`/api/trpc/item.search?batch=1&input=${input([1])}`);
    expectStatus(notObject, 400);
  });

  it("has the REST path's body limit (413 above it), and refuses other content types (415)", async () => {
    const big = JSON.stringify({ 0: { entries: [], mode: 'ALL', pad: 'x'.repeat(JSON_BODY_MAX_BYTES) } });
    const res = await admin.request('POST', '/api/trpc/location.create?batch=1', big);
    expectStatus(res, 413);
    expect(res.body).toMatchObject({ error: { data: { httpStatus: 413 } } });
    const rest = await admin.raw('POST', '/api/location', big); // deliberately over the limit
    expectStatus(rest, 413);
    const text = await admin.request('POST', '/api/trpc/location.create?batch=1', 'x', { 'Content-Type': 'text/plain' });
    expectStatus(text, 415);
  });

  it('refuses a wrong API key with 401 even for a batch', async () => {
    const res = await app.anonymous({ origin: null }).request('GET', '/api/trpc/user.info,item.search?batch=1&input=%7B%7D', undefined, { 'X-Api-Key': 'wrong' });
    expectStatus(res, 401);
    expect(res.body).toMatchObject([{ error: { data: { httpStatus: 401, appCode: 'INVALID_API_KEY' } } }, { error: { data: { httpStatus: 401, appCode: 'INVALID_API_KEY' } } }]);
  });
});

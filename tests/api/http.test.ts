import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/server';

let app: TestApp;
let key: string;

beforeAll(async () => {
  app = await startTestApp();
  const accountId = await app.createAccount('HTTP');
  const rows = Array.from({ length: 400 }, (_, i) => ({ accountId, no: `N${1000 + i}`, description: `Item number ${i} with a description long enough` }));
  await app.db.insertInto('item').values(rows).execute();
  key = (await app.apiKeyClient(accountId)).key;
});
afterAll(() => app?.close());

/** Raw GET, so that we see the bytes on the wire (fetch would decompress silently). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((ok, fail) => {
    const req = request(app.url + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('compression of large JSON answers', () => {
  it('gzips a large REST list for clients that accept it, and not for others', async () => {
    // The list is paged (decision 0175): one page of 400.
    const gz = await rawGet('/api/item?limit=400', { 'X-Api-Key': key, 'Accept-Encoding': 'gzip, deflate, br' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    const list = JSON.parse(gunzipSync(gz.body).toString('utf8')) as unknown[];
    expect(list).toHaveLength(400);
    const plain = await rawGet('/api/item?limit=400', { 'X-Api-Key': key });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8'))).toHaveLength(400);
    expect(gz.body.length).toBeLessThan(plain.body.length / 3);
  });

  it('gzips large tRPC answers and keeps error statuses', async () => {
    const gz = await rawGet('/api/trpc/item.list', { 'X-Api-Key': key, 'Accept-Encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toMatchObject({ result: { data: { rows: expect.any(Array) } } });
    const denied = await rawGet('/api/trpc/item.list', { 'Accept-Encoding': 'gzip' });
    expect(denied.status).toBe(401);
    expect(denied.headers['content-encoding']).toBeUndefined();
  });
});

import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, MULTIPART_MAX_FIELD_BYTES, TRPC_MAX_BATCH } from '../../src/shared/limits';
import { ApiClient, expectOk, expectStatus, problemOf } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';
import { form, itemEntry, png, setUpWorld, type WorksheetWorld } from './worksheet-fixtures';

/**
 * Issue 8 (HTTP layer) and issue 13 §3: caller first, no request crashes the process, bounded
 * work, headers, CSRF after authentication, request ids. Runs on PGlite and PostgreSQL.
 */
let app: TestApp;
let w: WorksheetWorld;
let port: number;

beforeAll(async () => {
  app = await startTestApp();
  w = await setUpWorld(app, 'hd');
  port = Number(new URL(app.url).port);
});
afterAll(() => app?.close());

/**
 * Sends only the request head (announcing `contentLength` bytes of body that never come) on a raw
 * socket, and resolves with what the server answers within `timeoutMs` — or '' if it waits for the body.
 */
function headOnly(head: string, timeoutMs = 4000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(data);
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(data);
    };
    socket.on('data', (d: Buffer) => {
      data += d.toString('latin1');
      // a whole answer: chunked and ended, or as long as its Content-Length
      if (data.includes('\r\n\r\n') && data.endsWith('0\r\n\r\n')) done();
      const len = /content-length: (\d+)/i.exec(data)?.[1];
      if (len && data.length - data.indexOf('\r\n\r\n') - 4 >= Number(len)) done();
    });
    socket.on('close', done);
    socket.on('error', (e) => {
      clearTimeout(timer);
      if (data) resolve(data);
      else reject(e);
    });
    socket.write(head);
  });
}

const BOUNDARY = 'hardening-boundary';
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;
const part = (disposition: string, value: string, type?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${value}\r\n`;
const multipart = (...parts: string[]) => parts.join('') + `--${BOUNDARY}--\r\n`;

describe('caller first: a refused caller is answered before the body is read', () => {
  it('an anonymous 15 MB multipart upload gets 401 from its headers alone, and the connection closes', async () => {
    const answer = await headOnly(`POST /api/worksheet HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${multipartType}\r\nContent-Length: ${ATTACHMENT_MAX_BYTES}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toMatch(/"requestId":"[0-9a-f]+"/);
  });

  it('a Basic user sending a body to an Admin path gets 403 without sending the body', async () => {
    const answer = await headOnly(
      `POST /api/location HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${app.url}\r\nCookie: ${w.c.basicA.cookie}\r\nContent-Type: application/json\r\nContent-Length: 500000\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
  });

  it("an anonymous tRPC mutation gets 401 in tRPC's shape without its body being read", async () => {
    const answer = await headOnly(`POST /api/trpc/worksheet.delete HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 900000\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('"httpStatus":401');
  });

  it('an anonymous download (raw route) gets 401 without its body being read', async () => {
    const answer = await headOnly(`POST /api/worksheet/download HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 900000\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('login stays public', async () => {
    const res = await app.anonymous().post('/api/user/login', { username: 'hdbasica', password: 'wrong-password' });
    expectStatus(res, 401);
    expect(res.body).toMatchObject({ code: 'AUTH_FAILED', detail: 'User authentication failed' }); // spec §8's text
  });
});

describe('no request crashes the process: malformed multipart is a 400/413', () => {
  // hand-made (and deliberately broken) multipart text
  const send = (body: string, type = multipartType, client = w.c.basicA) => client.raw('POST', '/api/worksheet', body, { 'Content-Type': type });

  it.each([
    ['an empty part name', multipart(part('; name=""', 'x'))],
    ['a field without a name', multipart(part('', 'x'))],
    ['a file part without a name', multipart(part('; filename="a.png"', 'PNGDATA', 'image/png'))],
    ['a file part with an empty name', multipart(part('; name=""; filename="a.png"', 'PNGDATA', 'image/png'))],
    ['a truncated body', multipart(part('; name="description"', 'x')).slice(0, 60)],
  ])('%s → 400', async (_name, body) => {
    const res = await send(body);
    expectStatus(res, 400);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
  });

  it('a missing boundary → 400', async () => {
    expect((await send(multipart(part('; name="a"', 'x')), 'multipart/form-data')).status).toBe(400);
  });

  it('a field over its limit → 413', async () => {
    expect((await send(multipart(part('; name="description"', 'x'.repeat(MULTIPART_MAX_FIELD_BYTES + 10))))).status).toBe(413);
  });

  it('the anonymous variant of the crash is refused 401 before its body is read', async () => {
    expect((await send(multipart(part('; name=""', 'x')), multipartType, app.anonymous())).status).toBe(401);
  });

  it('the server still answers after all of that', async () => {
    expect((await w.c.basicA.get('/api/user/info')).status).toBe(200);
  });
});

describe('uploads', () => {
  it('keeps a UTF-8 file name ("Tilbud æøå.png")', async () => {
    const res = await w.c.basicA.request('POST', '/api/worksheet', form(itemEntry(), [{ name: 'Tilbud æøå.png', data: await png() }]));
    expectStatus(res, 201);
    expect(res.body.attachments[0]!.fileName).toBe('Tilbud æøå.png');
  });

  it('accepts a file of exactly the limit (15 728 640 bytes)', async () => {
    const exact = new Uint8Array(ATTACHMENT_MAX_BYTES);
    exact.set(await png());
    const res = await w.c.basicA.request('POST', '/api/worksheet', form(itemEntry(), [{ name: 'exact.png', data: exact }]));
    expectStatus(res, 201);
    const row = await app.db.selectFrom('attachment').select('size').where('worksheetId', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.size).toBe(ATTACHMENT_MAX_BYTES);
  }, 60_000);
});

describe('encoding', () => {
  it.each(['/api/worksheet/%ff', '/api/attachment/%zz/1', '/api/worksheet/%E0%A4%A'])('%s → 400 problem', async (path) => {
    const res = await w.c.basicA.get(path);
    expectStatus(res, 400);
    expect(problemOf(res).code).toBe('BAD_ENCODING');
  });
});

describe('bounded work', () => {
  const batch = (n: number) => `/api/trpc/${Array.from({ length: n }, () => 'user.info').join(',')}?batch=1`;

  it(`a tRPC batch of more than ${TRPC_MAX_BATCH} calls is refused 400 before any runs`, async () => {
    const res = await w.c.basicA.get(batch(TRPC_MAX_BATCH + 1));
    expectStatus(res, 400);
    // tRPC's own shape: one request-level error, which the client's httpBatchLink gives every call
    expect(res.body).toMatchObject({ error: { data: { code: 'BAD_REQUEST', httpStatus: 400, appCode: 'TOO_MANY_CALLS', params: { max: String(TRPC_MAX_BATCH) } } } });
    // 1 000 calls do not even fit the URL limit
    expect([400, 414]).toContain((await w.c.basicA.get(batch(1000))).status);
  });

  it(`a batch of ${TRPC_MAX_BATCH} runs`, async () => {
    const res = await w.c.basicA.get(batch(TRPC_MAX_BATCH));
    expectStatus(res, 200);
    expect(res.body).toHaveLength(TRPC_MAX_BATCH);
  });

  it('a JSON body over 1 MB is refused 413 on REST and on tRPC alike', async () => {
    const big = JSON.stringify({ code: 'x'.repeat(1024 * 1024 + 10) });
    // deliberately over the limit
    expect((await w.c.admin.raw('POST', '/api/location', big)).status).toBe(413);
    expect((await w.c.admin.raw('POST', '/api/trpc/location.create', big)).status).toBe(413);
  });
});

describe('headers', () => {
  it('Cache-Control: no-store on authenticated JSON, REST and tRPC (also when gzipped)', async () => {
    expect((await w.c.basicA.get('/api/user/info')).headers.get('cache-control')).toBe('no-store');
    expect((await w.c.basicA.get('/api/trpc/user.info')).headers.get('cache-control')).toBe('no-store');
    const gz = await fetch(`${app.url}/api/trpc/worksheet.list?input=${encodeURIComponent(JSON.stringify({ mode: 'YOURS' }))}`, {
      headers: { Cookie: w.c.admin.cookie!, 'Accept-Encoding': 'gzip' },
    });
    expect(gz.headers.get('cache-control')).toBe('no-store');
  });

  it('attachments are private, no-store', async () => {
    const created = await w.c.basicA.request('POST', '/api/worksheet', form(itemEntry(), [{ name: 'a.png', data: await png() }]));
    const att = expectOk(created).attachments[0]!;
    const res = await fetch(`${app.url}/api/attachment/${expectOk(created).id}/${att.id}`, { headers: { Cookie: w.c.basicA.cookie! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('HSTS when a trusted proxy says https, not over plain http', async () => {
    const viaProxy = await w.c.basicA.request('GET', '/api/user/info', undefined, { 'X-Forwarded-Proto': 'https' });
    expect(viaProxy.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect((await w.c.basicA.get('/api/user/info')).headers.get('strict-transport-security')).toBeNull();
  });

  it('every answer has an X-Request-Id, and a problem carries the same id', async () => {
    const res = await w.c.basicA.get('/api/no-such-path');
    expectStatus(res, 404);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
    expect(problemOf(res).requestId).toBe(res.headers.get('x-request-id'));
  });
});

describe('X-Forwarded-* from an untrusted peer (TRUST_PROXY=false)', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp({ env: { TRUST_PROXY: 'false' } });
  });
  afterAll(() => plain?.close());

  it('no HSTS and no Secure cookie for a forged X-Forwarded-Proto', async () => {
    const accountId = await plain.createAccount('PLAIN');
    void accountId;
    const res = await plain.anonymous().request('POST', '/api/user/login', { username: 'plainadmin', password: 'Test-pass-1' }, { 'X-Forwarded-Proto': 'https' });
    expectStatus(res, 200);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.getSetCookie().join()).not.toMatch(/Secure/);
  });

  it('a forged X-Forwarded-Host does not pass the Origin check', async () => {
    const c = await plain.login('plainadmin');
    const res = await fetch(`${plain.url}/api/location`, {
      method: 'POST',
      headers: { Cookie: c.cookie!, Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: 'X1', description: 'x' }),
    });
    expect(res.status).toBe(403);
  });
});

describe('CSRF after authentication (issue 13 §3)', () => {
  const staleCookie = 'webtid_session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

  it('the API key is not subject to the cookie CSRF check, even with a stray cookie and no Origin', async () => {
    const { key } = await app.apiKeyClient(w.accountId);
    const res = await fetch(`${app.url}/api/location`, {
      method: 'POST',
      headers: { 'X-Api-Key': key, Cookie: staleCookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: 'CSRFKEY' }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  });

  it('an expired or unknown session cookie without Origin answers 401, not 403', async () => {
    const res = await fetch(`${app.url}/api/location`, {
      method: 'POST',
      headers: { Cookie: staleCookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: 'NOPE', description: 'x' }),
    });
    expect(res.status).toBe(401);
  });

  it('a live session cookie without Origin is still refused 403', async () => {
    const res = await fetch(`${app.url}/api/location`, {
      method: 'POST',
      headers: { Cookie: w.c.admin.cookie!, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: 'NOPE2', description: 'x' }),
    });
    expect(res.status).toBe(403);
  });

  it('a wrong API key is 401 even with a live cookie', async () => {
    const c = new ApiClient(app.url, { apiKey: 'wrong-key' });
    c.cookie = w.c.admin.cookie;
    expect((await c.get('/api/user/info')).status).toBe(401);
  });
});

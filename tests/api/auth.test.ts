import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { hashToken } from '../../src/server/auth/tokens';
import { ApiClient, expectStatus, fieldCodes } from '../helpers/client';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/server';

let app: TestApp;
let accountId: number;

beforeAll(async () => {
  app = await startTestApp();
  accountId = await app.createAccount('AUTH', 'authadmin');
  await app.addUser(accountId, { username: 'Worker', profileType: 'Basic', teamCode: 'A' });
  await app.addUser(accountId, { username: 'sleeper', active: false });
  await app.addUser(accountId, { username: 'victim' });
  await app.addUser(accountId, { username: 'csrfuser' });
});
afterAll(() => app?.close());

const login = (c: ApiClient, username: string, password: string, remember?: boolean) =>
  c.post('/api/user/login', remember === undefined ? { username, password } : { username, password, remember });

describe('login', () => {
  it('logs in with the right password, case-insensitively, and sets a safe cookie', async () => {
    const c = app.anonymous();
    const res = await login(c, 'worker', TEST_PASSWORD);
    expectStatus(res, 200);
    const cookie = res.headers.getSetCookie().find((s) => s.startsWith('webtid_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Expires=/); // remember defaults to true
    expect(cookie).not.toMatch(/Secure/); // plain http here
    const info = await c.get('/api/user/info');
    expectStatus(info, 200);
    expect(info.body).toMatchObject({ username: 'Worker', accountId, accountName: 'AUTH A/S', profileType: 'Basic', languageCode: 'ENU', resourceUnits: 'Time', teamCode: 'A' });
  });

  it('sets Secure behind an https proxy', async () => {
    const res = await app.anonymous().request('POST', '/api/user/login', { username: 'worker', password: TEST_PASSWORD }, { 'X-Forwarded-Proto': 'https' });
    expect(res.headers.getSetCookie().join()).toMatch(/Secure/);
  });

  it('without remember me gives a browser-session cookie and a 12 h server session', async () => {
    const c = app.anonymous();
    const res = await login(c, 'worker', TEST_PASSWORD, false);
    expectStatus(res, 200);
    const cookie = res.headers.getSetCookie().find((s) => s.startsWith('webtid_session='))!;
    expect(cookie).not.toMatch(/Expires=|Max-Age/);
    const token = cookie.split(';')[0]!.split('=')[1]!;
    const row = await app.db.selectFrom('session').select(['expiresAt', 'remember']).where('id', '=', hashToken(token)).executeTakeFirstOrThrow();
    expect(row.remember).toBe(false);
    const hours = (row.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const wrong = await login(app.anonymous(), 'worker', 'nope-nope');
    const unknown = await login(app.anonymous(), 'no-such-user', 'nope-nope');
    expectStatus(wrong, 401);
    expectStatus(unknown, 401);
    expect({ ...wrong.body, requestId: 'x' }).toEqual({ ...unknown.body, requestId: 'x' }); // the request id differs per request
    expect(wrong.body).toMatchObject({ status: 401, code: 'AUTH_FAILED', detail: 'User authentication failed' }); // spec §8's text
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('locks the user out after 5 failures, even for the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await login(app.anonymous(), 'victim', 'bad-password')).status).toBe(401);
    const res = await login(app.anonymous(), 'victim', TEST_PASSWORD);
    expectStatus(res, 401);
    // Spec §8's detail exactly; the wait is a param and Retry-After (issue 37 §4).
    expect(res.body).toMatchObject({ detail: 'User is locked out', code: 'LOCKED_OUT', params: { minutes: '15' } });
    expect(res.headers.get('retry-after')).toBe(String(15 * 60));
    // after the lock expires the right password works again
    await app.db
      .updateTable('loginThrottle')
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where('usernameKey', '=', 'victim')
      .execute();
    expect((await login(app.anonymous(), 'victim', TEST_PASSWORD)).status).toBe(200);
  });

  it('refuses inactive users and expired accounts', async () => {
    const res = await login(app.anonymous(), 'sleeper', TEST_PASSWORD);
    expectStatus(res, 401);
    expect(res.body).toMatchObject({ code: 'NOT_ALLOWED_TO_LOGIN', detail: 'User not allowed to log in' }); // spec §8's text
    const other = await app.createAccount('OLD', 'oldadmin');
    await app.db.updateTable('account').set({ expirationDate: '2020-01-01' }).where('id', '=', other).execute();
    const expired = await login(app.anonymous(), 'oldadmin', TEST_PASSWORD);
    expectStatus(expired, 401);
    expect(expired.body).toMatchObject({ code: 'NOT_ALLOWED_TO_LOGIN', detail: 'User not allowed to log in' }); // spec §8's text
  });

  it('answers 400 problem+json with per-field errors for bad input', async () => {
    const res = await app.anonymous().raw('POST', '/api/user/login', { username: '', password: 42 }); // deliberately a number
    expectStatus(res, 400);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400, code: 'VALIDATION' });
    expect(fieldCodes(res.body).username).toEqual(['REQUIRED']);
    expect(res.body.errors?.password).toBeDefined();
    const malformed = await app.anonymous().raw('POST', '/api/user/login', '{"username":', { 'Content-Type': 'application/json' }); // deliberately malformed JSON
    expectStatus(malformed, 400);
    expect(malformed.body.code).toBe('MALFORMED_JSON');
  });

  it('stores only a hash of the session token', async () => {
    const c = await app.login('worker');
    const token = c.cookie!.split('=')[1]!;
    const plain = await app.db.selectFrom('session').select('id').where('id', '=', token).executeTakeFirst();
    expect(plain).toBeUndefined();
    const hashed = await app.db.selectFrom('session').select('id').where('id', '=', hashToken(token)).executeTakeFirst();
    expect(hashed).toBeDefined();
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM session WHERE id LIKE ${'%' + token + '%'}`.execute(app.db);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('sessions', () => {
  it('answers 401 without a session', async () => {
    const res = await app.anonymous().get('/api/user/info');
    expectStatus(res, 401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('logout ends the session on the server', async () => {
    const c = await app.login('worker');
    const cookie = c.cookie;
    expect((await c.get('/api/user/logout')).status).toBe(200);
    expect(c.cookie).toBeNull();
    const stale = app.anonymous();
    stale.cookie = cookie;
    expect((await stale.get('/api/user/info')).status).toBe(401);
  });

  it('an expired session is refused and removed', async () => {
    const c = await app.login('worker');
    const id = hashToken(c.cookie!.split('=')[1]!);
    await app.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect((await c.get('/api/user/info')).status).toBe(401);
    expect(await app.db.selectFrom('session').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('slides the expiry of a remembered session past half its life', async () => {
    const c = await app.login('worker');
    const id = hashToken(c.cookie!.split('=')[1]!);
    const soon = new Date(Date.now() + 2 * 24 * 3_600_000);
    await app.db.updateTable('session').set({ expiresAt: soon }).where('id', '=', id).execute();
    const res = await c.get('/api/user/info');
    expectStatus(res, 200);
    expect(res.headers.getSetCookie().join()).toMatch(/Expires=/);
    const row = await app.db.selectFrom('session').select('expiresAt').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3_600_000);
  });

  it('ends the session of a user who is deactivated', async () => {
    const c = await app.login('csrfuser');
    await app.db.updateTable('appUser').set({ active: false }).where('username', '=', 'csrfuser').execute();
    expect((await c.get('/api/user/info')).status).toBe(401);
    await app.db.updateTable('appUser').set({ active: true }).where('username', '=', 'csrfuser').execute();
  });
});

describe('CSRF', () => {
  it('refuses a state-changing request from a foreign origin', async () => {
    const c = new ApiClient(app.url, { origin: 'https://evil.example' });
    const res = await c.post('/api/user/login', { username: 'worker', password: TEST_PASSWORD });
    expectStatus(res, 403);
    expect(res.body.code).toBe('CSRF');
  });

  it('refuses a cookie-carrying state-changing request without an Origin', async () => {
    const c = await app.login('worker');
    const noOrigin = new ApiClient(app.url, { origin: null });
    noOrigin.cookie = c.cookie;
    const res = await noOrigin.post('/api/trpc/user.logout', {});
    expectStatus(res, 403);
    // the same request with the right Origin goes through
    expect((await c.post('/api/trpc/user.logout', {})).status).toBe(200);
  });
});

describe('API key', () => {
  it('is accepted in X-Api-Key and as a Bearer token, with admin rights in its account', async () => {
    const { client, key } = await app.apiKeyClient(accountId);
    const res = await client.get('/api/user/info');
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ accountId, profileType: 'Admin', username: 'API' });
    const bearer = await app.anonymous({ origin: null }).request('GET', '/api/user/info', undefined, { Authorization: `Bearer ${key}` });
    expectStatus(bearer, 200);
  });

  it('refuses a wrong key', async () => {
    const c = new ApiClient(app.url, { apiKey: 'wt_wrongwrongwrong', origin: null });
    const res = await c.get('/api/user/info');
    expectStatus(res, 401);
    expect(res.body.code).toBe('INVALID_API_KEY');
    const trpc = await c.get('/api/trpc/user.info');
    expectStatus(trpc, 401);
  });

  it('stores no usable key in the database', async () => {
    const { key } = await app.apiKeyClient(accountId);
    const row = await app.db.selectFrom('account').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key);
  });
});

describe('HTTP surface', () => {
  it('answers 404 problem+json for an unknown /api path and 405 for a wrong method', async () => {
    const res = await app.anonymous().get('/api/does-not-exist');
    expectStatus(res, 404);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect(res.body).toMatchObject({ status: 404, title: 'Not Found' });
    const wrong = await app.anonymous().del('/api/user/login', {});
    expectStatus(wrong, 405);
  });

  it('serves /healthz with the database reachable', async () => {
    const res = await app.anonymous().get('/healthz');
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ status: 'ok' });
  });

  it('serves the message catalogues', async () => {
    const en = await app.anonymous().get('/locales/en.json');
    const da = await app.anonymous().get('/locales/da.json');
    expectStatus(en, 200);
    expectStatus(da, 200);
    expect(da.body).toBeTypeOf('object');
    expect(Object.keys(da.body as object).length).toBeGreaterThan(10);
    expect(Object.keys(da.body as object).sort()).toEqual(Object.keys(en.body as object).sort());
  });

  it('publishes an OpenAPI 3.1 document with the auth paths and a docs page', async () => {
    const res = await app.anonymous().get('/api/openapi.json');
    expectStatus(res, 200);
    // the document itself is not described in the document
    type Op = { requestBody?: { content: Record<string, { schema: { properties: object } }> }; responses: Record<string, unknown> };
    const doc = res.body as { openapi: string; paths: Record<string, Record<string, Op>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/user/login']?.post?.requestBody?.content['application/json']?.schema.properties).toHaveProperty('username');
    expect(doc.paths['/api/user/info']?.get?.responses['200']).toBeDefined();
    expect(doc.paths['/api/user/logout']?.get).toBeDefined();
    const docs = await app.anonymous().get('/api/docs');
    expectStatus(docs, 200);
    expect(docs.text).toContain('NS-Webtid API');
  });
});

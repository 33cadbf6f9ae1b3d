import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_USERNAME } from '../../src/shared/limits';
import { expectStatus, type ApiClient } from '../helpers/client';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/server';

/** Spec §8's sentences (asserted in English because the spec names them), beside their codes. */
const AUTH_FAILED = { code: 'AUTH_FAILED', detail: 'User authentication failed' };
const LOCKED_OUT = { code: 'LOCKED_OUT', detail: 'User is locked out' };
const is = (a: Answer, want: typeof AUTH_FAILED) => a.body.code === want.code && a.body.detail === want.detail;

/*
 * Issue 8 §3 and §8: login throttling that is counted before the password is verified (batched and
 * parallel guesses count), scoped per username + client address with a per-username ceiling; and
 * the account always keeps an active Admin.
 */
let app: TestApp;
let accountId: number;

beforeAll(async () => {
  app = await startTestApp();
  accountId = await app.createAccount('HA', 'haadmin');
}, 120_000);
afterAll(() => app?.close());

interface Answer {
  status: number;
  body: { detail?: string; code?: string } & Record<string, unknown>;
  cookies: string[];
}

/**
 * POST a JSON body from a chosen local address: 127.0.0.x are all loopback on Linux, so the
 * server sees different client addresses without any proxy header.
 */
function postFrom(localAddress: string, path: string, body: unknown): Promise<Answer> {
  const url = new URL(app.url + path);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), Origin: app.url },
        timeout: 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const cookies = res.headers['set-cookie'] ?? [];
          resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Answer['body']) : {}, cookies });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

const loginFrom = (localAddress: string, username: string, password: string) => postFrom(localAddress, '/api/user/login', { username, password });
const sessionCookies = (a: Answer) => a.cookies.filter((c) => c.startsWith('webtid_session=') && !/Max-Age=0/i.test(c));

describe('login throttling (issue 8 §3)', () => {
  it('counts before verifying: after 4 failures, a tRPC batch of wrong passwords with the right one last does not log in', async () => {
    await app.addUser(accountId, { username: 'batchvictim' });
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) expect((await loginFrom('127.0.0.1', 'batchvictim', 'wrong-password')).status).toBe(401);
    const calls = [...Array<string>(9).fill('wrong-password'), TEST_PASSWORD];
    const body = Object.fromEntries(calls.map((password, i) => [String(i), { username: 'batchvictim', password }]));
    const res = await postFrom('127.0.0.1', `/api/trpc/${calls.map(() => 'user.login').join(',')}?batch=1`, body);
    expect(sessionCookies(res)).toEqual([]);
    // Whether the transport refuses the batch outright (batch cap) or runs it, no call logs in.
    if (Array.isArray(res.body)) {
      type TrpcError = { message?: string; data?: { appCode?: string } };
      const answers = res.body as Array<{ result?: unknown; error?: TrpcError & { json?: TrpcError } }>;
      expect(answers.filter((a) => a.result !== undefined)).toEqual([]);
      const last = answers.at(-1)!;
      expect(last.error?.json ?? last.error).toMatchObject({ message: LOCKED_OUT.detail, data: { appCode: LOCKED_OUT.code } });
      // …and the pair is locked now, for the right password too.
      expect((await loginFrom('127.0.0.1', 'batchvictim', TEST_PASSWORD)).body).toMatchObject(LOCKED_OUT);
    } else {
      // Refused before running anything (a transport rule against batched logins): nothing counted.
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  it('30 parallel wrong logins: at most 5 are evaluated, all later ones are locked out', async () => {
    await app.addUser(accountId, { username: 'parallelvictim' });
    const answers = await Promise.all(Array.from({ length: 30 }, () => loginFrom('127.0.0.1', 'parallelvictim', 'wrong-password')));
    expect(answers.every((a) => a.status === 401)).toBe(true);
    expect(answers.filter((a) => is(a, AUTH_FAILED)).length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(answers.filter((a) => is(a, LOCKED_OUT)).length).toBeGreaterThanOrEqual(30 - LOGIN_MAX_FAILURES);
    const row = await app.db.selectFrom('loginThrottle').select('failures').where('usernameKey', '=', 'parallelvictim').where('ip', '=', '127.0.0.1').executeTakeFirstOrThrow();
    expect(row.failures).toBe(30);
  });

  it('a lockout is scoped to the address: the right password from another address still logs in', async () => {
    await app.addUser(accountId, { username: 'scopedvictim' });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await loginFrom('127.0.0.2', 'scopedvictim', 'wrong-password')).body).toMatchObject(AUTH_FAILED);
    expect((await loginFrom('127.0.0.2', 'scopedvictim', TEST_PASSWORD)).body).toMatchObject(LOCKED_OUT);
    const elsewhere = await loginFrom('127.0.0.3', 'scopedvictim', TEST_PASSWORD);
    expect(elsewhere.status).toBe(200);
    expect(sessionCookies(elsewhere)).toHaveLength(1);
    // the attacker's address stays locked
    expect((await loginFrom('127.0.0.2', 'scopedvictim', TEST_PASSWORD)).body).toMatchObject(LOCKED_OUT);
  });

  it('a success resets its pair: 4 failures, a login, then 4 more failures do not lock', async () => {
    await app.addUser(accountId, { username: 'resetuser' });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) expect((await loginFrom('127.0.0.4', 'resetuser', 'wrong-password')).body).toMatchObject(AUTH_FAILED);
      expect((await loginFrom('127.0.0.4', 'resetuser', TEST_PASSWORD)).status).toBe(200);
    }
  });

  it('a per-username ceiling holds across addresses (distributed guessing), and does not count refused attempts', async () => {
    await app.addUser(accountId, { username: 'ceilinguser' });
    // One address hammering far past its own limit does not use up the name's ceiling.
    await Promise.all(Array.from({ length: 60 }, () => loginFrom('127.0.1.1', 'ceilinguser', 'wrong-password')));
    expect((await loginFrom('127.0.1.2', 'ceilinguser', TEST_PASSWORD)).status).toBe(200);

    // Spread over many addresses (4 each, never locking a pair), the name locks once it has
    // LOGIN_MAX_FAILURES_PER_USERNAME evaluated attempts: 5 came from 127.0.1.1, the success gave its own back.
    const spread = LOGIN_MAX_FAILURES_PER_USERNAME - LOGIN_MAX_FAILURES;
    for (let i = 0; i < spread; i++) {
      const answer = await loginFrom(`127.0.2.${Math.floor(i / 4) + 1}`, 'ceilinguser', 'wrong-password');
      expect(answer.body).toMatchObject(AUTH_FAILED);
    }
    const answer = await loginFrom('127.0.3.1', 'ceilinguser', TEST_PASSWORD);
    expect(answer.body).toMatchObject(LOCKED_OUT);
    expect(sessionCookies(answer)).toEqual([]);
  });
});

describe('the account always keeps an active Admin (issue 8 §8)', () => {
  let admin: ApiClient;
  let key: ApiClient;
  let acc: number;

  beforeAll(async () => {
    acc = await app.createAccount('LA', 'laadmin');
    admin = await app.login('laadmin');
    key = (await app.apiKeyClient(acc)).client;
  });

  const update = (client: ApiClient, username: string, patch: Record<string, unknown>) =>
    client.put('/api/user', { username, profileType: 'Admin', languageCode: 'ENU', ...patch });

  it('the API key cannot delete, deactivate, demote or expire the only admin', async () => {
    for (const res of [
      await key.del('/api/user', { username: 'laadmin' }),
      await update(key, 'laadmin', { active: false }),
      await update(key, 'laadmin', { profileType: 'Basic' }),
      await update(key, 'laadmin', { profileType: 'Teamleader' }),
      await update(key, 'laadmin', { expirationDate: '2999-12-31' }),
    ]) {
      expectStatus(res, 409);
      expect(res.body.code).toBe('LAST_ADMIN');
    }
    const row = await app.db.selectFrom('appUser').select(['profileType', 'active', 'expirationDate']).where('username', '=', 'laadmin').executeTakeFirstOrThrow();
    expect(row).toEqual({ profileType: 'Admin', active: true, expirationDate: null });
    // Other edits of the only admin still work.
    expect((await update(key, 'laadmin', { defaultDescription: 'still here' })).status).toBe(200);
  });

  it('an admin whose own access ends (expiration date) cannot remove the only lasting one; with a second lasting admin it works', async () => {
    await app.addUser(acc, { username: 'latemp', profileType: 'Admin' });
    await app.db.updateTable('appUser').set({ expirationDate: '2999-01-01' }).where('username', '=', 'latemp').execute();
    const temp = await app.login('latemp');
    const del = await temp.del('/api/user', { username: 'laadmin' });
    expectStatus(del, 409);
    expect(del.body.code).toBe('LAST_ADMIN');
    expect((await update(temp, 'laadmin', { active: false })).status).toBe(409);

    await app.addUser(acc, { username: 'lasecond', profileType: 'Admin' });
    const demote = await update(admin, 'lasecond', { profileType: 'Basic' });
    expectStatus(demote, 200);
    // lasecond is Basic now: promote back, then laadmin can be deactivated by the key.
    expect((await update(admin, 'lasecond', { profileType: 'Admin' })).status).toBe(200);
    expect((await update(key, 'laadmin', { active: false })).status).toBe(200);
    expect((await update(key, 'laadmin', { active: true })).status).toBe(200);
    expect((await key.del('/api/user', { username: 'lasecond' })).status).toBe(204);
  });

  it('two admins demoting each other at the same moment: not both succeed', async () => {
    const a2 = await app.createAccount('LB', 'lbone');
    await app.addUser(a2, { username: 'lbtwo', profileType: 'Admin' });
    for (let round = 0; round < 3; round++) {
      const [one, two] = await Promise.all([app.login('lbone'), app.login('lbtwo')]);
      const [r1, r2] = await Promise.all([update(one, 'lbtwo', { profileType: 'Basic' }), update(two, 'lbone', { profileType: 'Basic' })]);
      // The loser gets 409, or 401 if its session was already ended by the winner's role change.
      expect([r1.status, r2.status].sort()).toSatisfy((s: number[]) => s[0] === 200 && (s[1] === 409 || s[1] === 401));
      const lasting = await app.db
        .selectFrom('appUser')
        .select('username')
        .where('accountId', '=', a2)
        .where('profileType', '=', 'Admin')
        .where('active', '=', true)
        .where('expirationDate', 'is', null)
        .execute();
      expect(lasting).toHaveLength(1);
      await app.db.updateTable('appUser').set({ profileType: 'Admin' }).where('accountId', '=', a2).execute();
    }
  });
});

import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, expectStatus, problemOf } from '../helpers/client';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/server';

/*
 * Issue 41 §4: TOTP two-factor with recovery codes, the account's rule, throttling of the second
 * step. Codes are computed here from the secret the server hands out (RFC 6238, 30 s, 6 digits).
 */

let app: TestApp;
let accountId: number;

beforeAll(async () => {
  app = await startTestApp();
  accountId = await app.createAccount('TFA', 'tfaadmin');
  for (const username of ['alice', 'bob', 'carol', 'dave']) await app.addUser(accountId, { username });
  await app.addUser(accountId, { username: 'lead', profileType: 'Teamleader' });
});
afterAll(() => app?.close());

const step = (offset = 0) => Math.floor(Date.now() / 30_000) + offset;
const codeAt = (secret: string, s: number) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(s), 6);

async function loginAnswer(c: ApiClient, username: string) {
  const res = await c.post('/api/user/login', { username, password: TEST_PASSWORD, remember: true });
  expectStatus(res, 200);
  return res.body;
}

/** Turns two-factor on for a signed-in user; answers the secret and the recovery codes. */
async function enrol(username: string): Promise<{ secret: string; recoveryCodes: string[]; client: ApiClient }> {
  const client = await app.login(username);
  const started = await client.post('/api/user/security/totp', {});
  expectStatus(started, 200);
  const { secret, uri } = started.body;
  expect(uri).toMatch(/^otpauth:\/\/totp\/Webtid:/);
  const confirmed = await client.post('/api/user/security/totp/confirm', { code: codeAt(secret, step()) });
  expectStatus(confirmed, 200);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes, client };
}

describe('TOTP two-factor', () => {
  it('enrols with a code of the new secret, hands out 10 recovery codes once, and then asks for a code at login', async () => {
    const { secret, recoveryCodes, client } = await enrol('alice');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const security = await client.get('/api/user/security');
    expectStatus(security, 200);
    expect(security.body).toEqual({ totp: true, passkeys: 0, recoveryCodesLeft: 10, required: false });

    const c = app.anonymous();
    const answer = await loginAnswer(c, 'alice');
    expect(answer).toMatchObject({ ok: false, secondFactor: 'totp' });
    // No session before the second step.
    expectStatus(await c.get('/api/user/info'), 401);
    if (answer.ok) throw new Error('unreachable');
    // The code used to enrol (this step) is spent: the next step's code is accepted (clock drift window).
    const res = await c.post('/api/user/login/second-factor', { challenge: answer.challenge, code: codeAt(secret, step(1)) });
    expectStatus(res, 200);
    expectStatus(await c.get('/api/user/info'), 200);
  });

  it('refuses a code used once already within its window, and a wrong code, with codes', async () => {
    const { secret } = await enrol('bob');
    const code = codeAt(secret, step(1));
    const first = app.anonymous();
    const a1 = await loginAnswer(first, 'bob');
    if (a1.ok) throw new Error('expected a second step');
    expectStatus(await first.post('/api/user/login/second-factor', { challenge: a1.challenge, code }), 200);

    const second = app.anonymous();
    const a2 = await loginAnswer(second, 'bob');
    if (a2.ok) throw new Error('expected a second step');
    const reused = await second.post('/api/user/login/second-factor', { challenge: a2.challenge, code });
    expect(problemOf(reused)).toMatchObject({ status: 401, code: 'SECOND_FACTOR_REUSED' });
    const wrong = await second.post('/api/user/login/second-factor', { challenge: a2.challenge, code: code === '000000' ? '111111' : '000000' });
    expect(problemOf(wrong)).toMatchObject({ status: 401, code: 'SECOND_FACTOR_INVALID' });
    expectStatus(await second.get('/api/user/info'), 401);
  });

  it('signs in with a recovery code once; the same code again is refused', async () => {
    const { recoveryCodes } = await enrol('carol');
    const c = app.anonymous();
    const a = await loginAnswer(c, 'carol');
    if (a.ok) throw new Error('expected a second step');
    // People type them in lower case and without the dash.
    const typed = recoveryCodes[0]!.replace('-', '').toLowerCase();
    expectStatus(await c.post('/api/user/login/second-factor', { challenge: a.challenge, code: typed }), 200);
    const security = await c.get('/api/user/security');
    expectStatus(security, 200);
    expect(security.body.recoveryCodesLeft).toBe(9);

    const again = app.anonymous();
    const b = await loginAnswer(again, 'carol');
    if (b.ok) throw new Error('expected a second step');
    const res = await again.post('/api/user/login/second-factor', { challenge: b.challenge, code: recoveryCodes[0]! });
    expect(problemOf(res)).toMatchObject({ status: 401, code: 'SECOND_FACTOR_INVALID' });
  });

  it('throttles the second step: after 10 wrong codes even the right one is refused as locked out', async () => {
    const { secret } = await enrol('dave');
    const c = app.anonymous();
    const a = await loginAnswer(c, 'dave');
    if (a.ok) throw new Error('expected a second step');
    const right = codeAt(secret, step(1));
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 10; i++) {
      const res = await c.post('/api/user/login/second-factor', { challenge: a.challenge, code: wrongCode });
      expect(problemOf(res).code).toBe('SECOND_FACTOR_INVALID');
    }
    const locked = await c.post('/api/user/login/second-factor', { challenge: a.challenge, code: right });
    expect(problemOf(locked)).toMatchObject({ status: 401, code: 'LOCKED_OUT_FOR' });
  });

  it('refuses an unknown challenge and an unknown field with catalogue codes', async () => {
    const c = app.anonymous();
    const res = await c.post('/api/user/login/second-factor', { challenge: 'made-up', code: '123456' });
    expect(problemOf(res)).toMatchObject({ status: 401, code: 'LOGIN_CHALLENGE_EXPIRED' });
    // Deliberately an unknown key: strict input.
    const extra = await c.raw('POST', '/api/user/login/second-factor', { challenge: 'x', code: '123456', trustMe: true });
    expect(extra.status).toBe(400);
    expect(JSON.stringify(extra.body)).toContain('UNKNOWN_FIELD');
  });
});

describe("the account's rule", () => {
  it('an Admin requires a second factor of Admins and Teamleaders; a Teamleader without one enrols during login; Basic users are not asked', async () => {
    const admin = await app.login('tfaadmin');
    await app.addUser(accountId, { username: 'erin' });
    const basic = await app.login('erin');
    // Only an Admin sets it.
    expect(problemOf(await basic.put('/api/account/security', { secondFactorRequired: 'privileged' })).status).toBe(403);
    const set = await admin.put('/api/account/security', { secondFactorRequired: 'privileged' });
    expectStatus(set, 200);
    expect((await admin.get('/api/account/security')).body).toEqual({ secondFactorRequired: 'privileged' });

    const c = app.anonymous();
    const a = await loginAnswer(c, 'lead');
    expect(a).toMatchObject({ ok: false, secondFactor: 'enrol' });
    if (a.ok) throw new Error('unreachable');
    expectStatus(await c.get('/api/user/info'), 401);
    const started = await c.post('/api/user/security/totp', { challenge: a.challenge });
    expectStatus(started, 200);
    const confirmed = await c.post('/api/user/security/totp/confirm', { challenge: a.challenge, code: codeAt(started.body.secret, step()) });
    expectStatus(confirmed, 200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    // The held-back login ends in a session, and the user cannot turn the required factor off.
    expectStatus(await c.get('/api/user/info'), 200);
    const off = await c.post('/api/user/security/totp/disable', { code: codeAt(started.body.secret, step(1)) });
    expect(problemOf(off)).toMatchObject({ status: 403, code: 'SECOND_FACTOR_REQUIRED' });

    // A Basic user without a second factor still signs in with the password alone.
    expect(await loginAnswer(app.anonymous(), 'erin')).toEqual({ ok: true });
    expectStatus(await admin.put('/api/account/security', { secondFactorRequired: 'none' }), 200);
  });

  it('turning two-factor off needs a current code; then the password alone signs in again', async () => {
    await app.addUser(accountId, { username: 'frank' });
    const { secret, client } = await enrol('frank');
    expect(problemOf(await client.post('/api/user/security/totp/disable', { code: '' })).status).toBe(400);
    expectStatus(await client.post('/api/user/security/totp/disable', { code: codeAt(secret, step(1)) }), 200);
    expect(await loginAnswer(app.anonymous(), 'frank')).toEqual({ ok: true });
  });

  it('the API key has no second factor of its own: it is no login', async () => {
    const { client } = await app.apiKeyClient(accountId);
    expect(problemOf(await client.get('/api/user/security')).status).toBe(401);
  });
});

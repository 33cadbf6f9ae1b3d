import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, expectStatus, problemOf } from '../helpers/client';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/server';
import { SoftAuthenticator } from '../helpers/webauthn';

/*
 * Issue 41 §3 (decision 0400): passkeys — registered on the security page, a usernameless sign-in
 * ending in the session cookie, a passkey as the second step of a password login, and each
 * refusal with its code. The browser's side is a software authenticator (tests/helpers/webauthn.ts).
 */

let app: TestApp;
let accountId: number;
let otherAccountId: number;

beforeAll(async () => {
  app = await startTestApp();
  accountId = await app.createAccount('PKY', 'pkyadmin');
  otherAccountId = await app.createAccount('PKO', 'pkoadmin');
  for (const username of ['ann', 'ben', 'cat', 'dan', 'eve', 'fay', 'gus']) await app.addUser(accountId, { username });
  await app.addUser(accountId, { username: 'lead', profileType: 'Teamleader' });
  await app.addUser(otherAccountId, { username: 'otto' });
});
afterAll(() => app?.close());

/** Registers a new passkey for a signed-in client; answers the authenticator. */
async function registerPasskey(client: ApiClient, name = 'Laptop'): Promise<SoftAuthenticator> {
  const auth = new SoftAuthenticator(app.url);
  const options = await client.post('/api/user/security/passkeys/options');
  expectStatus(options, 200);
  const res = await client.post('/api/user/security/passkeys', { name, response: auth.register(options.body) });
  expectStatus(res, 201);
  expect(res.body).toMatchObject({ name, transports: ['internal'], lastUsedAt: null });
  return auth;
}

async function signInOptions(c: ApiClient, challenge?: string) {
  const res = await c.post('/api/user/login/passkey/options', challenge ? { challenge } : {});
  expectStatus(res, 200);
  return res.body;
}

describe('passkeys', () => {
  it('registers several, names, renames and removes them; the list is the owner’s only', async () => {
    const ann = await app.login('ann');
    await registerPasskey(ann, 'Laptop');
    await registerPasskey(ann, 'Phone');
    const list = await ann.get('/api/user/security/passkeys');
    expectStatus(list, 200);
    expect(list.body.passkeys.map((p) => p.name)).toEqual(['Laptop', 'Phone']);
    const [laptop, phone] = list.body.passkeys;

    const renamed = await ann.put('/api/user/security/passkeys', { id: laptop!.id, name: 'Work laptop' });
    expectStatus(renamed, 200);
    expect(renamed.body.name).toBe('Work laptop');
    // Another user's passkey is not found, not forbidden.
    const ben = await app.login('ben');
    expect(problemOf(await ben.put('/api/user/security/passkeys', { id: laptop!.id, name: 'Mine' }))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(problemOf(await ben.del('/api/user/security/passkeys', { id: laptop!.id }))).toMatchObject({ status: 404 });
    expect(problemOf(await ann.put('/api/user/security/passkeys', { id: laptop!.id, name: '  ' }))).toMatchObject({ status: 400 });

    expectStatus(await ann.del('/api/user/security/passkeys', { id: phone!.id }), 204);
    const after = await ann.get('/api/user/security/passkeys');
    expectStatus(after, 200);
    expect(after.body.passkeys.map((p) => p.name)).toEqual(['Work laptop']);
    // The API key is no login: no passkeys through it.
    const { client: key } = await app.apiKeyClient(accountId);
    expect((await key.get('/api/user/security/passkeys')).status).toBe(401);
  });

  it('signs in without a username and ends in the same session cookie; the passkey counts as used', async () => {
    const auth = await registerPasskey(await app.login('ben'));
    const c = app.anonymous();
    const options = await signInOptions(c);
    expect(options).toMatchObject({ userVerification: 'required' });
    const res = await c.post('/api/user/login/passkey', { response: auth.authenticate(options), remember: true });
    expectStatus(res, 200);
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age|Expires/i);
    const info = await c.get('/api/user/info');
    expectStatus(info, 200);
    expect(info.body.username).toBe('ben');
    const list = await c.get('/api/user/security/passkeys');
    expectStatus(list, 200);
    expect(list.body.passkeys[0]!.lastUsedAt).not.toBeNull();
  });

  it('refuses an unknown credential, an expired or replayed challenge, a wrong origin or RP ID, a counter that went back', async () => {
    const auth = await registerPasskey(await app.login('cat'));
    const c = app.anonymous();

    const stranger = new SoftAuthenticator(app.url);
    expect(problemOf(await c.post('/api/user/login/passkey', { response: stranger.authenticate(await signInOptions(c)) }))).toMatchObject({ status: 401, code: 'PASSKEY_UNKNOWN' });

    const options = await signInOptions(c);
    const good = auth.authenticate(options);
    expectStatus(await c.post('/api/user/login/passkey', { response: good }), 200);
    // The same answer again: its challenge was taken.
    expect(problemOf(await app.anonymous().post('/api/user/login/passkey', { response: good }))).toMatchObject({ status: 401, code: 'PASSKEY_CHALLENGE_EXPIRED' });
    // A challenge the server never gave.
    expect(problemOf(await c.post('/api/user/login/passkey', { response: auth.authenticate(options, { challenge: 'bm90LWdpdmVu' }) }))).toMatchObject({
      status: 401,
      code: 'PASSKEY_CHALLENGE_EXPIRED',
    });
    // An expired one.
    const late = await signInOptions(c);
    await app.db
      .updateTable('webauthnChallenge')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .execute();
    expect(problemOf(await c.post('/api/user/login/passkey', { response: auth.authenticate(late) }))).toMatchObject({ status: 401, code: 'PASSKEY_CHALLENGE_EXPIRED' });

    expect(problemOf(await c.post('/api/user/login/passkey', { response: auth.authenticate(await signInOptions(c), { origin: 'https://evil.example' }) }))).toMatchObject({
      status: 401,
      code: 'PASSKEY_WRONG_ORIGIN',
    });
    expect(problemOf(await c.post('/api/user/login/passkey', { response: auth.authenticate(await signInOptions(c), { rpId: 'evil.example' }) }))).toMatchObject({
      status: 401,
      code: 'PASSKEY_WRONG_ORIGIN',
    });
    // A copy of the authenticator whose counter is behind the one the server saw.
    expect(problemOf(await c.post('/api/user/login/passkey', { response: auth.authenticate(await signInOptions(c), { counter: 1 }) }))).toMatchObject({
      status: 401,
      code: 'PASSKEY_COUNTER',
    });
    // A sign-in needs user verification (the passkey is both factors).
    expect(problemOf(await c.post('/api/user/login/passkey', { response: auth.authenticate(await signInOptions(c), { userVerified: false }) }))).toMatchObject({
      status: 401,
      code: 'PASSKEY_INVALID',
    });
    // Bad input is a 400 with a code, never a 500 (deliberately not the document's shape).
    const broken = await c.raw('POST', '/api/user/login/passkey', { response: { ...good, response: { ...good.response, clientDataJSON: 'bm90IGpzb24' } } });
    expect(broken.status).toBe(400);
    expectStatus(await c.get('/api/user/info'), 200);
  });

  it('a registration with a wrong origin or an old challenge is refused; a credential of another account is refused', async () => {
    const dan = await app.login('dan');
    const auth = new SoftAuthenticator(app.url);
    const options = await dan.post('/api/user/security/passkeys/options');
    expectStatus(options, 200);
    expect(problemOf(await dan.post('/api/user/security/passkeys', { name: 'X', response: auth.register(options.body, { origin: 'https://evil.example' }) }))).toMatchObject({
      status: 401,
      code: 'PASSKEY_WRONG_ORIGIN',
    });
    // That challenge is spent.
    expect(problemOf(await dan.post('/api/user/security/passkeys', { name: 'X', response: auth.register(options.body) }))).toMatchObject({
      status: 401,
      code: 'PASSKEY_CHALLENGE_EXPIRED',
    });

    // otto (another account) registers a credential; dan answers his own options with the same credential.
    const otto = await app.login('otto');
    const shared = await registerPasskey(otto);
    const again = await dan.post('/api/user/security/passkeys/options');
    expectStatus(again, 200);
    expect(problemOf(await dan.post('/api/user/security/passkeys', { name: 'Y', response: shared.register(again.body) }))).toMatchObject({
      status: 409,
      code: 'PASSKEY_OTHER_ACCOUNT',
    });

    // As the second step of dan's password login, otto's passkey is refused.
    await registerPasskey(dan);
    const c = app.anonymous();
    const login = await c.post('/api/user/login', { username: 'dan', password: TEST_PASSWORD, remember: false });
    expectStatus(login, 200);
    if (login.body.ok) throw new Error('expected a second step');
    expect(login.body).toMatchObject({ secondFactor: 'passkey', passkey: true });
    const step = await signInOptions(c, login.body.challenge);
    expect(problemOf(await c.post('/api/user/login/second-factor/passkey', { challenge: login.body.challenge, response: shared.authenticate(step) }))).toMatchObject({
      status: 401,
      code: 'PASSKEY_OTHER_ACCOUNT',
    });
    expectStatus(await c.get('/api/user/info'), 401);
  });

  it('a passkey is the second step of a password login, and counts for the account’s rule', async () => {
    const admin = await app.login('pkyadmin');
    expectStatus(await admin.put('/api/account/security', { secondFactorRequired: 'privileged' }), 200);
    try {
      // The Teamleader without a second factor must enrol...
      const c0 = app.anonymous();
      const first = await c0.post('/api/user/login', { username: 'lead', password: TEST_PASSWORD, remember: true });
      expectStatus(first, 200);
      expect(first.body).toMatchObject({ ok: false, secondFactor: 'enrol' });
      // ...and with a passkey (registered while the rule was off for him: a session from before) he answers with it.
      await app.db.updateTable('account').set({ secondFactorRequired: 'none' }).where('id', '=', accountId).execute();
      const lead = await app.login('lead');
      const auth = await registerPasskey(lead);
      await app.db.updateTable('account').set({ secondFactorRequired: 'privileged' }).where('id', '=', accountId).execute();

      const c = app.anonymous();
      const login = await c.post('/api/user/login', { username: 'lead', password: TEST_PASSWORD, remember: true });
      expectStatus(login, 200);
      if (login.body.ok) throw new Error('expected a second step');
      expect(login.body).toMatchObject({ secondFactor: 'passkey', passkey: true });
      expectStatus(await c.get('/api/user/info'), 401);
      // The second step's options name only his passkeys.
      const options = await signInOptions(c, login.body.challenge);
      expect(options.allowCredentials).toEqual([expect.objectContaining({ id: auth.id })]);
      const res = await c.post('/api/user/login/second-factor/passkey', { challenge: login.body.challenge, response: auth.authenticate(options) });
      expectStatus(res, 200);
      expectStatus(await c.get('/api/user/info'), 200);
      // The login challenge is spent with it.
      expect(problemOf(await c.post('/api/user/login/passkey/options', { challenge: login.body.challenge }))).toMatchObject({ status: 401, code: 'LOGIN_CHALLENGE_EXPIRED' });

      // His last passkey is his only second factor: it cannot go while the account requires one.
      const security = await lead.get('/api/user/security');
      expectStatus(security, 200);
      expect(security.body).toMatchObject({ totp: false, passkeys: 1, required: true });
      const list = await lead.get('/api/user/security/passkeys');
      expectStatus(list, 200);
      expect(problemOf(await lead.del('/api/user/security/passkeys', { id: list.body.passkeys[0]!.id }))).toMatchObject({ status: 403, code: 'SECOND_FACTOR_REQUIRED' });
    } finally {
      expectStatus(await admin.put('/api/account/security', { secondFactorRequired: 'none' }), 200);
    }
  });

  it('refuses a deactivated user, and throttles wrong passkey answers like passwords', async () => {
    const eveAuth = await registerPasskey(await app.login('eve'));
    await app.db.updateTable('appUser').set({ active: false }).where('username', '=', 'eve').execute();
    const c = app.anonymous();
    expect(problemOf(await c.post('/api/user/login/passkey', { response: eveAuth.authenticate(await signInOptions(c)) }))).toMatchObject({
      status: 401,
      code: 'NOT_ALLOWED_TO_LOGIN',
    });

    const fay = await app.login('fay');
    const auth = await registerPasskey(fay);
    // Answers from another address (the test server trusts the loopback proxy).
    const from = app.anonymous();
    const headers = { 'X-Forwarded-For': '203.0.113.77' };
    const wrong = async () => {
      const opts = await from.post('/api/user/login/passkey/options', {}, headers);
      expectStatus(opts, 200);
      return from.post('/api/user/login/passkey', { response: auth.authenticate(opts.body, { origin: 'https://evil.example' }) }, headers);
    };
    for (let i = 0; i < 10; i++) expect(problemOf(await wrong())).toMatchObject({ code: 'PASSKEY_WRONG_ORIGIN' });
    expect(problemOf(await wrong())).toMatchObject({ status: 401, code: 'LOCKED_OUT_FOR' });
    // Even a good answer waits for the lock to end.
    const opts = await from.post('/api/user/login/passkey/options', {}, headers);
    expectStatus(opts, 200);
    expect(problemOf(await from.post('/api/user/login/passkey', { response: auth.authenticate(opts.body) }, headers))).toMatchObject({ code: 'LOCKED_OUT_FOR' });
  });
});

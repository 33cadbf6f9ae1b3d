import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, problemOf, type ApiClient } from '../helpers/client';
import { CookieJar, signIn, startTestProvider, type TestProvider } from '../helpers/oidc-provider';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/server';

/*
 * Issue 41 §1, §2, §5 (decision 0390): OpenID Connect sign-in against a real provider in-process
 * (oidc-provider) through the real redirect flow — configured like Microsoft Entra ID (a `tid`
 * claim, the tenant checked) and like a generic issuer — and each refusal of the issue.
 */

let app: TestApp;
let generic: TestProvider;
let entra: TestProvider;
let hanging: Server;
const logLines: string[] = [];
const ids: Record<string, number> = {};
let genAdmin: ApiClient;
let entAdmin: ApiClient;

const callbackUri = () => `${app.url}/api/auth/sso/callback`;

async function configure(admin: ApiClient, provider: Pick<TestProvider, 'issuer' | 'clientId' | 'clientSecret'>, extra: Record<string, unknown> = {}) {
  const res = await admin.put('/api/account/sso', {
    enabled: true,
    providerName: 'Test IdP',
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    allowedDomains: [],
    jitCreate: false,
    ssoRequired: false,
    ...extra,
  });
  expectStatus(res, 200);
  return res.body;
}

async function setEmail(userId: number, email: string | null) {
  await app.db.updateTable('appUser').set({ email }).where('id', '=', userId).execute();
}

/** GET /api/user/info with the cookies of a trip's jar. */
async function whoAmI(cookie: string) {
  const res = await fetch(`${app.url}/api/user/info`, { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as { username?: string; languageCode?: string; profileType?: string; teamCode?: string | null } };
}

const errorOf = (final: URL) => (final.pathname === '/login' ? final.searchParams.get('sso_error') : null);

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await startTestApp({ log: pino({ level: 'info' }, stream) });
  generic = await startTestProvider({ redirectUris: [callbackUri()], postLogoutRedirectUris: [`${app.url}/login`] });
  entra = await startTestProvider({ redirectUris: [callbackUri()], entra: true });
  ids.gen = await app.createAccount('GEN', 'genadmin');
  ids.ent = await app.createAccount('ENT', 'entadmin');
  ids.oth = await app.createAccount('OTH', 'othadmin');
  ids.gina = await app.addUser(ids.gen, { username: 'gina' });
  ids.gone = await app.addUser(ids.gen, { username: 'gone', active: false });
  await setEmail(ids.gina, 'Gina@Gen.example');
  await setEmail(ids.gone, 'gone@gen.example');
  genAdmin = await app.login('genadmin');
  entAdmin = await app.login('entadmin');
  await configure(genAdmin, generic, { allowedDomains: ['gen.example'] });
  await configure(entAdmin, entra, { providerName: 'Microsoft', tenantId: 'tenant-a', jitCreate: true, allowedDomains: ['ent.example'] });
  await configure(await app.login('othadmin'), generic);
  generic.users.set('sub-gina', { sub: 'sub-gina', email: 'gina@gen.example', email_verified: true, name: 'Gina' });
  generic.users.set('sub-gone', { sub: 'sub-gone', email: 'gone@gen.example', email_verified: true });
  generic.users.set('sub-stranger', { sub: 'sub-stranger', email: 'stranger@gen.example', email_verified: true });
  generic.users.set('sub-evil', { sub: 'sub-evil', email: 'gina@evil.example', email_verified: true });
  entra.users.set('oid-new', { sub: 'oid-new', email: 'Nina.Ny@ent.example', name: 'Nina Ny', locale: 'da-DK', tid: 'tenant-a' });
  entra.users.set('oid-other-tenant', { sub: 'oid-other-tenant', email: 'x@ent.example', tid: 'tenant-b' });
  entra.users.set('oid-plain', { sub: 'oid-plain', email: 'plain@ent.example', tid: 'tenant-a' });
  // A provider that accepts connections and never answers.
  hanging = createServer(() => {});
  await new Promise<void>((ok) => hanging.listen(0, '127.0.0.1', () => ok()));
});

afterAll(async () => {
  hanging?.closeAllConnections();
  hanging?.close();
  await generic?.close();
  await entra?.close();
  await app?.close();
});

describe('SSO with a generic OpenID provider', () => {
  it('links a pre-created user by e-mail at the first sign-in, then by iss + sub; the same session cookie as a password login', async () => {
    const trip = await signIn(app.url, '/api/auth/sso/start?account=GEN', 'sub-gina');
    expect(trip.final.pathname + trip.final.search).toBe('/?sso=1');
    // The trip went through the provider with PKCE, state and nonce.
    const authorize = trip.visited.find((u) => u.origin === generic.issuer && u.pathname === '/auth')!;
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const session = trip.jar.get(app.url, 'webtid_session');
    expect(session).toBeTruthy();
    const me = await whoAmI(`webtid_session=${session}`);
    expect(me).toMatchObject({ status: 200, body: { username: 'gina' } });

    // The e-mail changes at the provider: the link by subject holds.
    generic.users.set('sub-gina', { sub: 'sub-gina', email: 'gina.renamed@gen.example', email_verified: true });
    const again = await signIn(app.url, '/api/auth/sso/start?account=GEN', 'sub-gina');
    expect(again.final.pathname).toBe('/');
    expect((await whoAmI(`webtid_session=${again.jar.get(app.url, 'webtid_session')}`)).body.username).toBe('gina');
    generic.users.set('sub-gina', { sub: 'sub-gina', email: 'gina@gen.example', email_verified: true });

    // Logout ends the local session and offers the provider's end-session URL.
    const out = await fetch(`${app.url}/api/user/logout`, { headers: { cookie: `webtid_session=${session}` } });
    const body = (await out.json()) as { ok: boolean; endSessionUrl?: string };
    expect(body.ok).toBe(true);
    expect(body.endSessionUrl?.startsWith(`${generic.issuer}/session/end`)).toBe(true);
    expect(new URL(body.endSessionUrl!).searchParams.get('post_logout_redirect_uri')).toBe(`${app.url}/login`);
    expect((await whoAmI(`webtid_session=${session}`)).status).toBe(401);
  });

  it("starts by the username's e-mail domain; the login page learns of the button by account", async () => {
    const trip = await signIn(app.url, `/api/auth/sso/start?username=${encodeURIComponent('gina@gen.example')}`, 'sub-gina');
    expect(trip.final.pathname).toBe('/');
    const options = await app.anonymous().get('/api/auth/sso/options?account=GEN');
    expectStatus(options, 200);
    expect(options.body).toEqual({ providers: [{ account: 'GEN', name: 'Test IdP', required: false }] });
    // Several accounts here: without a name the page offers none (another company's login page).
    const none = await app.anonymous().get('/api/auth/sso/options');
    expectStatus(none, 200);
    expect(none.body.providers).toEqual([]);
  });

  it('a start with control characters in its query is a clear 400, never a 500 (a NUL reached the database)', async () => {
    for (const query of ['account=%00%ff', 'username=a%00@b', 'account=A%0AB']) {
      const res = await fetch(`${app.url}/api/auth/sso/start?${query}`, { redirect: 'manual' });
      expect([query, res.status]).toEqual([query, 400]);
    }
  });

  it('the settings never answer the client secret; a left-out secret keeps the stored one', async () => {
    const res = await genAdmin.get('/api/account/sso');
    expectStatus(res, 200);
    expect(res.text).not.toContain(generic.clientSecret);
    expect(res.body.settings).toMatchObject({ source: 'account', hasClientSecret: true, allowedDomains: ['gen.example'], redirectUri: callbackUri() });
    const row = await app.db.selectFrom('accountSso').select('clientSecretEncrypted').where('accountId', '=', ids.gen!).executeTakeFirstOrThrow();
    expect(row.clientSecretEncrypted).not.toContain(generic.clientSecret);
    const saved = await genAdmin.put('/api/account/sso', {
      enabled: true,
      providerName: 'Test IdP',
      issuer: generic.issuer,
      clientId: generic.clientId,
      allowedDomains: ['gen.example'],
      jitCreate: false,
      ssoRequired: false,
    });
    expectStatus(saved, 200);
    expect((await signIn(app.url, '/api/auth/sso/start?account=GEN', 'sub-gina')).final.pathname).toBe('/');
    // Not an Admin's: a Basic user gets 403.
    expectStatus(await (await app.login('gina')).get('/api/account/sso'), 403);
  });

  it('refuses a deactivated user, an unknown e-mail (no just-in-time creation), an e-mail domain not allowed', async () => {
    expect(errorOf((await signIn(app.url, '/api/auth/sso/start?account=GEN', 'sub-gone')).final)).toBe('NOT_ALLOWED_TO_LOGIN');
    expect(errorOf((await signIn(app.url, '/api/auth/sso/start?account=GEN', 'sub-stranger')).final)).toBe('SSO_NO_USER');
    expect(errorOf((await signIn(app.url, '/api/auth/sso/start?account=GEN', 'sub-evil')).final)).toBe('SSO_DOMAIN_NOT_ALLOWED');
  });

  it('refuses a subject linked to a user of another account', async () => {
    // sub-gina is GEN's; OTH uses the same provider.
    expect(errorOf((await signIn(app.url, '/api/auth/sso/start?account=OTH', 'sub-gina')).final)).toBe('SSO_OTHER_ACCOUNT');
  });

  it('refuses a replayed state and an expired one', async () => {
    const trip = await signIn(app.url, '/api/auth/sso/start?account=GEN', 'sub-gina', { stopAtCallback: true });
    const first = await fetch(trip.callback!, { redirect: 'manual' });
    expect(first.headers.get('location')).toBe('/?sso=1');
    const replay = await fetch(trip.callback!, { redirect: 'manual' });
    expect(replay.headers.get('location')).toBe('/login?sso_error=SSO_STATE_INVALID');
    expect(replay.headers.getSetCookie()).toEqual([]);

    const late = await signIn(app.url, '/api/auth/sso/start?account=GEN', 'sub-gina', { stopAtCallback: true });
    await app.db
      .updateTable('ssoLoginState')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .execute();
    const expired = await fetch(late.callback!, { redirect: 'manual' });
    expect(expired.headers.get('location')).toBe('/login?sso_error=SSO_STATE_INVALID');
    // A callback with no state at all, or one never issued.
    const made = await fetch(`${callbackUri()}?code=abc&state=never-issued`, { redirect: 'manual' });
    expect(made.headers.get('location')).toBe('/login?sso_error=SSO_STATE_INVALID');
  });

  it('refuses an ID token of another issuer or for another audience (the signature itself good)', async () => {
    try {
      generic.tamper = (c) => ({ ...c, iss: 'https://login.evil.example/' });
      expect(errorOf((await signIn(app.url, '/api/auth/sso/start?account=GEN', 'sub-gina')).final)).toBe('SSO_TOKEN_INVALID');
      generic.tamper = (c) => ({ ...c, aud: 'some-other-client' });
      expect(errorOf((await signIn(app.url, '/api/auth/sso/start?account=GEN', 'sub-gina')).final)).toBe('SSO_TOKEN_INVALID');
      generic.tamper = (c) => ({ ...c, nonce: 'replayed-nonce' });
      expect(errorOf((await signIn(app.url, '/api/auth/sso/start?account=GEN', 'sub-gina')).final)).toBe('SSO_TOKEN_INVALID');
      generic.tamper = (c) => ({ ...c, exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 });
      expect(errorOf((await signIn(app.url, '/api/auth/sso/start?account=GEN', 'sub-gina')).final)).toBe('SSO_TOKEN_INVALID');
    } finally {
      generic.tamper = null;
    }
  });

  it('an account that requires SSO refuses password logins but for its break-glass Admin', async () => {
    await configure(genAdmin, generic, { allowedDomains: ['gen.example'], ssoRequired: true, breakGlassUsername: 'genadmin' });
    try {
      const refused = await app.anonymous().post('/api/user/login', { username: 'gina', password: TEST_PASSWORD, remember: false });
      expect(refused.status).toBe(403);
      expect(problemOf(refused).code).toBe('SSO_REQUIRED');
      expect((await app.anonymous().post('/api/user/login', { username: 'genadmin', password: TEST_PASSWORD, remember: false })).status).toBe(200);
      expect((await signIn(app.url, '/api/auth/sso/start?account=GEN', 'sub-gina')).final.pathname).toBe('/');
      // Requiring SSO names the break-glass Admin.
      const without = await genAdmin.put('/api/account/sso', {
        enabled: true,
        providerName: 'Test IdP',
        issuer: generic.issuer,
        clientId: generic.clientId,
        allowedDomains: [],
        jitCreate: false,
        ssoRequired: true,
      });
      expect(without.status).toBe(400);
    } finally {
      await configure(genAdmin, generic, { allowedDomains: ['gen.example'] });
    }
  });

  it("an Admin's test sign-in shows the claims the provider returned, and signs nobody in", async () => {
    const trip = await signIn(app.url, '/api/auth/sso/start?test=1', 'sub-stranger');
    // Without the Admin's session there is no test: back to the login page.
    expect(trip.final.pathname).toBe('/login');
    const cookie = genAdmin.cookie!;
    const jar = new CookieJar();
    const eq = cookie.indexOf('=');
    jar.set(new URL(app.url).origin, cookie.slice(0, eq), cookie.slice(eq + 1));
    const test = await signIn(app.url, '/api/auth/sso/start?test=1', 'sub-stranger', { jar });
    expect(test.final.pathname).toBe('/admin/account');
    const id = test.final.searchParams.get('sso_test')!;
    const result = await genAdmin.get(`/api/account/sso/test?state=${encodeURIComponent(id)}`);
    expectStatus(result, 200);
    expect(result.body).toMatchObject({ ok: true, error: null, claims: { sub: 'sub-stranger', email: 'stranger@gen.example', iss: generic.issuer, aud: generic.clientId } });
    expect(JSON.stringify(result.body)).not.toMatch(/eyJ/);
    // Another Admin cannot read it.
    expectStatus(await entAdmin.get(`/api/account/sso/test?state=${encodeURIComponent(id)}`), 404);
  });
});

describe('SSO configured like Microsoft Entra ID (tenant claim)', () => {
  it('creates a user just in time (role Basic, language from the locale, no team) and signs in', async () => {
    const trip = await signIn(app.url, '/api/auth/sso/start?account=ENT', 'oid-new');
    expect(trip.final.pathname).toBe('/');
    const me = await whoAmI(`webtid_session=${trip.jar.get(app.url, 'webtid_session')}`);
    expect(me.body).toMatchObject({ username: 'nina.ny', profileType: 'Basic', languageCode: 'DAN', teamCode: null });
    const user = await app.db.selectFrom('appUser').select(['email', 'accountId']).where('username', '=', 'nina.ny').executeTakeFirstOrThrow();
    expect(user).toEqual({ email: 'nina.ny@ent.example', accountId: ids.ent });
    // The second sign-in finds the same user by the link.
    const again = await signIn(app.url, '/api/auth/sso/start?account=ENT', 'oid-new');
    expect((await whoAmI(`webtid_session=${again.jar.get(app.url, 'webtid_session')}`)).body.username).toBe('nina.ny');
    expect(await app.db.selectFrom('appUser').select('id').where('accountId', '=', ids.ent!).execute()).toHaveLength(2);
  });

  it('refuses a token of another tenant', async () => {
    expect(errorOf((await signIn(app.url, '/api/auth/sso/start?account=ENT', 'oid-other-tenant')).final)).toBe('SSO_TENANT_MISMATCH');
    expect(await app.db.selectFrom('appUser').select('id').where('email', '=', 'x@ent.example').execute()).toEqual([]);
    try {
      entra.tamper = (c) => ({ ...c, tid: 'tenant-b' });
      expect(errorOf((await signIn(app.url, '/api/auth/sso/start?account=ENT', 'oid-plain')).final)).toBe('SSO_TENANT_MISMATCH');
    } finally {
      entra.tamper = null;
    }
  });
});

describe('SSO faults', () => {
  it('a provider that is down or silent: back to the login page with a code within 10 s; password login still works', async () => {
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', () => ok()));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((ok) => closed.close(() => ok()));
    const othAdmin = await app.login('othadmin');
    await configure(othAdmin, { issuer: `http://127.0.0.1:${closedPort}`, clientId: 'x', clientSecret: 'y' });
    const down = await fetch(`${app.url}/api/auth/sso/start?account=OTH`, { redirect: 'manual' });
    expect(down.headers.get('location')).toBe('/login?sso_error=SSO_PROVIDER_UNAVAILABLE');

    await configure(othAdmin, { issuer: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`, clientId: 'x', clientSecret: 'y' });
    const t0 = Date.now();
    const silent = await fetch(`${app.url}/api/auth/sso/start?account=OTH`, { redirect: 'manual' });
    expect(silent.headers.get('location')).toBe('/login?sso_error=SSO_PROVIDER_UNAVAILABLE');
    expect(Date.now() - t0).toBeLessThan(12_000);
    expect((await app.anonymous().post('/api/user/login', { username: 'othadmin', password: TEST_PASSWORD, remember: false })).status).toBe(200);

    // The Admin removes the provider: no button, no start.
    expectStatus(await othAdmin.post('/api/account/sso/remove', { confirm: true }), 204);
    const options = await app.anonymous().get('/api/auth/sso/options?account=OTH');
    expectStatus(options, 200);
    expect(options.body.providers).toEqual([]);
    const gone = await fetch(`${app.url}/api/auth/sso/start?account=OTH`, { redirect: 'manual' });
    expect(gone.headers.get('location')).toBe('/login?sso_error=SSO_NOT_CONFIGURED');
  }, 20_000);

  it('no token ever reaches the log', () => {
    const all = logLines.join('\n');
    expect(all).toContain('sso: sign-in refused');
    expect(all).toContain('sso: signed in');
    // A JWT starts with the base64url of '{"' — eyJ.
    expect(all).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/);
    expect(all).not.toContain(generic.clientSecret);
  });
});

describe('SSO of a one-account install from the environment (SSO_*)', () => {
  it('the unnamed login page offers it; password logins refused but for SSO_BREAK_GLASS', async () => {
    const probe = createServer();
    await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', () => ok()));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((ok) => probe.close(() => ok()));
    const provider = await startTestProvider({ redirectUris: [`http://127.0.0.1:${port}/api/auth/sso/callback`] });
    const one = await startTestApp({
      env: {
        PORT: String(port),
        SSO_ISSUER: provider.issuer,
        SSO_CLIENT_ID: provider.clientId,
        SSO_CLIENT_SECRET: provider.clientSecret,
        SSO_PROVIDER_NAME: 'Okta',
        SSO_ALLOWED_DOMAINS: 'one.example, two.example',
        SSO_REQUIRED: 'true',
        SSO_BREAK_GLASS: 'oneadmin',
      },
    });
    try {
      const accountId = await one.createAccount('ONE', 'oneadmin');
      const olga = await one.addUser(accountId, { username: 'olga' });
      await one.db.updateTable('appUser').set({ email: 'olga@two.example' }).where('id', '=', olga).execute();
      provider.users.set('olga-sub', { sub: 'olga-sub', email: 'olga@two.example' });

      const options = await one.anonymous().get('/api/auth/sso/options');
      expectStatus(options, 200);
      expect(options.body.providers).toEqual([{ account: 'ONE', name: 'Okta', required: true }]);
      const trip = await signIn(one.url, '/api/auth/sso/start', 'olga-sub');
      expect(trip.final.pathname).toBe('/');
      const me = await fetch(`${one.url}/api/user/info`, { headers: { cookie: `webtid_session=${trip.jar.get(one.url, 'webtid_session')}` } });
      expect(((await me.json()) as { username: string }).username).toBe('olga');

      const refused = await one.anonymous().post('/api/user/login', { username: 'olga', password: TEST_PASSWORD, remember: false });
      expect(refused.status).toBe(403);
      expect(problemOf(refused).code).toBe('SSO_REQUIRED');
      const admin = await one.login('oneadmin');
      const settings = await admin.get('/api/account/sso');
      expectStatus(settings, 200);
      expect(settings.body.settings).toMatchObject({
        source: 'env',
        providerName: 'Okta',
        allowedDomains: ['one.example', 'two.example'],
        breakGlassUsername: 'oneadmin',
        hasClientSecret: true,
      });
      expect(settings.text).not.toContain(provider.clientSecret);
    } finally {
      await one.close();
      await provider.close();
    }
  }, 60_000);
});

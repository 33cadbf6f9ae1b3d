import type { IncomingMessage } from 'node:http';
import * as oidc from 'openid-client';
import { isUniqueViolation } from '../../../db/queries/master-data/common';
import * as q from '../../../db/queries/sso';
import { insertUser, usernameExists } from '../../../db/queries/users';
import { coded, type ErrorCode } from '../../shared/error-codes';
import { ERR } from '../../shared/errors';
import { CODE_PATTERN } from '../../shared/fields';
import { MAX } from '../../shared/limits';
import type { z } from 'zod';
import type { TSsoSettings, ZSsoSettingsInput } from '../../shared/schemas/sso';
import type { AppServices } from '../context';
import type { Env } from '../env';
import { AppError } from '../errors';
import { isHttps, requestHost } from '../http/proxy';
import { hashPassword } from './passwords';
import { decrypt, encrypt } from './secret';
import { generateToken, hashToken } from './tokens';

/*
 * Issue 41 §1, §2, §5 (decision 0390): OpenID Connect sign-in. openid-client does the protocol
 * (discovery, PKCE, state, nonce, the ID token's signature, iss, aud, exp, and Entra's multi-tenant
 * issuer); this file decides who may come in and ends in the same session as a password login.
 */

/** No request to a provider waits longer (issue 41: "no request hangs past 10 s"). */
export const PROVIDER_TIMEOUT_SECONDS = 10;
const STATE_MINUTES = 10;
const DISCOVERY_CACHE_MS = 10 * 60 * 1000;

export interface SsoConfig {
  accountId: number;
  source: 'account' | 'env';
  enabled: boolean;
  providerName: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  allowedDomains: string[];
  tenantId: string | null;
  jitCreate: boolean;
  ssoRequired: boolean;
  breakGlassUserId: number | null;
}

/** A refusal of an SSO sign-in: the code the login page shows. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: ErrorCode,
    /** an Admin's test sign-in: the refusal goes back to his SSO settings */
    readonly test = false,
  ) {
    super(code);
  }
}

const splitDomains = (s: string) =>
  s
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase())
    .filter((d) => d !== '');

/** The account the environment's SSO_* settings are for (a one-account install), or null. */
async function envAccountId(services: AppServices): Promise<number | null> {
  const env = services.env;
  if (!env.SSO_ISSUER || !env.SSO_CLIENT_ID) return null;
  const account = env.SSO_ACCOUNT ? await q.findAccountByCode(services.db, env.SSO_ACCOUNT) : await q.firstAccount(services.db);
  return account?.id ?? null;
}

async function envConfig(services: AppServices, accountId: number): Promise<SsoConfig | null> {
  const env = services.env;
  if (!env.SSO_ISSUER || !env.SSO_CLIENT_ID || (await envAccountId(services)) !== accountId) return null;
  const breakGlass = env.SSO_BREAK_GLASS ? await q.findUserIdByName(services.db, accountId, env.SSO_BREAK_GLASS) : undefined;
  return {
    accountId,
    source: 'env',
    enabled: true,
    providerName: env.SSO_PROVIDER_NAME ?? 'SSO',
    issuer: env.SSO_ISSUER,
    clientId: env.SSO_CLIENT_ID,
    clientSecret: env.SSO_CLIENT_SECRET ?? null,
    allowedDomains: splitDomains(env.SSO_ALLOWED_DOMAINS ?? ''),
    tenantId: env.SSO_TENANT_ID ?? null,
    jitCreate: env.SSO_JIT === 'true',
    ssoRequired: env.SSO_REQUIRED === 'true',
    breakGlassUserId: breakGlass?.id ?? null,
  };
}

/** The account's provider: its own settings, else the environment's (one-account install). */
export async function ssoConfigOf(services: AppServices, accountId: number): Promise<SsoConfig | null> {
  const row = await q.findAccountSso(services.db, accountId);
  if (!row) return envConfig(services, accountId);
  const secret = row.clientSecretEncrypted ? decrypt(services.secret, row.clientSecretEncrypted) : null;
  return {
    accountId,
    source: 'account',
    enabled: row.enabled,
    providerName: row.providerName,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: secret,
    allowedDomains: splitDomains(row.allowedDomains),
    tenantId: row.tenantId,
    jitCreate: row.jitCreate,
    ssoRequired: row.ssoRequired,
    breakGlassUserId: row.breakGlassUserId,
  };
}

/** The address the provider sends the browser back to (register it at the provider). */
export function redirectUri(req: IncomingMessage, env: Env): string {
  return `${isHttps(req, env) ? 'https' : 'http'}://${requestHost(req, env) ?? 'localhost'}/api/auth/sso/callback`;
}

const isLoopbackHttp = (issuer: string) => {
  const u = new URL(issuer);
  return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
};

/** Discovered providers, by issuer + client + secret, for 10 minutes (a failure is not kept). */
const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

async function discover(config: SsoConfig): Promise<oidc.Configuration> {
  const key = [config.issuer, config.clientId, hashToken(config.clientSecret ?? '')].join('\n');
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_CACHE_MS) return hit.config;
  const pending = oidc.discovery(new URL(config.issuer), config.clientId, config.clientSecret ?? undefined, undefined, {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    // http only for a provider on this machine (development, the tests' in-process provider).
    ...(isLoopbackHttp(config.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
  });
  discovered.set(key, { at: Date.now(), config: pending });
  try {
    return await pending;
  } catch (error) {
    discovered.delete(key);
    throw error;
  }
}

/** What an error of openid-client means for the user; the log gets its name and code, never a token. */
function classify(error: unknown): ErrorCode {
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) return 'SSO_PROVIDER_REFUSED';
  if (error instanceof oidc.ClientError) {
    if (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || error.code === 'OAUTH_RESPONSE_IS_NOT_JSON') return 'SSO_PROVIDER_UNAVAILABLE';
    return 'SSO_TOKEN_INVALID';
  }
  // fetch failed, a refused connection, the 10 s timeout (TimeoutError / AbortError)
  return 'SSO_PROVIDER_UNAVAILABLE';
}

function errorFacts(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  const cause = error.cause instanceof Error ? { cause: `${error.cause.name}: ${error.cause.message}` } : {};
  // The provider's OAuth error (invalid_grant, access_denied …) and its description: never a token.
  const oauth =
    error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError ? { oauthError: error.error, description: error.error_description } : {};
  return { error: error.name, code: (error as { code?: unknown }).code, message: error.message, ...cause, ...oauth };
}

/** The account a sign-in starts for: named by code, by an e-mail's domain, or a one-account install's. */
export async function accountForStart(services: AppServices, input: { account?: string | undefined; username?: string | undefined }): Promise<number> {
  if (input.account) {
    const account = await q.findAccountByCode(services.db, input.account);
    if (!account || !account.active) throw new SsoRefusal('SSO_NOT_CONFIGURED');
    return account.id;
  }
  const enabled = await q.listEnabledSso(services.db);
  const envId = await envAccountId(services);
  if (input.username?.includes('@')) {
    const domain = input.username.split('@').pop()!.trim().toLowerCase();
    const match = enabled.find((s) => splitDomains(s.allowedDomains).includes(domain));
    if (match) return match.accountId;
    if (envId !== null && splitDomains(services.env.SSO_ALLOWED_DOMAINS ?? '').includes(domain)) return envId;
    throw new SsoRefusal('SSO_NOT_CONFIGURED');
  }
  // Unnamed, only a one-account install's: another company's login page must not offer this one's provider.
  if ((await q.countAccounts(services.db)) === 1) {
    const only = await q.firstAccount(services.db);
    if (only?.active) return only.id;
  }
  throw new SsoRefusal('SSO_NOT_CONFIGURED');
}

/** The login page's "Sign in with …" buttons: the named account's provider, or a one-account install's. */
export async function ssoOptions(services: AppServices, account: string | undefined) {
  let accountId: number;
  try {
    accountId = await accountForStart(services, { account });
  } catch {
    return { providers: [] };
  }
  const config = await ssoConfigOf(services, accountId);
  if (!config?.enabled) return { providers: [] };
  const code = await q.findAccountCode(services.db, accountId);
  return { providers: [{ account: code, name: config.providerName, required: config.ssoRequired }] };
}

/**
 * Starts a sign-in: a state, a nonce and a PKCE verifier (the verifier and nonce stay here, the
 * state's hash keys them), then the provider's authorization URL. `test`: an Admin's test sign-in.
 */
export async function startSignIn(services: AppServices, req: IncomingMessage, accountId: number, test: { userId: number } | null): Promise<URL> {
  const config = await ssoConfigOf(services, accountId);
  if (!config || (!config.enabled && !test)) throw new SsoRefusal('SSO_NOT_CONFIGURED');
  let provider: oidc.Configuration;
  try {
    provider = await discover(config);
  } catch (error) {
    services.log.warn({ accountId, issuer: config.issuer, ...errorFacts(error) }, 'sso: provider discovery failed');
    throw new SsoRefusal('SSO_PROVIDER_UNAVAILABLE');
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await q.insertLoginState(services.db, {
    id: hashToken(state),
    accountId,
    codeVerifier,
    nonce,
    mode: test ? 'test' : 'login',
    userId: test?.userId ?? null,
    expiresAt: new Date(Date.now() + STATE_MINUTES * 60 * 1000),
  });
  return oidc.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri(req, services.env),
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(test ? { prompt: 'login' } : {}),
  });
}

export type CallbackResult = { kind: 'session'; userId: number } | { kind: 'test'; id: string };

const emailOf = (claims: oidc.IDToken): string | null => {
  for (const v of [claims.email, claims.preferred_username, claims.upn]) if (typeof v === 'string' && /^[^@\s]+@[^@\s]+$/.test(v)) return v.toLowerCase();
  return null;
};

/**
 * The provider's answer: the state taken once, the code exchanged with the PKCE verifier, the ID
 * token checked by openid-client (signature, iss, aud, exp, nonce), then the account's rules:
 * tenant, e-mail domain, the identity's link (by iss + sub), the user's being allowed to log in.
 */
export async function finishSignIn(services: AppServices, req: IncomingMessage, url: URL): Promise<CallbackResult> {
  const { db, log } = services;
  const state = url.searchParams.get('state');
  const taken = state ? await q.takeLoginState(db, hashToken(state)) : undefined;
  if (!state || !taken) {
    log.info({ hasState: state !== null }, 'sso: sign-in refused: unknown, used or expired state');
    throw new SsoRefusal('SSO_STATE_INVALID');
  }
  const refuse = async (code: ErrorCode, facts: Record<string, unknown> = {}): Promise<never> => {
    log.info({ accountId: taken.accountId, code, ...facts }, 'sso: sign-in refused');
    if (taken.mode === 'test') await q.setTestResult(db, hashToken(state), JSON.stringify({ ok: false, error: code, claims: facts.claims ?? {} }));
    throw new SsoRefusal(code, taken.mode === 'test');
  };
  const config = await ssoConfigOf(services, taken.accountId);
  if (!config || (!config.enabled && taken.mode === 'login')) return refuse('SSO_NOT_CONFIGURED');
  let provider: oidc.Configuration;
  let claims: oidc.IDToken;
  try {
    provider = await discover(config);
    // The URL the provider sent the browser to, as the provider knows it (the redirect URI + its answer).
    const current = new URL(redirectUri(req, services.env) + url.search);
    const tokens = await oidc.authorizationCodeGrant(provider, current, {
      pkceCodeVerifier: taken.codeVerifier,
      expectedState: state,
      expectedNonce: taken.nonce,
      idTokenExpected: true,
    });
    const c = tokens.claims();
    if (!c) return await refuse('SSO_TOKEN_INVALID');
    claims = c;
  } catch (error) {
    if (error instanceof SsoRefusal) throw error;
    return refuse(classify(error), errorFacts(error));
  }
  const shown = publicClaims(claims);
  if (config.tenantId && claims.tid !== config.tenantId) return refuse('SSO_TENANT_MISMATCH', { iss: claims.iss, tid: claims.tid, claims: shown });
  const email = emailOf(claims);
  if (config.allowedDomains.length > 0 && (!email || !config.allowedDomains.includes(email.split('@')[1]!)))
    return refuse('SSO_DOMAIN_NOT_ALLOWED', { iss: claims.iss, domain: email?.split('@')[1] ?? null, claims: shown });
  if (taken.mode === 'test') {
    await q.setTestResult(db, hashToken(state), JSON.stringify({ ok: true, error: null, claims: shown }));
    return { kind: 'test', id: state };
  }
  const linked = await q.findIdentity(db, claims.iss, claims.sub);
  if (linked && linked.accountId !== config.accountId) return refuse('SSO_OTHER_ACCOUNT', { iss: claims.iss, sub: claims.sub });
  let userId = linked?.userId;
  const endSessionUrl = endSessionOf(provider, req, services.env);
  if (userId === undefined) {
    if (claims.email_verified === false) return refuse('SSO_NO_USER', { iss: claims.iss, sub: claims.sub, reason: 'e-mail not verified' });
    const existing = email ? await q.findUserByEmail(db, config.accountId, email) : undefined;
    if (existing) userId = existing.id;
    else if (config.jitCreate && email) userId = await createJitUser(services, config.accountId, email, claims);
    else return refuse('SSO_NO_USER', { iss: claims.iss, sub: claims.sub });
    try {
      await q.insertIdentity(db, { issuer: claims.iss, subject: claims.sub, userId, accountId: config.accountId, email, endSessionUrl });
    } catch (error) {
      // Two first sign-ins at once: the other one linked it.
      if (!isUniqueViolation(error)) throw error;
    }
    log.info({ accountId: config.accountId, userId, iss: claims.iss, sub: claims.sub }, 'sso: identity linked');
  } else {
    await q.touchIdentity(db, claims.iss, claims.sub, { email, endSessionUrl });
  }
  const user = await q.findSsoUser(db, userId);
  const today = new Date().toISOString().slice(0, 10);
  const expired = (d: string | null) => d !== null && d < today;
  if (!user || !user.active || !user.accountActive || expired(user.expirationDate) || expired(user.accountExpires)) return refuse('NOT_ALLOWED_TO_LOGIN', { userId });
  log.info({ accountId: config.accountId, userId, iss: claims.iss }, 'sso: signed in');
  return { kind: 'session', userId };
}

/** The claims an Admin's test shows: the ID token's, without the nonce and hashes (never a token). */
function publicClaims(claims: oidc.IDToken): Record<string, unknown> {
  const { nonce: _n, at_hash: _a, c_hash: _c, s_hash: _s, ...rest } = claims as Record<string, unknown>;
  return rest;
}

function endSessionOf(provider: oidc.Configuration, req: IncomingMessage, env: Env): string | null {
  if (!provider.serverMetadata().end_session_endpoint) return null;
  const back = redirectUri(req, env).replace(/\/api\/auth\/sso\/callback$/, '/login');
  return oidc.buildEndSessionUrl(provider, { client_id: provider.clientMetadata().client_id, post_logout_redirect_uri: back }).href;
}

/** Just-in-time creation (issue 41 §2): role Basic, language from the token's locale, no team, no usable password. */
async function createJitUser(services: AppServices, accountId: number, email: string, claims: oidc.IDToken): Promise<number> {
  const base =
    [...email.split('@')[0]!]
      .filter((ch) => CODE_PATTERN.test(ch))
      .join('')
      .slice(0, MAX.username) || 'user';
  let username = base;
  for (let i = 2; await usernameExists(services.db, username); i++) username = `${base.slice(0, MAX.username - String(i).length)}${i}`;
  const locale = typeof claims.locale === 'string' ? claims.locale.toLowerCase() : '';
  const user = await insertUser(services.db, {
    accountId,
    username,
    passwordHash: await hashPassword(generateToken(32)),
    profileType: 'Basic',
    teamCode: null,
    languageCode: locale.startsWith('da') ? 'DAN' : 'ENU',
    defaultDescription: null,
    defaultResource: null,
    lockDefaultResource: false,
    expirationDate: null,
    active: true,
    email,
  });
  services.log.info({ accountId, userId: user.id, username }, 'sso: user created just in time');
  return user.id;
}

/** Password login of an account that requires SSO: only its break-glass user may. */
export async function passwordRefused(services: AppServices, userId: number): Promise<boolean> {
  if (await q.passwordRefusedBySso(services.db, userId)) return true;
  const env = services.env;
  if (env.SSO_REQUIRED !== 'true' || !env.SSO_ISSUER) return false;
  const user = await q.findSsoUser(services.db, userId);
  if (!user || (await q.findAccountSso(services.db, user.accountId))) return false;
  const config = await envConfig(services, user.accountId);
  return config !== null && config.ssoRequired && config.breakGlassUserId !== userId;
}

export async function endSessionUrlOf(services: AppServices, userId: number): Promise<string | null> {
  return q.findEndSessionUrl(services.db, userId);
}

// --- The Admin's settings -------------------------------------------------------------------------

export async function settingsOf(services: AppServices, req: IncomingMessage, accountId: number): Promise<TSsoSettings | null> {
  const config = await ssoConfigOf(services, accountId);
  if (!config) return null;
  const breakGlass = config.breakGlassUserId === null ? null : await q.findUsernameById(services.db, config.breakGlassUserId);
  return {
    source: config.source,
    enabled: config.enabled,
    providerName: config.providerName,
    issuer: config.issuer,
    clientId: config.clientId,
    hasClientSecret: config.clientSecret !== null,
    allowedDomains: config.allowedDomains,
    tenantId: config.tenantId,
    jitCreate: config.jitCreate,
    ssoRequired: config.ssoRequired,
    breakGlassUsername: breakGlass ?? null,
    redirectUri: redirectUri(req, services.env),
  };
}

export async function saveSettings(services: AppServices, accountId: number, input: z.output<typeof ZSsoSettingsInput>): Promise<void> {
  let breakGlassUserId: number | null = null;
  if (input.breakGlassUsername) {
    const user = await q.findUserIdByName(services.db, accountId, input.breakGlassUsername);
    if (!user) throw new AppError('BAD_REQUEST', coded('VALIDATION'), { breakGlassUsername: [ERR.notFound] });
    breakGlassUserId = user.id;
  }
  await q.upsertAccountSso(services.db, accountId, {
    enabled: input.enabled,
    providerName: input.providerName,
    issuer: input.issuer,
    clientId: input.clientId,
    ...(input.clientSecret ? { clientSecretEncrypted: encrypt(services.secret, input.clientSecret) } : {}),
    allowedDomains: [...new Set(input.allowedDomains)].join(' '),
    tenantId: input.tenantId ?? null,
    jitCreate: input.jitCreate,
    ssoRequired: input.ssoRequired,
    breakGlassUserId,
  });
}

export async function removeSettings(services: AppServices, accountId: number): Promise<void> {
  await q.deleteAccountSso(services.db, accountId);
}

export async function testResult(services: AppServices, accountId: number, userId: number, id: string) {
  const row = await q.findTestResult(services.db, hashToken(id), accountId, userId);
  if (!row) throw new AppError('NOT_FOUND', ERR.notFound);
  if (row.result === null || row.result === '') return { ok: false, error: null, claims: {} };
  return JSON.parse(row.result) as { ok: boolean; error: string | null; claims: Record<string, unknown> };
}

import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/*
 * A real OpenID provider (oidc-provider, the certified Node implementation) on a loopback port,
 * for the SSO tests (issue 41). Sign-in is its development interactions (a login form that takes
 * any name as the subject, then a consent form), driven by `signIn` below with plain fetch.
 *
 * In front of it a small proxy, the issuer's address: a test may `tamper` with the ID token of
 * the token endpoint's answer (re-signed with the provider's own key, so that only the claim it
 * changed is wrong: another issuer, another audience) — what a mix-up or a forged answer would be.
 */

export interface OidcUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  locale?: string;
  /** Entra ID's tenant claim */
  tid?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  users: Map<string, OidcUser>;
  /** Changes the ID token of the next token answers (null: none). */
  tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null;
  close(): Promise<void>;
}

const listen = (server: Server) =>
  new Promise<number>((ok) => {
    server.listen(0, '127.0.0.1', () => ok((server.address() as AddressInfo).port));
  });

const b64 = (v: Buffer | string) => Buffer.from(v).toString('base64url');

/** `redirectUris`: the app's callback; `entra`: a `tid` claim in the ID token, like Microsoft Entra ID. */
export async function startTestProvider(opts: { redirectUris: string[]; postLogoutRedirectUris?: string[]; entra?: boolean }): Promise<TestProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' };
  const front = createServer();
  const port = await listen(front);
  const issuer = `http://127.0.0.1:${port}`;
  const users = new Map<string, OidcUser>();
  const clientId = `webtid-${randomUUID().slice(0, 8)}`;
  const clientSecret = randomUUID() + randomUUID();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        post_logout_redirect_uris: opts.postLogoutRedirectUris ?? [],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomUUID()] },
    // Like Entra ID and Google: the user's claims in the ID token itself.
    conformIdTokenClaims: false,
    claims: {
      openid: opts.entra ? ['sub', 'tid'] : ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'locale'],
    },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, sub) => {
      const user = users.get(sub) ?? { sub };
      return { accountId: sub, claims: () => ({ ...user, sub }) };
    },
  });
  if (process.env.OIDC_DEBUG) provider.on('grant.error', (_ctx, err) => console.log('GRANT ERROR', err));
  const inner = createServer(provider.callback());
  const innerPort = await listen(inner);
  const api: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    users,
    tamper: null,
    async close() {
      await Promise.all([front, inner].map((s) => new Promise<void>((ok) => s.close(() => ok()))));
      front.closeAllConnections();
      inner.closeAllConnections();
    },
  };
  const resign = (token: string): string => {
    const [head, payload] = token.split('.');
    const claims = api.tamper!(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>);
    const data = `${head}.${b64(JSON.stringify(claims))}`;
    return `${data}.${b64(createSign('RSA-SHA256').update(data).sign(privateKey))}`;
  };
  front.on('request', (req: IncomingMessage, res) => {
    const upstream = request({ host: '127.0.0.1', port: innerPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const isToken = req.method === 'POST' && req.url?.startsWith('/token');
      if (!isToken || !api.tamper) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        let body = Buffer.concat(chunks).toString('utf8');
        try {
          const json = JSON.parse(body) as { id_token?: string };
          if (json.id_token) json.id_token = resign(json.id_token);
          body = JSON.stringify(json);
        } catch {
          // not JSON: as it came
        }
        const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) };
        res.writeHead(answer.statusCode ?? 502, headers);
        res.end(body);
      });
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return api;
}

/** Cookies by origin, enough for following redirects by hand. */
export class CookieJar {
  private jar = new Map<string, Map<string, string>>();
  header(url: URL): string {
    const cookies = this.jar.get(url.origin);
    return cookies ? [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }
  store(url: URL, res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const cookies = this.jar.get(url.origin) ?? new Map<string, string>();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
      this.jar.set(url.origin, cookies);
    }
  }
  set(origin: string, name: string, value: string): void {
    const cookies = this.jar.get(origin) ?? new Map<string, string>();
    cookies.set(name, value);
    this.jar.set(origin, cookies);
  }
  get(origin: string, name: string): string | undefined {
    return this.jar.get(origin)?.get(name);
  }
}

export interface SignInTrip {
  /** where the app sent the browser in the end (the app's page: `/?sso=1`, `/login?sso_error=…`) */
  final: URL;
  /** every URL visited */
  visited: URL[];
  jar: CookieJar;
  /** the provider's redirect to the app's callback (to replay it) */
  callback: URL | null;
}

/**
 * Follows the redirect flow by hand from `start` (the app's /api/auth/sso/start), signing in at
 * the provider as `login` (its subject) and consenting, until the app answers with a page.
 * `stopAtCallback`: return before the app's callback is called (its URL in `callback`).
 */
export async function signIn(appUrl: string, start: string, login: string, opts: { jar?: CookieJar; stopAtCallback?: boolean } = {}): Promise<SignInTrip> {
  const jar = opts.jar ?? new CookieJar();
  const visited: URL[] = [];
  let url = new URL(start, appUrl);
  let method = 'GET';
  let body: string | undefined;
  let callback: URL | null = null;
  for (let hop = 0; hop < 20; hop++) {
    if (url.pathname === '/api/auth/sso/callback' && url.origin === new URL(appUrl).origin) {
      callback = url;
      if (opts.stopAtCallback) return { final: url, visited, jar, callback };
    }
    visited.push(url);
    const headers: Record<string, string> = { cookie: jar.header(url) };
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, { method, headers, redirect: 'manual', ...(body !== undefined ? { body } : {}) });
    jar.store(url, res);
    method = 'GET';
    body = undefined;
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url);
      // The app's own pages end the trip (the SPA takes over there).
      if (url.origin === new URL(appUrl).origin && !url.pathname.startsWith('/api/')) return { final: url, visited, jar, callback };
      continue;
    }
    const html = await res.text();
    if (res.status === 200 && /\/interaction\//.test(url.pathname)) {
      const action = /action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`unexpected interaction page at ${url.pathname}`);
      url = new URL(action.replace(/&amp;/g, '&'), url);
      method = 'POST';
      body = prompt === 'login' ? new URLSearchParams({ prompt, login, password: 'any' }).toString() : new URLSearchParams({ prompt }).toString();
      continue;
    }
    throw new Error(`unexpected answer ${res.status} at ${url.href}: ${html.slice(0, 300)}`);
  }
  throw new Error('too many redirects');
}

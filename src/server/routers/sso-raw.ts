import { z } from 'zod';
import { ERR } from '../../shared/errors';
import { rawRoute, type RawRoute } from '../http/raw-route';
import { accountForStart, finishSignIn, SsoRefusal, startSignIn } from '../auth/sso';
import { createSession } from '../auth/sessions';
import type { ServerResponse } from 'node:http';

/*
 * Issue 41 §1 (decision 0390): the browser's trip to the provider and back. Both answer with a
 * redirect; a refusal goes to the login page (or the Admin's SSO screen for a test) with its code,
 * which the page shows in the user's language.
 */

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  res.end();
}

// No control characters (a NUL reached the database and answered 500): a clear 400 instead.
const noControl = (v: string) => ![...v].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
const q = z.string().max(200).refine(noControl, ERR.invalidChars).optional();

export const ssoRawRoutes: RawRoute[] = [
  rawRoute({
    method: 'GET',
    auth: 'public',
    path: '/api/auth/sso/start',
    summary: "Single sign-on: redirects to the account's OpenID Connect provider (?account=CODE, or ?username=name@domain; ?test=1: an Admin's test sign-in)",
    tags: ['sso'],
    // Our own login page builds this URL: an unknown parameter is refused (400) like any strict input.
    input: z.object({ account: q, username: q, test: q }),
    openapi: { responses: { '302': { description: 'To the provider, or to /login?sso_error=CODE' } } },
    async handle({ ctx, req, res, input }) {
      const test = input.test === '1' || input.test === 'true';
      const back = test ? '/admin/account' : '/login';
      try {
        let accountId: number;
        let tester: { userId: number } | null = null;
        if (test) {
          const a = ctx.actor;
          if (!a || a.kind !== 'session' || a.userId === null || a.profileType !== 'Admin') return redirect(res, '/login');
          accountId = a.accountId;
          tester = { userId: a.userId };
        } else accountId = await accountForStart(ctx, { account: input.account, username: input.username });
        const url = await startSignIn(ctx, req, accountId, tester);
        redirect(res, url.href);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        redirect(res, `${back}?sso_error=${error.code}`);
      }
    },
  }),
  rawRoute({
    method: 'GET',
    auth: 'public',
    path: '/api/auth/sso/callback',
    summary: "Single sign-on: the provider's answer (the redirect URI); sets the session cookie and redirects to the app",
    tags: ['sso'],
    input: z.looseObject({}),
    openapi: { responses: { '302': { description: 'To the app with the session cookie, or to /login?sso_error=CODE' } } },
    async handle({ ctx, req, res, url }) {
      try {
        const result = await finishSignIn(ctx, req, url);
        if (result.kind === 'test') return redirect(res, `/admin/account?sso_test=${encodeURIComponent(result.id)}`);
        // The same session as a password login (issue 41 §5): a browser-session cookie.
        const session = await createSession(ctx.db, result.userId, false);
        ctx.setSessionCookie(session.token, null);
        redirect(res, '/?sso=1');
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        redirect(res, `${error.test ? '/admin/account' : '/login'}?sso_error=${error.code}`);
      }
    },
  }),
];

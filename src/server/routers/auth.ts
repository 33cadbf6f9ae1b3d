import { ZLoginInput, ZUserInfo } from '../../shared/schemas/auth';
import { ZLoginResult } from '../../shared/schemas/security';
import { afterPassword } from '../auth/second-factor';
import { checkLogin } from '../auth/login';
import { createSession, invalidateSession } from '../auth/sessions';
import { authedProcedure, publicProcedure } from '../trpc';
import { endSessionUrlOf, passwordRefused } from '../auth/sso';
import { AppError } from '../errors';
import { coded } from '../../shared/error-codes';
import { ZLogoutResult } from '../../shared/schemas/sso';

/** Login, logout and account info; merged into the `user` router (spec §7 /api/user/...). */
export const authProcedures = {
  login: publicProcedure
    .meta({
      rest: { method: 'POST', path: '/api/user/login' },
      summary: 'Log in; sets the session cookie, or answers ok: false with the challenge of the second step (POST /api/user/login/second-factor)',
      tags: ['auth'],
    })
    .input(ZLoginInput)
    .output(ZLoginResult)
    .mutation(async ({ ctx, input }) => {
      const userId = await checkLogin(ctx.db, ctx.log, input.username, input.password, ctx.ip);
      // Issue 41 §2: an account that requires SSO lets only its break-glass user use a password.
      if (await passwordRefused(ctx, userId)) throw new AppError('FORBIDDEN', coded('SSO_REQUIRED'));
      // Issue 41: a user with a second factor (or whose account requires one) gets no session yet.
      const next = await afterPassword(ctx.db, userId, input.remember);
      if (next.kind !== 'session') return { ok: false as const, secondFactor: next.kind, challenge: next.challenge, passkey: next.passkey };
      const session = await createSession(ctx.db, userId, input.remember);
      ctx.setSessionCookie(session.token, input.remember ? session.expiresAt : null);
      return { ok: true as const };
    }),

  logout: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/user/logout' }, summary: "Log out; ends the session (endSessionUrl: the SSO provider's logout, when it has one)", tags: ['auth'] })
    .output(ZLogoutResult)
    .mutation(async ({ ctx }) => {
      const endSessionUrl = ctx.actor?.kind === 'session' && ctx.actor.userId !== null ? await endSessionUrlOf(ctx, ctx.actor.userId) : null;
      if (ctx.actor?.sessionId) await invalidateSession(ctx.db, ctx.actor.sessionId);
      ctx.clearSessionCookie();
      return endSessionUrl ? { ok: true as const, endSessionUrl } : { ok: true as const };
    }),

  info: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/user/info' }, summary: 'Account info of the caller', tags: ['auth'] })
    .output(ZUserInfo)
    .query(({ ctx }) => {
      const a = ctx.actor;
      return {
        username: a.username,
        accountId: a.accountId,
        accountName: a.accountName,
        defaultResource: a.defaultResource,
        lockDefaultResource: a.lockDefaultResource,
        defaultDescription: a.defaultDescription,
        resourceUnits: a.resourceUnits,
        profileType: a.profileType,
        languageCode: a.languageCode,
        teamCode: a.teamCode,
        supportEmail: ctx.env.SUPPORT_EMAIL,
      };
    }),
};

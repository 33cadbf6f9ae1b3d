import { ZLoginInput, ZOk, ZUserInfo } from '../../shared/schemas/auth';
import { ZLoginResult } from '../../shared/schemas/security';
import { afterPassword } from '../auth/second-factor';
import { checkLogin } from '../auth/login';
import { createSession, invalidateSession } from '../auth/sessions';
import { authedProcedure, publicProcedure } from '../trpc';

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
      // Issue 41: a user with a second factor (or whose account requires one) gets no session yet.
      const next = await afterPassword(ctx.db, userId, input.remember);
      if (next.kind !== 'session') return { ok: false as const, secondFactor: next.kind, challenge: next.challenge };
      const session = await createSession(ctx.db, userId, input.remember);
      ctx.setSessionCookie(session.token, input.remember ? session.expiresAt : null);
      return { ok: true as const };
    }),

  logout: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/user/logout' }, summary: 'Log out; ends the session', tags: ['auth'] })
    .output(ZOk)
    .mutation(async ({ ctx }) => {
      if (ctx.actor?.sessionId) await invalidateSession(ctx.db, ctx.actor.sessionId);
      ctx.clearSessionCookie();
      return { ok: true as const };
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

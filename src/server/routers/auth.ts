import { ZLoginInput, ZOk, ZUserInfo } from '../../shared/schemas/auth';
import { ERR } from '../../shared/errors';
import { checkLogin } from '../auth/login';
import { createSession, invalidateSession } from '../auth/sessions';
import { AppError } from '../errors';
import { authedProcedure, publicProcedure } from '../trpc';

/** Login, logout and account info; merged into the `user` router (spec §7 /api/user/...). */
export const authProcedures = {
  login: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/user/login' }, summary: 'Log in; sets the session cookie', tags: ['auth'] })
    .input(ZLoginInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      const userId = await checkLogin(ctx.db, input.username, input.password);
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
    .query(async ({ ctx }) => {
      const account = await ctx.db
        .selectFrom('account')
        .select(['id', 'name', 'resourceUnits'])
        .where('id', '=', ctx.actor.accountId)
        .executeTakeFirst();
      if (!account) throw new AppError('UNAUTHORIZED', ERR.unauthorized);
      const user = ctx.actor.userId
        ? await ctx.db
            .selectFrom('appUser')
            .select(['defaultResource', 'lockDefaultResource', 'defaultDescription'])
            .where('id', '=', ctx.actor.userId)
            .executeTakeFirst()
        : undefined;
      return {
        username: ctx.actor.username,
        accountId: account.id,
        accountName: account.name,
        defaultResource: user?.defaultResource ?? null,
        lockDefaultResource: user?.lockDefaultResource ?? false,
        defaultDescription: user?.defaultDescription ?? null,
        resourceUnits: account.resourceUnits,
        profileType: ctx.actor.profileType,
        languageCode: ctx.actor.languageCode,
        teamCode: ctx.actor.teamCode,
        supportEmail: ctx.env.SUPPORT_EMAIL,
      };
    }),
};

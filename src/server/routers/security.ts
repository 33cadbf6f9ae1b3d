import { findSecondFactorRequired, setSecondFactorRequired } from '../../../db/queries/second-factor';
import { coded } from '../../shared/error-codes';
import { ERR } from '../../shared/errors';
import { ZAccountSecurity, ZCodeInput, ZRecoveryCodes, ZSecondFactorInput, ZSecurity, ZTotpConfirmInput, ZTotpStart, ZTotpStartInput } from '../../shared/schemas/security';
import { ZOk } from '../../shared/schemas/auth';
import * as sf from '../auth/second-factor';
import { createSession } from '../auth/sessions';
import type { Context } from '../context';
import { AppError } from '../errors';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../trpc';

const tags = ['security'];

/** The signed-in person. The API key is no login (it has no second factor of its own): 401 like no session. */
function sessionUser(ctx: Pick<Context, 'actor'>): { userId: number; username: string } {
  const a = ctx.actor;
  if (!a || a.kind !== 'session' || a.userId === null) throw new AppError('UNAUTHORIZED', ERR.unauthorized);
  return { userId: a.userId, username: a.username };
}

/** Enrolling either signed in or in the middle of a login whose account requires a second factor. */
async function enrollingUser(ctx: Context, challenge: string | undefined): Promise<{ userId: number; username: string; challenge?: sf.Challenge }> {
  if (challenge === undefined) return sessionUser(ctx);
  const found = await sf.readChallenge(ctx.db, challenge);
  if (found.enrolled) throw new AppError('CONFLICT', coded('TOTP_ALREADY_ENROLLED'));
  return { userId: found.userId, username: found.username, challenge: found };
}

/** Issue 41 §4 (decision 0340): the second step of a login, the user's security page, the account's rule. */
export const securityRouter = router({
  loginCode: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/user/login/second-factor' }, summary: 'Second step of a login: a TOTP or recovery code; sets the session cookie', tags })
    .input(ZSecondFactorInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      const challenge = await sf.readChallenge(ctx.db, input.challenge);
      const userId = await sf.verifyLoginCode(ctx.db, ctx.log, ctx.secret, challenge, input.code, ctx.ip);
      await sf.endChallenge(ctx.db, input.challenge);
      const session = await createSession(ctx.db, userId, challenge.remember);
      ctx.setSessionCookie(session.token, challenge.remember ? session.expiresAt : null);
      return { ok: true as const };
    }),

  get: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/user/security' }, summary: "The caller's second factor: on, recovery codes left, required by the account", tags })
    .output(ZSecurity)
    .query(({ ctx }) => sf.securityOf(ctx.db, sessionUser(ctx).userId)),

  totpStart: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/user/security/totp' }, summary: 'A new secret for an authenticator app (not on until confirmed)', tags })
    .input(ZTotpStartInput)
    .output(ZTotpStart)
    .mutation(async ({ ctx, input }) => {
      const who = await enrollingUser(ctx, input.challenge);
      return sf.startTotp(ctx.db, ctx.secret, who.userId, who.username);
    }),

  totpConfirm: publicProcedure
    .meta({
      rest: { method: 'POST', path: '/api/user/security/totp/confirm' },
      summary: 'Turns two-factor on with a code of the new secret; answers the 10 recovery codes once',
      tags,
    })
    .input(ZTotpConfirmInput)
    .output(ZRecoveryCodes)
    .mutation(async ({ ctx, input }) => {
      const who = await enrollingUser(ctx, input.challenge);
      const recoveryCodes = await sf.confirmTotp(ctx.db, ctx.log, ctx.secret, who.userId, input.code, ctx.ip);
      if (who.challenge && input.challenge !== undefined) {
        // The login the account held back until a second factor was on: it ends in a session now.
        await sf.endChallenge(ctx.db, input.challenge);
        const session = await createSession(ctx.db, who.userId, who.challenge.remember);
        ctx.setSessionCookie(session.token, who.challenge.remember ? session.expiresAt : null);
      }
      return { recoveryCodes };
    }),

  totpDisable: authedProcedure
    .meta({ rest: { method: 'POST', path: '/api/user/security/totp/disable', keyless: true }, summary: 'Turns two-factor off (a current code confirms it)', tags })
    .input(ZCodeInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      const { userId } = sessionUser(ctx);
      const state = await sf.securityOf(ctx.db, userId);
      if (!state.totp) throw new AppError('BAD_REQUEST', coded('TOTP_NOT_ENROLLED'));
      // A passkey is a second factor too: with one, the account's rule still holds (decision 0400).
      if (state.required && state.passkeys === 0) throw new AppError('FORBIDDEN', coded('SECOND_FACTOR_REQUIRED'));
      await sf.requireCode(ctx.db, ctx.log, ctx.secret, userId, input.code, ctx.ip);
      await sf.removeTotp(ctx.db, userId);
      return { ok: true as const };
    }),

  recoveryCodes: authedProcedure
    .meta({
      rest: { method: 'POST', path: '/api/user/security/recovery-codes', keyless: true },
      summary: 'New recovery codes (a current code confirms it); the old ones stop working',
      tags,
    })
    .input(ZCodeInput)
    .output(ZRecoveryCodes)
    .mutation(async ({ ctx, input }) => {
      const { userId } = sessionUser(ctx);
      if (!(await sf.securityOf(ctx.db, userId)).totp) throw new AppError('BAD_REQUEST', coded('TOTP_NOT_ENROLLED'));
      await sf.requireCode(ctx.db, ctx.log, ctx.secret, userId, input.code, ctx.ip);
      return { recoveryCodes: await sf.newRecoveryCodesFor(ctx.db, userId) };
    }),

  account: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/account/security', keyless: true }, summary: 'Who of the account must use a second factor', tags: ['account'] })
    .output(ZAccountSecurity)
    .query(async ({ ctx }) => ({ secondFactorRequired: await findSecondFactorRequired(ctx.db, ctx.actor.accountId) })),

  setAccount: adminProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/account/security', keyless: true },
      summary: "Sets who must use a second factor: none, privileged (Admins and Teamleaders) or everyone; applies from each user's next login",
      tags: ['account'],
    })
    .input(ZAccountSecurity)
    .output(ZAccountSecurity)
    .mutation(async ({ ctx, input }) => {
      await setSecondFactorRequired(ctx.db, ctx.actor.accountId, input.secondFactorRequired);
      return input;
    }),
});

import { z } from 'zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { ZOk } from '../../shared/schemas/auth';
import {
  ZPasskey,
  ZPasskeyIdInput,
  ZPasskeyList,
  ZPasskeyLoginInput,
  ZPasskeyLoginOptionsInput,
  ZPasskeyOptions,
  ZPasskeyRegisterInput,
  ZPasskeyRenameInput,
  ZPasskeySecondFactorInput,
} from '../../shared/schemas/passkeys';
import { coded } from '../../shared/error-codes';
import { ERR } from '../../shared/errors';
import * as pk from '../auth/passkeys';
import * as sf from '../auth/second-factor';
import { createSession } from '../auth/sessions';
import { passwordRefused } from '../auth/sso';
import type { Context } from '../context';
import { AppError } from '../errors';
import { authedProcedure, publicProcedure, router } from '../trpc';

const tags = ['security'];

/** The signed-in person; the API key is no login (401 like no session). */
function sessionUser(ctx: Pick<Context, 'actor'>): { accountId: number; userId: number; username: string } {
  const a = ctx.actor;
  if (!a || a.kind !== 'session' || a.userId === null) throw new AppError('UNAUTHORIZED', ERR.unauthorized);
  return { accountId: a.accountId, userId: a.userId, username: a.username };
}

// The inputs are checked by zod (loose objects where the browser adds fields); the library reads them as its JSON types.
const asRegistration = (r: unknown) => r as RegistrationResponseJSON;
const asAuthentication = (r: unknown) => r as AuthenticationResponseJSON;

/** Issue 41 §3 (decision 0400): the user's passkeys, a sign-in with one, and a passkey as the second step. */
export const passkeysRouter = router({
  list: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/user/security/passkeys', keyless: true, sessionOnly: true }, summary: "The caller's passkeys", tags })
    .output(ZPasskeyList)
    .query(async ({ ctx }) => ({ passkeys: await pk.listPasskeys(ctx.db, sessionUser(ctx).userId) })),

  registerOptions: authedProcedure
    .meta({
      rest: { method: 'POST', path: '/api/user/security/passkeys/options', keyless: true, sessionOnly: true },
      summary: 'Options for navigator.credentials.create (a new passkey); the challenge is good once, 5 minutes',
      tags,
    })
    .output(ZPasskeyOptions)
    .mutation(({ ctx }) => pk.registrationOptions(ctx.db, pk.relyingParty(ctx.req, ctx.env), ctx.secret, sessionUser(ctx))),

  register: authedProcedure
    .meta({
      rest: { method: 'POST', path: '/api/user/security/passkeys', status: 201, keyless: true, sessionOnly: true },
      summary: "Registers a passkey: the browser's answer to the options, and a name",
      tags,
    })
    .input(ZPasskeyRegisterInput)
    .output(ZPasskey)
    .mutation(({ ctx, input }) => pk.register(ctx.db, ctx.log, pk.relyingParty(ctx.req, ctx.env), sessionUser(ctx), input.name, asRegistration(input.response))),

  rename: authedProcedure
    .meta({ rest: { method: 'PUT', path: '/api/user/security/passkeys', sessionOnly: true }, summary: "Renames one of the caller's passkeys", tags })
    .input(ZPasskeyRenameInput)
    .output(ZPasskey)
    .mutation(({ ctx, input }) => pk.renamePasskey(ctx.db, sessionUser(ctx).userId, input.id, input.name)),

  remove: authedProcedure
    .meta({
      rest: { method: 'DELETE', path: '/api/user/security/passkeys', status: 204, sessionOnly: true },
      summary: "Removes one of the caller's passkeys (not the last second factor the account requires)",
      tags,
    })
    .input(ZPasskeyIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      const { userId } = sessionUser(ctx);
      await pk.removePasskey(ctx.db, userId, input.id, await sf.securityOf(ctx.db, userId));
    }),

  loginOptions: publicProcedure
    .meta({
      rest: { method: 'POST', path: '/api/user/login/passkey/options' },
      summary: 'Options for navigator.credentials.get: any passkey of this site, or with the challenge of a password login the passkeys of its user (second step)',
      tags,
    })
    .input(ZPasskeyLoginOptionsInput)
    .output(ZPasskeyOptions)
    .mutation(async ({ ctx, input }) => {
      const forUser = input.challenge === undefined ? null : (await sf.readChallenge(ctx.db, input.challenge)).userId;
      return pk.authenticationOptions(ctx.db, pk.relyingParty(ctx.req, ctx.env), forUser);
    }),

  login: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/user/login/passkey' }, summary: 'Signs in with a passkey (usernameless); sets the same session cookie as a password login', tags })
    .input(ZPasskeyLoginInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      const userId = await pk.verifyPasskey(ctx.db, ctx.log, pk.relyingParty(ctx.req, ctx.env), ctx.secret, asAuthentication(input.response), ctx.ip, null);
      // An account that requires SSO lets only its break-glass user in another way (decision 0390).
      if (await passwordRefused(ctx, userId)) throw new AppError('FORBIDDEN', coded('SSO_REQUIRED'));
      const remember = input.remember ?? true;
      const session = await createSession(ctx.db, userId, remember);
      ctx.setSessionCookie(session.token, remember ? session.expiresAt : null);
      return { ok: true as const };
    }),

  secondFactor: publicProcedure
    .meta({
      rest: { method: 'POST', path: '/api/user/login/second-factor/passkey' },
      summary: "Second step of a login with one of the user's passkeys; sets the session cookie",
      tags,
    })
    .input(ZPasskeySecondFactorInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      const challenge = await sf.readChallenge(ctx.db, input.challenge);
      const userId = await pk.verifyPasskey(ctx.db, ctx.log, pk.relyingParty(ctx.req, ctx.env), ctx.secret, asAuthentication(input.response), ctx.ip, challenge.userId);
      await sf.endChallenge(ctx.db, input.challenge);
      const session = await createSession(ctx.db, userId, challenge.remember);
      ctx.setSessionCookie(session.token, challenge.remember ? session.expiresAt : null);
      return { ok: true as const };
    }),
});

import { ZSsoRemoveInput, ZSsoOptions, ZSsoOptionsInput, ZSsoSettingsAnswer, ZSsoSettingsInput, ZSsoTestInput, ZSsoTestResult } from '../../shared/schemas/sso';
import { z } from 'zod';
import * as sso from '../auth/sso';
import { adminProcedure, publicProcedure, router } from '../trpc';
import { AppError } from '../errors';
import { ERR } from '../../shared/errors';
import { coded } from '../../shared/error-codes';

const tags = ['sso'];

/** Issue 41 §1–§2 (decision 0390): the login page's SSO buttons and the Admin's SSO settings. */
export const ssoRouter = router({
  options: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/auth/sso/options' }, summary: "The login page's single sign-on buttons (?account=CODE, or the only account with SSO)", tags })
    .input(ZSsoOptionsInput)
    .output(ZSsoOptions)
    .query(({ ctx, input }) => sso.ssoOptions(ctx, input.account)),

  get: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/account/sso', keyless: true },
      summary: "The account's OpenID Connect provider (never its client secret) and the redirect URI to register",
      tags,
    })
    .output(ZSsoSettingsAnswer)
    .query(async ({ ctx }) => ({ settings: await sso.settingsOf(ctx, ctx.req, ctx.actor.accountId), redirectUri: sso.redirectUri(ctx.req, ctx.env) })),

  set: adminProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/account/sso', keyless: true },
      summary: "Sets the account's OpenID Connect provider; a left-out client secret keeps the stored one",
      tags,
    })
    .input(ZSsoSettingsInput)
    .output(ZSsoSettingsAnswer)
    .mutation(async ({ ctx, input }) => {
      // An Admin who requires SSO names the break-glass Admin who may still use a password.
      if (input.ssoRequired && !input.breakGlassUsername) throw new AppError('BAD_REQUEST', coded('VALIDATION'), { breakGlassUsername: [ERR.required] });
      await sso.saveSettings(ctx, ctx.actor.accountId, input);
      return { settings: await sso.settingsOf(ctx, ctx.req, ctx.actor.accountId), redirectUri: sso.redirectUri(ctx.req, ctx.env) };
    }),

  remove: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/account/sso/remove', status: 204, keyless: true },
      summary: "Removes the account's provider (linked identities stay for a provider set up again)",
      tags,
    })
    .input(ZSsoRemoveInput)
    .output(z.void())
    .mutation(async ({ ctx }) => {
      await sso.removeSettings(ctx, ctx.actor.accountId);
    }),

  testResult: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/account/sso/test', mayNotFind: true },
      summary: "What the provider returned to the Admin's test sign-in (GET /api/auth/sso/start?test=1): the ID token's claims",
      tags,
    })
    .input(ZSsoTestInput)
    .output(ZSsoTestResult)
    .query(({ ctx, input }) => {
      if (ctx.actor.kind !== 'session' || ctx.actor.userId === null) throw new AppError('NOT_FOUND', ERR.notFound);
      return sso.testResult(ctx, ctx.actor.accountId, ctx.actor.userId, input.state);
    }),
});

import { ZAccount, ZApiKey, ZNewApiKey, ZUpdateAccountInput } from '../../shared/schemas/account';
import { getAccount, getApiKey, regenerateApiKey, updateAccount } from '../services/account';
import { adminProcedure, router } from '../trpc';

const tags = ['account'];

/** Account settings and API key (spec §7 /api/account...). Admin or the API key. */
export const accountRouter = router({
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/account' }, summary: 'Account settings (never the API key)', tags })
    .output(ZAccount)
    .query(({ ctx }) => getAccount(ctx.db, ctx.actor)),

  update: adminProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/account' },
      summary: 'Save the settings; id must be your account. Turning off showX clears mandatoryX.',
      tags,
    })
    .input(ZUpdateAccountInput)
    .output(ZAccount)
    .mutation(({ ctx, input }) => updateAccount(ctx.db, ctx.actor, input)),

  apiKey: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/account/api-key' }, summary: 'The current API key, or null', tags })
    .output(ZApiKey)
    .query(({ ctx }) => getApiKey(ctx.db, ctx.secret, ctx.actor)),

  generateApiKey: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/account/generate-api-key' },
      summary: 'A new API key; the old one stops working at once',
      tags,
    })
    .output(ZNewApiKey)
    .mutation(({ ctx }) => regenerateApiKey(ctx.db, ctx.secret, ctx.actor)),
});

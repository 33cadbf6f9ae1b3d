import { ZAccount, ZApiKey, ZNewApiKey, ZUpdateAccountInput } from '../../shared/schemas/account';
import { ZClosedPeriod, ZSetClosedPeriodInput } from '../../shared/schemas/period';
import { getAccount, getApiKey, regenerateApiKey, updateAccount } from '../services/account';
import { getClosedPeriod, setClosedPeriod } from '../services/period';
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

  closedPeriod: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/account/closed-period', keyless: true },
      summary: 'The closed period: entries dated on or before `closedUntil` cannot be changed; with the newest closes and reopens',
      tags,
    })
    .output(ZClosedPeriod)
    .query(({ ctx }) => getClosedPeriod(ctx.db, ctx.actor)),

  setClosedPeriod: adminProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/account/closed-period', keyless: true },
      summary: 'Close the account’s time up to a date, or reopen (an earlier date or null); recorded in the log',
      description: [
        'Issue 40 §3. While a date is closed, no entry dated on or before it can be created, copied, edited, deleted, approved or unapproved, or returned —',
        'by anyone, through any path: those calls answer 409 `PERIOD_CLOSED` with `params.date` the closed date. Export and reports still work.',
        'The close waits for the writes under way and no entry of the closed period changes after it commits. Each change is logged (who, when, from, to).',
      ].join(' '),
      tags,
    })
    .input(ZSetClosedPeriodInput)
    .output(ZClosedPeriod)
    .mutation(({ ctx, input }) => setClosedPeriod(ctx.db, ctx.actor, input.closedUntil ?? null)),
});

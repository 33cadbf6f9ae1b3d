import { z } from 'zod';
import { optionalIsoDate } from '../../shared/fields';
import { REPORT_COMMA_LISTS, REPORT_GROUPS, REPORT_MEASURES, ZReport, ZReportInput } from '../../shared/schemas/report';
import { buildReport, reportGlance } from '../services/report';
import { authedProcedure } from '../trpc';

const tags = ['report'];

/** Reports (issue 26): sums of the entries the caller may see, grouped, with subtotals and a total. */
export const reportRouter = {
  get: authedProcedure
    .meta({
      rest: { method: 'GET', path: '/api/report', commaLists: REPORT_COMMA_LISTS },
      summary: 'A report: hours, quantities per unit of measure, entries and shares approved / exported, grouped by one or two levels, with subtotals and a total',
      description: [
        `Groups (\`group\`, one or two, comma-separated): ${REPORT_GROUPS.join(', ')}. Measures (\`measures\`): ${REPORT_MEASURES.join(', ')}.`,
        'Summed in SQL over open and archived entries (`source`), in one statement with GROUPING SETS: every subtotal and the total are the sums of the rows they cover.',
        'Whose entries follows the lists (spec §6): `mode` YOURS / TEAM / ALL, by default the widest the caller has; a Basic user always gets their own.',
        'A unit key is `Resource:R01` or `Item:1000`; a week key `2026-W48`; a month key `2026-11`.',
        'Unknown group or measure names, more than two groups, a period over 5 years or a `person` outside the scope answer 400 naming the parameter.',
      ].join(' '),
      tags,
    })
    .input(ZReportInput)
    .output(ZReport)
    .query(({ ctx, input }) => buildReport(ctx.db, ctx.actor, input)),

  glance: authedProcedure
    .meta({
      summary:
        'The home page at a glance: a team leader’s entries waiting for approval in the team, the caller’s entries sent back to them, and the caller’s hours this week and last week',
      tags,
    })
    .input(z.object({ today: optionalIsoDate().optional() }).optional())
    .output(z.object({ waiting: z.number().int().nullable(), returned: z.number().int(), thisWeek: z.number(), lastWeek: z.number(), week: z.string() }))
    .query(({ ctx, input }) => reportGlance(ctx.db, ctx.actor, input ?? {})),
};

import { z } from 'zod';
import { optionalIsoDate } from '../../shared/fields';
import { ZBulkApproveResult } from '../../shared/schemas/worksheet';
import { ZApproveWeekInput, ZUnsubmittedWeeks, ZWeekSubmission, ZWeekSubmissionInput } from '../../shared/schemas/week-submission';
import { approveWeek, getWeekSubmission, submitWeek, unsubmittedWeeksOf } from '../services/worksheet-submit';
import { authedProcedure } from '../trpc';

const tags = ['worksheet'];

const LOCK = [
  'While a week is submitted, its owner (and anyone who may not approve the entries) cannot create, edit, move, copy into or delete entries of it:',
  '409 `WEEK_SUBMITTED` with `params.week`. A team leader (TEAM scope) or an admin may still change them. A return (POST /api/worksheet/return) of any entry',
  'of the week opens it again (state `returned`) until the worker resubmits; the resubmit clears the returns of the week’s entries.',
  'With the account’s `submitWeeks` off (the default) there is no lock and these calls answer 409 `WEEK_SUBMIT_OFF`.',
].join(' ');

/** Issue 40 §2: submitting a week (decision 0410), merged into the `worksheet` router. */
export const worksheetSubmitRouter = {
  weekSubmission: authedProcedure
    .meta({
      rest: { method: 'GET', path: '/api/worksheet/week-submission', mayForbid: true, mayNotFind: true },
      summary: 'Whether a person’s week is submitted: open, submitted, returned (resubmit) or approved, with its log',
      description: `Who may read it: as GET /api/worksheet/week (the caller; a Teamleader their team; an Admin anyone). ${LOCK}`,
      tags,
    })
    .input(ZWeekSubmissionInput)
    .output(ZWeekSubmission)
    .query(({ ctx, input }) => getWeekSubmission(ctx.db, ctx.actor, input)),

  submitWeek: authedProcedure
    .meta({
      rest: { method: 'POST', path: '/api/worksheet/submit-week', mayForbid: true, mayNotFind: true },
      summary: 'Submit a week: “my week is done” (resubmit after a return)',
      description: [
        '`username` omitted = the caller; a Teamleader may submit for a member of their team, an Admin for anyone. Submitting a submitted week changes nothing.',
        'One `worksheet.submitted` webhook event per entry of the week.',
        LOCK,
      ].join(' '),
      tags,
    })
    .input(ZWeekSubmissionInput)
    .output(ZWeekSubmission)
    .mutation(({ ctx, input }) => submitWeek(ctx.db, ctx.actor, input)),

  approveWeek: authedProcedure
    .meta({
      rest: { method: 'POST', path: '/api/worksheet/approve-week', mayForbid: true, mayNotFind: true },
      summary: 'Approve a person’s submitted week: every open entry of it',
      description: [
        'A Teamleader for a member of their team, an Admin for anyone (403 otherwise, 404 for an unknown user).',
        '409 `WEEK_NOT_SUBMITTED` when the week is not submitted (or was sent back and not resubmitted).',
        'Each entry passes the rule of PUT /api/worksheet/approve/bulk: refused entries (closed period, exported, not allowed) are listed in `refused` and left alone.',
      ].join(' '),
      tags,
    })
    .input(ZApproveWeekInput)
    .output(ZBulkApproveResult)
    .mutation(({ ctx, input }) => approveWeek(ctx.db, ctx.actor, input)),

  unsubmittedWeeks: authedProcedure
    .meta({
      rest: { method: 'GET', path: '/api/worksheet/unsubmitted-weeks' },
      summary: 'The caller’s past weeks (up to 8 back) with open entries that are not submitted: the home page’s reminder',
      tags,
    })
    .input(z.object({ today: optionalIsoDate().optional() }).optional())
    .output(ZUnsubmittedWeeks)
    .query(({ ctx, input }) => unsubmittedWeeksOf(ctx.db, ctx.actor, input?.today ?? new Date().toISOString().slice(0, 10))),
};

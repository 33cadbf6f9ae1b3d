import { z } from 'zod';
import { bool, code, optionalCode, plainString } from '../fields';
import { ERR } from '../errors';
import { MAX } from '../limits';
import { isValidWeek } from '../week';

/* Submitting a week (issue 40 §2, decision 0410). */

const week = () =>
  plainString()
    .regex(/^\d{4}-W\d{2}$/, { error: ERR.invalidDate, abort: true })
    .refine(isValidWeek, ERR.invalidDate)
    .meta({ example: '2026-W46', description: 'ISO 8601 week, Monday to Sunday' });

/** GET /api/worksheet/week-submission and POST /api/worksheet/submit-week: one person's week (omitted = the caller). */
export const ZWeekSubmissionInput = z.object({
  accountId: z.unknown().optional().describe('Ignored; the account is the caller’s'),
  week: week(),
  username: optionalCode(MAX.username)
    .optional()
    .describe('Whose week: omitted = the caller. A Teamleader may name a member of their team, an Admin any user (403 otherwise, 404 for an unknown user).'),
});
export type TWeekSubmissionInput = z.input<typeof ZWeekSubmissionInput>;

/** POST /api/worksheet/approve-week: a person's submitted week. */
export const ZApproveWeekInput = z.object({
  accountId: z.unknown().optional().describe('Ignored; the account is the caller’s'),
  week: week(),
  username: code(MAX.username).describe('Whose week'),
  dryRun: bool().optional().describe('Run every check and answer the report without approving'),
});
export type TApproveWeekInput = z.input<typeof ZApproveWeekInput>;

export const WEEK_STATES = ['open', 'submitted', 'returned', 'approved'] as const;
export type WeekState = (typeof WEEK_STATES)[number];

export const ZWeekSubmission = z.object({
  /** The account's setting "Workers submit their weeks". */
  enabled: z.boolean(),
  week: z.string(),
  username: z.string(),
  /** open: not submitted; submitted: waiting for approval; returned: an entry was sent back, resubmit; approved: submitted and every entry approved. */
  state: z.enum(WEEK_STATES),
  submittedAt: z.string().nullable(),
  submittedBy: z.string().nullable(),
  returnedAt: z.string().nullable(),
  returnedBy: z.string().nullable(),
  entries: z.number(),
  /** approved or exported */
  approved: z.number(),
  /** sent back, not yet fixed */
  returned: z.number(),
  /** the caller may submit the week now */
  canSubmit: z.boolean(),
  /** the caller may approve the week now (a team leader of the person, or an admin, and the week is submitted) */
  canApprove: z.boolean(),
  /** the week's submits, resubmits, returns and approvals, newest first (at most 20) */
  log: z.array(z.object({ action: z.enum(['submit', 'resubmit', 'return', 'approve']), username: z.string(), at: z.string() })),
});
export type TWeekSubmission = z.infer<typeof ZWeekSubmission>;

/** GET /api/worksheet/unsubmitted-weeks: the home page's reminder. */
export const ZUnsubmittedWeeks = z.object({
  enabled: z.boolean(),
  /** Past ISO weeks (before this one, at most 8 weeks back) holding the caller's open entries that are not submitted, newest first. */
  weeks: z.array(z.string()),
});
export type TUnsubmittedWeeks = z.infer<typeof ZUnsubmittedWeeks>;

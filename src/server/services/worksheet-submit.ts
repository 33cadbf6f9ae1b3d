import type { Database } from '../../../db/database';
import { findRecords, openIdsOfUser } from '../../../db/queries/worksheet';
import { findAccountUser } from '../../../db/queries/worksheet-week';
import {
  clearReturns,
  findSubmission,
  insertSubmissionLog,
  returnSubmissionsOf,
  submissionLog,
  submitWeeksOn,
  unsubmittedWeeks,
  upsertSubmission,
  weekCounts,
  type SubmissionRow,
} from '../../../db/queries/week-submission';
import { coded } from '../../shared/error-codes';
import { ERR } from '../../shared/errors';
import type { TBulkApproveResult } from '../../shared/schemas/worksheet';
import type { TUnsubmittedWeeks, TWeekSubmission, WeekState, ZApproveWeekInput, ZWeekSubmissionInput } from '../../shared/schemas/week-submission';
import { addWeeks, weekDays, weekOf } from '../../shared/week';
import type { z } from 'zod';
import type { Actor } from '../context';
import { AppError } from '../errors';
import { recordHistories } from './history';
import { emitWorksheetEvents } from './webhooks';
import { approveIds } from './worksheet-approve';
import type { Trx } from './worksheet-record';
import { weekOwner } from './worksheet-week';

/*
 * Submitting a week (issue 40 §2, decision 0410). A week_submission row per (owner, ISO week) while
 * it is submitted; a return of any of its entries marks it returned (open again for the worker);
 * the worker's resubmit clears the returns of the week's entries and the mark. The worker's lock
 * is in worksheet-week-lock.ts.
 */

const same = (a: string | null | undefined, b: string | null | undefined) => a != null && b != null && a.toLowerCase() === b.toLowerCase();
const submitOff = () => new AppError('CONFLICT', coded('WEEK_SUBMIT_OFF'));
/** How many weeks back the home page's reminder looks. */
const REMINDER_WEEKS = 8;
const LOG_LINES = 20;

function stateOf(sub: SubmissionRow | undefined, counts: { entries: number; approved: number }): WeekState {
  if (!sub) return 'open';
  if (sub.returnedAt !== null) return 'returned';
  return counts.entries > 0 && counts.approved === counts.entries ? 'approved' : 'submitted';
}

const mayApproveWeekOf = (actor: Actor, ownerTeam: string | null) =>
  actor.profileType === 'Admin' || (actor.profileType === 'Teamleader' && actor.teamCode !== null && same(ownerTeam, actor.teamCode));

async function weekState(
  db: Database | Trx,
  actor: Actor,
  enabled: boolean,
  owner: { id: number; username: string; teamCode: string | null },
  week: string,
): Promise<TWeekSubmission> {
  const days = weekDays(week);
  const [sub, counts, log] = [
    await findSubmission(db, actor.accountId, owner.id, days[0]!),
    await weekCounts(db, actor.accountId, owner.id, days[0]!, days[6]!),
    await submissionLog(db, actor.accountId, owner.id, days[0]!, LOG_LINES),
  ];
  const state = stateOf(sub, counts);
  const own = same(owner.username, actor.username);
  const approver = mayApproveWeekOf(actor, owner.teamCode);
  return {
    enabled,
    week,
    username: owner.username,
    state,
    submittedAt: sub?.submittedAt.toISOString() ?? null,
    submittedBy: sub?.submittedBy ?? null,
    returnedAt: sub?.returnedAt?.toISOString() ?? null,
    returnedBy: sub?.returnedBy ?? null,
    entries: counts.entries,
    approved: counts.approved,
    returned: counts.returned,
    canSubmit: enabled && (own || approver) && (state === 'open' || state === 'returned'),
    canApprove: enabled && approver && state === 'submitted',
    log: log.map((l) => ({ action: l.action, username: l.username, at: l.at.toISOString() })),
  };
}

/** GET /api/worksheet/week-submission: the week's state for the week view (who may see it: as the week view). */
export async function getWeekSubmission(db: Database, actor: Actor, input: z.output<typeof ZWeekSubmissionInput>): Promise<TWeekSubmission> {
  const owner = await weekOwner(db, actor, input.username ?? null);
  return weekState(db, actor, await submitWeeksOn(db, actor.accountId), owner, input.week);
}

/**
 * POST /api/worksheet/submit-week: the worker's "my week is done" (or a leader/admin for them). The
 * week's records are locked in id order (as a return locks them, so a return and a submit of the
 * same week run one after the other), then the submission row. A resubmit (after a return) clears
 * the returns of the week's entries, with an 'update' history line each. Submitting a submitted
 * week changes nothing. One `worksheet.submitted` webhook event per entry of the week.
 */
export async function submitWeek(db: Database, actor: Actor, input: z.output<typeof ZWeekSubmissionInput>): Promise<TWeekSubmission> {
  return db.transaction().execute(async (trx) => {
    if (!(await submitWeeksOn(trx, actor.accountId))) throw submitOff();
    const owner = await weekOwner(trx, actor, input.username ?? null);
    const days = weekDays(input.week);
    const ids = await openIdsOfUser(trx, actor.accountId, owner.id, days[0]!, days[6]!);
    const rows = await findRecords(trx, actor, ids, { forUpdate: true });
    const current = await findSubmission(trx, actor.accountId, owner.id, days[0]!, { forUpdate: true });
    if (current && current.returnedAt === null) return weekState(trx, actor, true, owner, input.week);
    const cleared = await clearReturns(trx, actor.accountId, owner.id, days[0]!, days[6]!);
    const reasons = new Map(rows.map((r) => [r.id, r.returnReason]));
    await recordHistories(
      trx,
      cleared.map((id) => ({
        accountId: actor.accountId,
        worksheetId: id,
        action: 'update' as const,
        username: actor.username,
        changes: { returnReason: { from: reasons.get(id) ?? null, to: null } },
      })),
    );
    await upsertSubmission(trx, actor.accountId, owner.id, days[0]!, actor.username, new Date());
    await insertSubmissionLog(trx, [{ accountId: actor.accountId, userId: owner.id, weekStart: days[0]!, action: current ? 'resubmit' : 'submit', username: actor.username }]);
    await emitWorksheetEvents(trx, actor, 'worksheet.submitted', ids);
    return weekState(trx, actor, true, owner, input.week);
  });
}

/**
 * POST /api/worksheet/approve-week: a team leader (of the person's team) or an admin approves every
 * open entry of a submitted week — the bulk approve's rule per entry (closed period, exported,
 * team scope: refused entries are reported and left alone). 409 WEEK_NOT_SUBMITTED when the week
 * is not submitted (or was sent back and not resubmitted).
 */
export async function approveWeek(db: Database, actor: Actor, input: z.output<typeof ZApproveWeekInput>): Promise<TBulkApproveResult> {
  const user = await findAccountUser(db, actor.accountId, input.username);
  if (!user) throw new AppError('NOT_FOUND', ERR.notFound);
  if (!mayApproveWeekOf(actor, user.teamCode)) throw new AppError('FORBIDDEN', ERR.forbidden);
  return db.transaction().execute(async (trx) => {
    if (!(await submitWeeksOn(trx, actor.accountId))) throw submitOff();
    const days = weekDays(input.week);
    const ids = await openIdsOfUser(trx, actor.accountId, user.id, days[0]!, days[6]!);
    // The records first, then the submission: the order of a return and a submit.
    await findRecords(trx, actor, ids, { forUpdate: true });
    const sub = await findSubmission(trx, actor.accountId, user.id, days[0]!, { forUpdate: true });
    if (!sub || sub.returnedAt !== null) throw new AppError('CONFLICT', coded('WEEK_NOT_SUBMITTED', { week: input.week, user: user.username }));
    const dryRun = input.dryRun ?? false;
    const result = await approveIds(trx, actor, ids, true, dryRun);
    if (!dryRun) await insertSubmissionLog(trx, [{ accountId: actor.accountId, userId: user.id, weekStart: days[0]!, action: 'approve', username: actor.username }]);
    return result;
  });
}

/** A return (worksheet-return.ts) of entries of submitted weeks: those weeks are open again for their owners until resubmitted. */
export async function returnSubmittedWeeks(trx: Trx, actor: Actor, recordIds: readonly number[], at: Date): Promise<void> {
  const weeks = await returnSubmissionsOf(trx, actor.accountId, recordIds, actor.username, at);
  await insertSubmissionLog(
    trx,
    weeks.map((w) => ({ accountId: actor.accountId, userId: w.userId, weekStart: w.weekStart, action: 'return' as const, username: actor.username })),
  );
}

/**
 * GET /api/worksheet/unsubmitted-weeks: the caller's past weeks (up to 8 back, this week not
 * counted) holding open entries that are not submitted — the home page's reminder. Empty when the
 * setting is off or the caller has no user (the API key).
 */
export async function unsubmittedWeeksOf(db: Database, actor: Actor, today: string): Promise<TUnsubmittedWeeks> {
  const enabled = await submitWeeksOn(db, actor.accountId);
  if (!enabled || actor.kind !== 'session' || actor.userId === null) return { enabled, weeks: [] };
  const thisWeek = weekOf(today);
  const since = weekDays(addWeeks(thisWeek, -REMINDER_WEEKS))[0]!;
  const before = weekDays(thisWeek)[0]!;
  const starts = await unsubmittedWeeks(db, actor.accountId, actor.userId, since, before, REMINDER_WEEKS);
  return { enabled, weeks: starts.map(weekOf) };
}

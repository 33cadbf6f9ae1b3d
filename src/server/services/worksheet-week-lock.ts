import { submittedWeekOf } from '../../../db/queries/week-submission';
import { inTeamOf } from '../../../db/queries/team-scope';
import type { WorksheetRowInScope } from '../../../db/queries/worksheet';
import { coded } from '../../shared/error-codes';
import { canApprove } from '../../shared/permissions';
import { weekDays, weekOf } from '../../shared/week';
import type { Database } from '../../../db/database';
import type { Actor } from '../context';
import { AppError } from '../errors';
import type { Trx } from './worksheet-record';

/*
 * The worker's lock of a submitted week (issue 40 §2, decision 0410): while an owner's week is
 * submitted (and not sent back), whoever may not approve the entries — the worker — cannot create,
 * edit, move, copy into or delete entries of it: 409 WEEK_SUBMITTED naming the week. A team
 * leader in TEAM scope and an admin (those who approve) are not locked. With the account's setting
 * off there are no locks (the spec's flow).
 */

/** 409 WEEK_SUBMITTED naming the ISO week. */
export const weekSubmitted = (weekStart: string) => new AppError('CONFLICT', coded('WEEK_SUBMITTED', { week: weekOf(weekStart) }));

const mondays = (dates: ReadonlyArray<string | null | undefined>) => [...new Set(dates.filter((d): d is string => d != null).map((d) => weekDays(weekOf(d))[0]!))];

/** Refuses when the owner's week of any of `dates` is submitted (one query; the account's setting is read in it). */
export async function assertWeeksOpen(db: Database | Trx, accountId: number, owner: string, dates: ReadonlyArray<string | null | undefined>): Promise<void> {
  const hit = await submittedWeekOf(db, accountId, owner, mondays(dates));
  if (hit !== null) throw weekSubmitted(hit);
}

/** Whether the actor may approve entries of an owner of `ownerTeam` on a job of `jobTeam` (and so is not locked). */
export const approvesFor = (actor: Actor, ownerTeam: string | null, jobTeam: string | null) =>
  actor.profileType === 'Admin' || (actor.profileType === 'Teamleader' && inTeamOf(actor.teamCode, ownerTeam, jobTeam) && Boolean(actor.teamCode));

/** A create (or a copy) of `values` by the actor: no query when the setting is off or the actor approves. */
export async function assertCreateWeekOpen(
  db: Database | Trx,
  actor: Actor,
  resolved: { values: { username: string; date: string }; ownerTeam: string | null; jobTeam: string | null; submitWeeks: boolean },
): Promise<void> {
  if (!resolved.submitWeeks || approvesFor(actor, resolved.ownerTeam, resolved.jobTeam)) return;
  await assertWeeksOpen(db, actor.accountId, resolved.values.username, [resolved.values.date]);
}

/** An edit, move or delete of an existing record by the actor (the week of its date, and of its new date). */
export async function assertChangeWeekOpen(
  db: Database | Trx,
  actor: Actor,
  row: WorksheetRowInScope,
  submitWeeks: boolean | null,
  newDate?: string,
  newOwner?: string,
): Promise<void> {
  if (submitWeeks === false) return;
  const perm = { username: row.username, modifiedBy: row.modifiedBy, approvedBy: row.approvedBy, exported: row.exported, returnedBy: row.returnedBy };
  if (canApprove(actor, perm, row)) return;
  await assertWeeksOpen(db, actor.accountId, row.username, [row.date]);
  if (newDate !== undefined && (newDate !== row.date || (newOwner ?? row.username).toLowerCase() !== row.username.toLowerCase())) {
    await assertWeeksOpen(db, actor.accountId, newOwner ?? row.username, [newDate]);
  }
}

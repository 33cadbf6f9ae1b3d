import type { Database } from '../../../db/database';
import { readClosedUntil } from '../../../db/queries/period';
import { findRecords } from '../../../db/queries/worksheet';
import type { Trx } from './worksheet-record';
import { findAccountUser, weekRows, weekUsernames } from '../../../db/queries/worksheet-week';
import { canEditRecord } from '../../shared/permissions';
import { ERR } from '../../shared/errors';
import type { TWeekCell, TWeekRow, TWeekUnitTotal, TWorksheetWeek } from '../../shared/schemas/worksheet-week';
import { weekDays } from '../../shared/week';
import type { Actor } from '../context';
import { AppError } from '../errors';
import { hhmm } from './worksheet-record';
import { inClosedPeriod } from './worksheet-period';

const same = (a: string | null | undefined, b: string | null | undefined) => a != null && b != null && a.toLowerCase() === b.toLowerCase();
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Whose week the caller may see (spec §6, as the lists): their own; a Teamleader a user of their
 * team; an Admin any user of the account. An unknown name (or another account's) is 404; a user
 * the caller may not see is 403 (decision 0213).
 */
export async function weekOwner(db: Database | Trx, actor: Actor, username: string | null) {
  const name = username ?? actor.username;
  const user = await findAccountUser(db, actor.accountId, name);
  if (!user) throw new AppError('NOT_FOUND', ERR.notFound);
  if (same(user.username, actor.username) || actor.profileType === 'Admin') return user;
  if (actor.profileType === 'Teamleader' && actor.teamCode && same(user.teamCode, actor.teamCode)) return user;
  throw new AppError('FORBIDDEN', ERR.forbidden);
}

/** GET /api/worksheet/week: one user's ISO week, rows × Monday–Sunday, summed in SQL (issue 22 §6). */
export async function worksheetWeek(db: Database, actor: Actor, input: { week: string; username: string | null }): Promise<TWorksheetWeek> {
  const owner = await weekOwner(db, actor, input.username);
  const days = weekDays(input.week);
  const sqlRows = await weekRows(db, actor.accountId, owner.id, days);
  const [cells, closedUntil] = await Promise.all([
    weekCells(
      db,
      actor,
      sqlRows.flatMap((r) => r.one.filter((id) => id !== null).map(Number)),
    ),
    readClosedUntil(db, actor.accountId),
  ]);
  const totals = new Map<string, TWeekUnitTotal>();
  const rows: TWeekRow[] = sqlRows.map((r) => {
    const sums = r.d.map((v) => round2(Number(v ?? 0)));
    const total = round2(sums.reduce((a, b) => a + b, 0));
    let t = totals.get(r.unitOfMeasureCode);
    if (!t) {
      t = { code: r.unitOfMeasureCode, label: r.unitOfMeasureDescription || r.unitOfMeasureCode, days: [0, 0, 0, 0, 0, 0, 0], total: 0 };
      totals.set(r.unitOfMeasureCode, t);
    }
    for (let i = 0; i < 7; i++) t.days[i] = round2(t.days[i]! + sums[i]!);
    t.total = round2(t.total + total);
    return {
      jobCode: r.jobCode,
      jobDescription: r.jobDescription,
      jobTaskCode: r.jobTaskCode,
      jobTaskDescription: r.jobTaskDescription,
      customerNo: r.customerNo,
      unitType: r.unitType,
      unitNo: r.unitNo,
      unitDescription: r.unitDescription,
      workTypeCode: r.workTypeCode,
      unitOfMeasureCode: r.unitOfMeasureCode,
      days: sums,
      entries: r.n.map(Number),
      cells: r.one.map((id, i) => {
        const c = id === null ? undefined : cells.get(Number(id));
        return c ? { ...c, editable: c.editable && !inClosedPeriod(closedUntil, days[i]!) } : null;
      }),
      total,
    };
  });
  const ids = sqlRows.flatMap((r) => r.ids.map(Number)).sort((a, b) => a - b);
  const totalList = [...totals.values()].sort((a, b) => a.code.localeCompare(b.code));
  return { week: input.week, username: owner.username, days, rows, totals: totalList, ids, closedUntil, canCreate: same(owner.username, actor.username) };
}

/** Issue 40 §4: the week's single-entry days as grid cells, with whether the caller may change them (the one rule, permissions.ts). */
async function weekCells(db: Database, actor: Actor, ids: number[]): Promise<Map<number, TWeekCell>> {
  const rows = await findRecords(db, actor, ids);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        version: r.version,
        description: r.description,
        customerNo: r.customerNo,
        locationCode: r.locationCode,
        timeFrom: hhmm(r.timeFrom),
        timeTo: hhmm(r.timeTo),
        editable: canEditRecord(actor, { username: r.username, modifiedBy: r.modifiedBy, approvedBy: r.approvedBy, exported: r.exported, returnedBy: r.returnedBy }, r),
      },
    ]),
  );
}

/** The users whose week the caller may open (the week view's person select): Admin all, Teamleader the team, Basic self. */
export async function worksheetWeekUsers(db: Database, actor: Actor): Promise<string[]> {
  if (actor.profileType === 'Admin') return weekUsernames(db, actor.accountId, null);
  if (actor.profileType === 'Teamleader' && actor.teamCode) {
    const team = await weekUsernames(db, actor.accountId, actor.teamCode);
    return team.some((u) => same(u, actor.username)) ? team : [actor.username, ...team];
  }
  return [actor.username];
}

import type { Database } from '../../../db/database';
import { attachmentRefs } from '../../../db/queries/attachments';
import { filterReferences, findRecord, listRecords, listTotals, type WorksheetListFilter } from '../../../db/queries/worksheet';
import { formSettings } from '../../../db/queries/worksheet-create';
import { errorToken } from '../../shared/error-codes';
import { cannotBe, ERR } from '../../shared/errors';
import { PAGE_SIZE_DEFAULT } from '../../shared/limits';
import { byDayOrder, decodeCursor, encodeCursor, type TListTotals } from '../../shared/paging';
import { canSeeRecord, canViewHistory, effectiveMode } from '../../shared/permissions';
import {
  WS_FIELD_NAMES,
  type THistoryEntry,
  type TWorksheetFormSettings,
  type TWorksheetPage,
  type TWorksheetRecord,
  type ZWorksheetListInput,
  type ZWorksheetTotalsInput,
} from '../../shared/schemas/worksheet';
import { groupByDay } from '../../shared/worksheet-rules';
import type { z } from 'zod';
import type { Actor } from '../context';
import { AppError } from '../errors';
import { historyEntries } from './history';
import { badRequest, notFound, toRecord, type Trx } from './worksheet-record';

const same = (a: string | null | undefined, b: string | null | undefined) => a != null && b != null && a.toLowerCase() === b.toLowerCase();

/**
 * The selection of GET /api/worksheet, /api/worksheet/totals and the bulk approve's filter for this
 * caller. The names it is given must exist (issue 23 "never a silently widened result"): an
 * unknown user, customer or job is a 400 on its field; so is a person outside the leader's team
 * on TEAM, or anyone but the caller on YOURS. One extra query, and only when a name is given.
 */
export async function listFilter(db: Database | Trx, actor: Actor, input: z.output<typeof ZWorksheetTotalsInput>): Promise<WorksheetListFilter> {
  const mode = effectiveMode(actor.profileType, input?.mode);
  if (mode === null) throw new AppError('FORBIDDEN', ERR.forbidden);
  const username = input?.username ?? null;
  const customerNo = input?.customerNo ?? null;
  const jobCode = input?.jobCode ?? null;
  let ownerId: number | null = null;
  if (username !== null || customerNo !== null || jobCode !== null) {
    const ref = await filterReferences(db, actor.accountId, { username, customerNo, jobCode });
    const errors: Record<string, string> = {};
    if (username !== null) {
      if (ref.userId === null) errors.username = cannotBe(WS_FIELD_NAMES.username, username);
      else if (mode === 'YOURS' && !same(ref.userName, actor.username)) errors.username = errorToken('FILTER_ONLY_SELF');
      else if (mode === 'TEAM' && !same(ref.userTeam, actor.teamCode)) errors.username = errorToken('FILTER_NOT_IN_TEAM', { user: ref.userName ?? username });
      else ownerId = ref.userId;
    }
    if (customerNo !== null && !ref.customer) errors.customerNo = cannotBe(WS_FIELD_NAMES.customerNo, customerNo);
    if (jobCode !== null && !ref.job) errors.jobCode = cannotBe(WS_FIELD_NAMES.jobCode, jobCode);
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  }
  return {
    accountId: actor.accountId,
    mode,
    userId: actor.kind === 'session' ? actor.userId : null,
    username: actor.username,
    teamCode: actor.teamCode,
    exported: input?.exported ?? false,
    from: input?.from,
    to: input?.to,
    customerNo,
    jobCode,
    batchId: input?.batchId,
    ownerId,
    status: input?.status,
    submission: input?.submission,
  };
}

/**
 * GET /api/worksheet: one page of the caller's list in the requested mode, grouped by day, newest
 * first (issue 9). Two queries per page whatever the size of the selection: the records with the
 * team codes the rights need, and their attachment names.
 */
export async function listWorksheet(db: Database, actor: Actor, input: z.output<typeof ZWorksheetListInput>): Promise<TWorksheetPage> {
  const filter = await listFilter(db, actor, input);
  const limit = input?.limit ?? PAGE_SIZE_DEFAULT;
  const after = input?.cursor ? decodeCursor(input.cursor) : null;
  const rows = await listRecords(db, filter, { after, limit });
  const more = rows.length > limit;
  if (more) rows.length = limit;
  const last = rows[rows.length - 1];
  const nextCursor = more && last ? encodeCursor({ date: last.date, id: last.id }) : null;
  const refs = await attachmentRefs(
    db,
    rows.map((r) => r.id),
  );
  const byRecord = new Map<number, Array<{ id: number; fileName: string }>>();
  for (const a of refs) {
    const list = byRecord.get(a.worksheetId);
    if (list) list.push({ id: a.id, fileName: a.fileName });
    else byRecord.set(a.worksheetId, [{ id: a.id, fileName: a.fileName }]);
  }
  const groups = groupByDay(rows.map((row) => toRecord(actor, row, byRecord.get(row.id) ?? [])));
  for (const g of groups) g.worksheet.sort(byDayOrder);
  return { groups, nextCursor };
}

/** GET /api/worksheet/totals: entries and quantity sums per unit of measure of the whole selection, in SQL. */
export async function listWorksheetTotals(db: Database, actor: Actor, input: z.output<typeof ZWorksheetTotalsInput>): Promise<TListTotals> {
  const units = await listTotals(db, await listFilter(db, actor, input));
  return {
    entries: units.reduce((n, u) => n + u.entries, 0),
    units: units.map((u) => ({ code: u.code, label: u.label, total: Math.round(Number(u.total) * 100) / 100 })),
  };
}

/** A record with its attachments for a caller who may see it (404 otherwise). */
async function loadVisible(db: Database | Trx, actor: Actor, id: number): Promise<TWorksheetRecord> {
  const row = await findRecord(db, actor, id);
  if (!row || !canSeeRecord(actor, row, row)) throw notFound();
  const refs = await attachmentRefs(db, [row.id]);
  return toRecord(
    actor,
    row,
    refs.map((a) => ({ id: a.id, fileName: a.fileName })),
  );
}

export async function getWorksheetRecord(db: Database, actor: Actor, id: number): Promise<TWorksheetRecord> {
  return loadVisible(db, actor, id);
}

/**
 * GET /api/worksheet/{id}/history: only where the record's own `canViewHistory` is true (spec §6:
 * a Teamleader/Admin view, shown when the last modifier differs from the owner). A record the
 * caller cannot see answers 404; one they can see but whose history is not theirs to read answers
 * 403 (DESIGN §6; docs/decisions/0071-history-visibility.md).
 */
export async function worksheetHistory(db: Database, actor: Actor, id: number): Promise<THistoryEntry[]> {
  const row = await findRecord(db, actor, id);
  if (!row || !canSeeRecord(actor, row, row)) throw notFound();
  if (!canViewHistory(actor, row)) throw new AppError('FORBIDDEN', ERR.forbidden);
  return historyEntries(db, actor.accountId, id);
}

/** The account settings and user defaults the entry form works with. */
export async function worksheetFormSettings(db: Database, actor: Actor): Promise<TWorksheetFormSettings> {
  const s = await formSettings(db, actor.accountId, actor.userId);
  if (!s) throw notFound();
  return {
    username: actor.username,
    profileType: actor.profileType,
    teamCode: actor.teamCode,
    ...s.account,
    defaultResource: s.user?.defaultResource ?? null,
    lockDefaultResource: s.user?.lockDefaultResource ?? false,
    defaultDescription: s.user?.defaultDescription ?? null,
  };
}

import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DB, WorksheetRecordTable } from '../types';
import type { Mode } from '../../src/shared/limits';
import { teamScope } from './team-scope';
import { prepared } from '../prepared';
import { submittedCondition } from './week-submission';

export type Db = Kysely<DB> | Transaction<DB>;

export type WorksheetRow = Selectable<WorksheetRecordTable>;
/** A record with what its permissions need besides the record: whether it is in the viewer's TEAM scope (teamScope). */
export type WorksheetRowInScope = WorksheetRow & { inTeam: boolean };

/** Who reads records: the account, and the team whose TEAM scope `inTeam` answers for. */
export interface RecordViewer {
  accountId: number;
  teamCode: string | null;
}

/** The records with `inTeam` for the viewer's team (db/queries/team-scope.ts). */
function recordsInScope(db: Db, viewer: RecordViewer) {
  return db.selectFrom('worksheetRecord as w').selectAll('w').select(teamScope(viewer.teamCode).as('inTeam')).where('w.accountId', '=', viewer.accountId);
}

export interface WorksheetListFilter {
  accountId: number;
  mode: Mode;
  /** the viewer (YOURS): their user id, or their name when they have no id (the API key) */
  userId: number | null;
  username: string;
  /** the viewer's team (TEAM) */
  teamCode: string | null;
  exported: boolean;
  from?: string | null | undefined;
  to?: string | null | undefined;
  customerNo?: string | null | undefined;
  jobCode?: string | null | undefined;
  batchId?: number | null | undefined;
  /** issue 23 §1: one owner, by user id (checked against the account and the team by the service) */
  ownerId?: number | null | undefined;
  /** issue 23 §1: approval state; issue 40 §1: returned */
  status?: 'notApproved' | 'approved' | 'returned' | 'all' | undefined;
  /** issue 40 §2: the owner's week is submitted (not returned) / not */
  submission?: 'submitted' | 'notSubmitted' | undefined;
}

/** A list row: timestamps already as ISO 8601 text (see listRecords). */
export type WorksheetListRow = Omit<WorksheetRowInScope, 'approvedDateTime' | 'createdAt' | 'modifiedDate' | 'exportedAt' | 'returnedAt'> & {
  approvedDateTime: string | null;
  returnedAt: string | null;
  createdAt: string;
  modifiedDate: string | null;
  exportedAt: string | null;
};

const isoText = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The selection of a list, as SQL conditions on `w` (the record); null when it is empty for sure
 * (TEAM without a team).
 */
function listConditions(f: WorksheetListFilter) {
  const scope = scopeConditions(f);
  if (scope === null) return null;
  const where = [...scope, f.exported ? sql`w.exported` : sql`NOT w.exported`];
  if (f.from) where.push(sql`w.date >= ${f.from}::date`);
  if (f.to) where.push(sql`w.date <= ${f.to}::date`);
  if (f.customerNo) where.push(sql`w.customer_no = ${f.customerNo}`);
  if (f.jobCode) where.push(sql`w.job_code = ${f.jobCode}`);
  if (f.batchId) where.push(sql`w.export_batch_id = ${f.batchId}`);
  if (f.ownerId) where.push(sql`w.user_id = ${f.ownerId}`);
  if (f.status === 'notApproved') where.push(sql`w.approved_by IS NULL`);
  if (f.status === 'approved') where.push(sql`w.approved_by IS NOT NULL`);
  if (f.status === 'returned') where.push(sql`w.returned_at IS NOT NULL`);
  if (f.submission === 'submitted') where.push(submittedCondition);
  if (f.submission === 'notSubmitted') where.push(sql`NOT ${submittedCondition}`);
  return sql.join(where, sql` AND `);
}

export type ScopeFilter = Pick<WorksheetListFilter, 'accountId' | 'mode' | 'userId' | 'username' | 'teamCode'>;

/**
 * Whose entries a mode shows (spec §6), as SQL conditions on the record `w`: the
 * account's; YOURS the viewer's own; TEAM those of the team's users or on the team's jobs; null
 * when it is empty for sure (TEAM without a team). The lists and the reports (issue 26) share it.
 */
export function scopeConditions(f: ScopeFilter) {
  const where = [sql`w.account_id = ${f.accountId}`];
  if (f.mode === 'YOURS') {
    where.push(
      f.userId !== null
        ? sql`w.user_id = ${f.userId}`
        : sql`w.user_id = (SELECT id FROM app_user WHERE account_id = ${f.accountId} AND lower(username) = ${f.username.toLowerCase()})`,
    );
  }
  if (f.mode === 'TEAM') {
    if (!f.teamCode) return null;
    where.push(teamScope(f.teamCode));
  }
  return where;
}

/**
 * One page of a list (the worksheet or the archive): keyset pagination on (date DESC, id DESC),
 * which the partial indexes on open and on archived entries serve in order, so a page costs the
 * same on the first day and the thousandth. Reads `limit + 1` rows to know whether more follow.
 * The caller orders each day by start time for display.
 *
 * Written out with camelCase aliases and run without the CamelCasePlugin, and with the
 * timestamps formatted by PostgreSQL: that halves the CPU the driver and Kysely spend on the
 * result (no Date objects to parse and format again, no key mapping) — see
 * docs/decisions/0042-worksheet-list-performance.md.
 */
export async function listRecords(db: Db, f: WorksheetListFilter, page: ListPage): Promise<WorksheetListRow[]> {
  const query = listRecordsQuery(f, page);
  if (!query) return [];
  // A prepared statement per filter combination (a bounded family of texts; decision 0263).
  const plain = db.withoutPlugins();
  const compiled = query.compile(plain);
  prepared(compiled.sql);
  return (await plain.executeQuery(compiled)).rows;
}

export interface ListPage {
  after: { date: string; id: number } | null;
  limit: number;
}

/** The SQL of listRecords (also EXPLAINed by bench/paging.ts); null when the selection is empty for sure. */
export function listRecordsQuery(f: WorksheetListFilter, page: ListPage) {
  const where = listConditions(f);
  if (where === null) return null;
  const after = page.after ? sql` AND (w.date, w.id) < (${page.after.date}::date, ${page.after.id}::integer)` : sql``;
  return sql<WorksheetListRow>`
    SELECT w.id, w.account_id AS "accountId", w.username, w.date,
      w.customer_no AS "customerNo", w.customer_name AS "customerName",
      w.job_code AS "jobCode", w.job_description AS "jobDescription",
      w.job_task_code AS "jobTaskCode", w.job_task_description AS "jobTaskDescription",
      w.location_code AS "locationCode", w.work_type_code AS "workTypeCode", w.work_type_description AS "workTypeDescription",
      w.unit_type AS "unitType", w.unit_no AS "unitNo", w.unit_description AS "unitDescription", w.description,
      w.time_from AS "timeFrom", w.time_to AS "timeTo", w.quantity,
      w.unit_of_measure_code AS "unitOfMeasureCode", w.unit_of_measure_description AS "unitOfMeasureDescription",
      w.approved_by AS "approvedBy", ${isoText('w.approved_date_time')} AS "approvedDateTime",
      w.created_by AS "createdBy", ${isoText('w.created_at')} AS "createdAt",
      w.modified_by AS "modifiedBy", ${isoText('w.modified_date')} AS "modifiedDate",
      w.version, w.exported, w.exported_by AS "exportedBy", ${isoText('w.exported_at')} AS "exportedAt",
      w.user_id AS "userId", w.returned_by AS "returnedBy", ${isoText('w.returned_at')} AS "returnedAt", w.return_reason AS "returnReason",
      ${teamScope(f.teamCode)} AS "inTeam"
    FROM worksheet_record w
    WHERE ${where}${after}
    ORDER BY w.date DESC, w.id DESC
    LIMIT ${page.limit + 1}`;
}

/** Totals of the whole selection (every page): entries, and quantity sums per unit of measure. */
export async function listTotals(db: Db, f: WorksheetListFilter): Promise<Array<{ code: string; label: string; total: number; entries: number }>> {
  const query = listTotalsQuery(f);
  if (!query) return [];
  const plain = db.withoutPlugins();
  const compiled = query.compile(plain);
  prepared(compiled.sql);
  return (await plain.executeQuery(compiled)).rows;
}

/** The SQL of listTotals (also EXPLAINed by bench/paging.ts). */
export function listTotalsQuery(f: WorksheetListFilter) {
  const where = listConditions(f);
  if (where === null) return null;
  return sql<{ code: string; label: string; total: number; entries: number }>`
    SELECT w.unit_of_measure_code AS code,
      coalesce(nullif(min(w.unit_of_measure_description), ''), w.unit_of_measure_code) AS label,
      sum(w.quantity) AS total, count(*)::integer AS entries
    FROM worksheet_record w
    WHERE ${where}
    GROUP BY w.unit_of_measure_code
    ORDER BY w.unit_of_measure_code`;
}

/** One record of the viewer's account (any state), with `inTeam`; optionally locked for the transaction. */
export async function findRecord(db: Db, viewer: RecordViewer, id: number, opts: { forUpdate?: boolean } = {}): Promise<WorksheetRowInScope | undefined> {
  let q = recordsInScope(db, viewer).where('w.id', '=', id);
  if (opts.forUpdate) q = q.forUpdate('w');
  return (await q.executeTakeFirst()) as WorksheetRowInScope | undefined;
}

export type NewWorksheetRow = Insertable<WorksheetRecordTable>;

export async function insertRecord(db: Db, values: NewWorksheetRow): Promise<number> {
  const row = await db.insertInto('worksheetRecord').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Updates a record if it still has `version`; bumps the version. Returns false when the version
 * moved on (someone else changed it).
 */
export async function updateRecord(db: Db, accountId: number, id: number, version: number, values: Updateable<WorksheetRecordTable>): Promise<boolean> {
  const res = await db
    .updateTable('worksheetRecord')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .where('version', '=', version)
    .where('exported', '=', false)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteRecord(db: Db, accountId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('worksheetRecord').where('accountId', '=', accountId).where('id', '=', id).where('exported', '=', false).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/**
 * Several records with `inTeam` (issue 22 §5 copy, issue 23 §2 bulk approve); ids of another
 * account are simply absent. `forUpdate` locks them in id order (no deadlock between two bulk
 * calls over overlapping ids).
 */
export async function findRecords(db: Db, viewer: RecordViewer, ids: readonly number[], opts: { forUpdate?: boolean } = {}): Promise<WorksheetRowInScope[]> {
  if (ids.length === 0) return [];
  let q = recordsInScope(db, viewer)
    .where(sql<boolean>`w.id = ANY(${[...ids]}::integer[])`)
    .orderBy('w.id');
  if (opts.forUpdate) q = q.forUpdate('w');
  return (await q.execute()) as WorksheetRowInScope[];
}

/** The ids a list filter selects, at most `limit` (issue 23 §2 "select all N matching"); newest first like the list. */
export async function listIds(db: Db, f: WorksheetListFilter, limit: number): Promise<number[]> {
  const where = listConditions(f);
  if (where === null) return [];
  const r = await sql<{ id: number }>`
    SELECT w.id FROM worksheet_record w
    WHERE ${where}
    ORDER BY w.date DESC, w.id DESC
    LIMIT ${limit}`.execute(db.withoutPlugins());
  return r.rows.map((row) => row.id);
}

/**
 * Sets or clears the approval of open records in one statement (issue 23 §2); bumps each version.
 * An approval ends a return (issue 40 §1).
 * Returns the ids it changed.
 */
export async function setApproval(db: Db, accountId: number, ids: readonly number[], approvedBy: string | null, at: Date | null): Promise<number[]> {
  if (ids.length === 0) return [];
  const r = await sql<{ id: number }>`
    UPDATE worksheet_record SET approved_by = ${approvedBy}, approved_date_time = ${at}, version = version + 1,
      returned_by = CASE WHEN ${approvedBy}::text IS NULL THEN returned_by END,
      returned_at = CASE WHEN ${approvedBy}::text IS NULL THEN returned_at END,
      return_reason = CASE WHEN ${approvedBy}::text IS NULL THEN return_reason END
    WHERE account_id = ${accountId} AND id = ANY(${[...ids]}::integer[]) AND NOT exported
    RETURNING id`.execute(db.withoutPlugins());
  return r.rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * What the list filters name, in one round trip (issue 23 §1): the user (id, team), and whether
 * the customer and the job exist in the account. Absent names are null.
 */
export async function filterReferences(db: Db, accountId: number, r: { username: string | null; customerNo: string | null; jobCode: string | null }) {
  const row = await sql<{ userId: number | null; userName: string | null; userTeam: string | null; customer: boolean; job: boolean }>`
    SELECT u.id AS "userId", u.username AS "userName", u.team_code AS "userTeam",
      EXISTS (SELECT 1 FROM customer c WHERE c.account_id = ${accountId} AND c.no = ${r.customerNo ?? ''}) AS customer,
      EXISTS (SELECT 1 FROM job j WHERE j.account_id = ${accountId} AND j.code = ${r.jobCode ?? ''}) AS job
    FROM (SELECT 1) one
    LEFT JOIN app_user u ON u.account_id = ${accountId} AND lower(u.username) = ${(r.username ?? '').toLowerCase()}`.compile(db.withoutPlugins());
  prepared(row.sql);
  return (await db.withoutPlugins().executeQuery(row)).rows[0]!;
}

/**
 * The (owner, date) pairs among `days` that already hold an exported entry: a day handed to
 * Business Central is locked for copies into it (decision 0210).
 */
export async function exportedDays(db: Db, accountId: number, usernames: readonly string[], dates: readonly string[]): Promise<Array<{ username: string; date: string }>> {
  if (usernames.length === 0 || dates.length === 0) return [];
  const rows = await db
    .selectFrom('worksheetRecord')
    .select(['username', 'date'])
    .distinct()
    .where('accountId', '=', accountId)
    .where('exported', '=', true)
    .where('username', 'in', [...usernames])
    .where('date', 'in', [...dates])
    .execute();
  return rows.map((r) => ({ username: r.username, date: String(r.date) }));
}

/** The (owner id, date) of every entry, open or exported, of these owners on these dates (issue 40 §5: the copy's target days). */
export async function entriesOnDays(db: Db, accountId: number, userIds: readonly number[], dates: readonly string[]): Promise<Array<{ userId: number | null; date: string }>> {
  if (userIds.length === 0 || dates.length === 0) return [];
  const rows = await db
    .selectFrom('worksheetRecord')
    .select(['userId', 'date'])
    .where('accountId', '=', accountId)
    .where('userId', 'in', [...userIds])
    .where('date', 'in', [...dates])
    .execute();
  return rows.map((r) => ({ userId: r.userId, date: String(r.date) }));
}

/** The unexported entries of one user in a date range, in id order (issue 40 §1: return a person's week). */
export async function openIdsOfUser(db: Db, accountId: number, userId: number, from: string, to: string): Promise<number[]> {
  const rows = await db
    .selectFrom('worksheetRecord')
    .select('id')
    .where('accountId', '=', accountId)
    .where('userId', '=', userId)
    .where('exported', '=', false)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Sends open records back to their owners (issue 40 §1) in one statement: unapproved, the reason
 * and who/when stored, each version bumped. Only unexported records change (the export's mark
 * and this never both win); returns the ids it changed.
 */
export async function setReturned(db: Db, accountId: number, ids: readonly number[], by: string, reason: string, at: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const r = await sql<{ id: number }>`
    UPDATE worksheet_record SET approved_by = NULL, approved_date_time = NULL, returned_by = ${by}, returned_at = ${at}, return_reason = ${reason},
      version = version + 1
    WHERE account_id = ${accountId} AND id = ANY(${[...ids]}::integer[]) AND NOT exported
    RETURNING id`.execute(db.withoutPlugins());
  return r.rows.map((row) => row.id).sort((a, b) => a - b);
}

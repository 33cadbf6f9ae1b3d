import { CompiledQuery, sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { AccountTable, DB, WorksheetRecordTable } from '../types';
import type { Mode, UnitType } from '../../src/shared/limits';
import { teamScope } from './team-scope';
import { prepared } from '../prepared';

type Db = Kysely<DB> | Transaction<DB>;

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
  return db
    .selectFrom('worksheetRecord as w')
    .selectAll('w')
    .select(teamScope(viewer.teamCode).as('inTeam'))
    .where('w.accountId', '=', viewer.accountId);
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

/** Account settings and the user's defaults for the entry form. */
export async function formSettings(db: Db, accountId: number, userId: number | null) {
  const account = await db
    .selectFrom('account')
    .select([
      'showCustomer',
      'showJobTask',
      'showLocation',
      'showWorkType',
      'mandatoryJobTask',
      'mandatoryLocation',
      'mandatoryWorkType',
      'defaultUnitType',
      'resourceUnits',
    ])
    .where('id', '=', accountId)
    .executeTakeFirst();
  const user =
    userId === null
      ? undefined
      : await db.selectFrom('appUser').select(['defaultResource', 'lockDefaultResource', 'defaultDescription']).where('id', '=', userId).where('accountId', '=', accountId).executeTakeFirst();
  return account ? { account, user } : undefined;
}

export interface ReferenceCodes {
  username: string;
  customerNo: string | null;
  jobCode: string;
  jobTaskCode: string | null;
  locationCode: string | null;
  workTypeCode: string | null;
  unitType: UnitType;
  unitNo: string;
  unitOfMeasureCode: string;
}

/** What lookupReferences answers (null where a code does not exist in the account). */
export interface References {
  showCustomer: boolean;
  showJobTask: boolean;
  showLocation: boolean;
  showWorkType: boolean;
  mandatoryJobTask: boolean;
  mandatoryLocation: boolean;
  mandatoryWorkType: boolean;
  defaultUnitType: Selectable<AccountTable>['defaultUnitType'];
  resourceUnits: Selectable<AccountTable>['resourceUnits'];
  userName: string | null;
  userActive: boolean | null;
  userTeam: string | null;
  jobCode: string | null;
  jobDescription: string | null;
  jobActive: boolean | null;
  jobTeam: string | null;
  billToCustomerNo: string | null;
  billToCustomerName: string | null;
  customerNo: string | null;
  customerName: string | null;
  customerActive: boolean | null;
  taskCode: string | null;
  taskDescription: string | null;
  taskActive: boolean | null;
  locationCode: string | null;
  locationActive: boolean | null;
  workTypeCode: string | null;
  workTypeDescription: string | null;
  workTypeUnitOfMeasure: string | null;
  workTypeActive: boolean | null;
  itemNo: string | null;
  itemDescription: string | null;
  itemActive: boolean | null;
  resourceNo: string | null;
  resourceDescription: string | null;
  resourceActive: boolean | null;
  uomCode: string | null;
  uomDescription: string | null;
  uomActive: boolean | null;
}

/**
 * The SQL of lookupReferences, written once (issue 25 §2, decision 0234): Kysely built this
 * 12-join query anew on every create and update (21 % of a create's CPU). Parameters: $1 account,
 * $2 lower(owner), $3 job, $4 customer, $5 job task, $6 location, $7 work type, $8 item no (or ''),
 * $9 resource no (or ''), $10 unit type, $11 unit no, $12 unit of measure. Run without the
 * CamelCasePlugin: the aliases are the answer's keys already.
 */
export const LOOKUP_REFERENCES_SQL = prepared(`SELECT a.show_customer AS "showCustomer", a.show_job_task AS "showJobTask", a.show_location AS "showLocation",
  a.show_work_type AS "showWorkType", a.mandatory_job_task AS "mandatoryJobTask", a.mandatory_location AS "mandatoryLocation",
  a.mandatory_work_type AS "mandatoryWorkType", a.default_unit_type AS "defaultUnitType", a.resource_units AS "resourceUnits",
  u.username AS "userName", u.active AS "userActive", u.team_code AS "userTeam",
  j.code AS "jobCode", j.description AS "jobDescription", j.active AS "jobActive", j.team_code AS "jobTeam", j.bill_to_customer_no AS "billToCustomerNo",
  bc.name AS "billToCustomerName",
  c.no AS "customerNo", c.name AS "customerName", c.active AS "customerActive",
  t.code AS "taskCode", t.description AS "taskDescription", t.active AS "taskActive",
  l.code AS "locationCode", l.active AS "locationActive",
  wt.code AS "workTypeCode", wt.description AS "workTypeDescription", wt.unit_of_measure_code AS "workTypeUnitOfMeasure", wt.active AS "workTypeActive",
  it.no AS "itemNo", it.description AS "itemDescription", it.active AS "itemActive",
  rs.no AS "resourceNo", rs.description AS "resourceDescription", rs.active AS "resourceActive",
  uom.code AS "uomCode", uom.description AS "uomDescription", uom.active AS "uomActive"
FROM account a
LEFT JOIN app_user u ON u.account_id = a.id AND lower(u.username) = $2
LEFT JOIN job j ON j.account_id = a.id AND j.code = $3
LEFT JOIN customer bc ON bc.account_id = a.id AND bc.no = j.bill_to_customer_no
LEFT JOIN customer c ON c.account_id = a.id AND c.no = $4
LEFT JOIN job_task t ON t.account_id = a.id AND t.job_code = $3 AND t.code = $5
LEFT JOIN location l ON l.account_id = a.id AND l.code = $6
LEFT JOIN work_type wt ON wt.account_id = a.id AND wt.code = $7
LEFT JOIN item it ON it.account_id = a.id AND it.no = $8
LEFT JOIN resource rs ON rs.account_id = a.id AND rs.no = $9
LEFT JOIN unit_of_measure uom ON uom.account_id = a.id AND uom.unit_type = $10 AND uom.unit_no = $11 AND uom.code = $12
WHERE a.id = $1`);

/**
 * Everything a worksheet write must check, in one round trip: the account's settings, the owner,
 * and each code of the entry (null where it does not exist in the account). '' never matches a
 * code (codes are at least one character), so absent codes simply join nothing.
 */
export async function lookupReferences(db: Db, accountId: number, r: ReferenceCodes): Promise<References | undefined> {
  const v = (s: string | null) => s ?? '';
  const unitIs = (t: UnitType) => (r.unitType === t ? r.unitNo : '');
  const params = [accountId, r.username.toLowerCase(), r.jobCode, v(r.customerNo), v(r.jobTaskCode), v(r.locationCode), v(r.workTypeCode), unitIs('Item'), unitIs('Resource'), r.unitType, r.unitNo, r.unitOfMeasureCode];
  const result = await db.withoutPlugins().executeQuery<References>(CompiledQuery.raw(LOOKUP_REFERENCES_SQL, params));
  return result.rows[0];
}

/** The values of a new record (all of them: the statement below is one fixed text). */
export interface CreatedRecordValues {
  accountId: number;
  username: string;
  date: string;
  customerNo: string | null;
  customerName: string | null;
  jobCode: string;
  jobDescription: string | null;
  jobTaskCode: string | null;
  jobTaskDescription: string | null;
  locationCode: string | null;
  workTypeCode: string | null;
  workTypeDescription: string | null;
  unitType: UnitType;
  unitNo: string;
  unitDescription: string | null;
  description: string;
  timeFrom: string | null;
  timeTo: string | null;
  quantity: number;
  unitOfMeasureCode: string;
  unitOfMeasureDescription: string | null;
  createdBy: string;
  modifiedBy: string;
  modifiedDate: Date;
}

export const CREATED_COLUMNS: ReadonlyArray<[keyof CreatedRecordValues, string]> = [
  ['accountId', 'account_id'], ['username', 'username'], ['date', 'date'], ['customerNo', 'customer_no'], ['customerName', 'customer_name'],
  ['jobCode', 'job_code'], ['jobDescription', 'job_description'], ['jobTaskCode', 'job_task_code'], ['jobTaskDescription', 'job_task_description'],
  ['locationCode', 'location_code'], ['workTypeCode', 'work_type_code'], ['workTypeDescription', 'work_type_description'],
  ['unitType', 'unit_type'], ['unitNo', 'unit_no'], ['unitDescription', 'unit_description'], ['description', 'description'],
  ['timeFrom', 'time_from'], ['timeTo', 'time_to'], ['quantity', 'quantity'], ['unitOfMeasureCode', 'unit_of_measure_code'],
  ['unitOfMeasureDescription', 'unit_of_measure_description'], ['createdBy', 'created_by'], ['modifiedBy', 'modified_by'], ['modifiedDate', 'modified_date'],
];
const N = CREATED_COLUMNS.length;
/** The SQL types of the created columns that are not text (the INSERT … SELECT names them). */
const CREATED_COLUMN_TYPES: Record<string, string> = {
  account_id: 'integer',
  date: 'date',
  time_from: 'time',
  time_to: 'time',
  quantity: 'numeric',
  modified_date: 'timestamptz',
};

/**
 * Every column of a record, by name (the compiler insists on each one, so a new column is added
 * here too): what the create statement answers, named rather than `*` so that its prepared
 * statement keeps its result type when a later migration adds a column (decision 0263).
 */
const RECORD_COLUMNS: Record<keyof WorksheetRow, true> = {
  id: true, accountId: true, username: true, date: true, customerNo: true, customerName: true, jobCode: true, jobDescription: true, jobTaskCode: true,
  jobTaskDescription: true, locationCode: true, workTypeCode: true, workTypeDescription: true, unitType: true, unitNo: true, unitDescription: true,
  description: true, timeFrom: true, timeTo: true, quantity: true, unitOfMeasureCode: true, unitOfMeasureDescription: true, approvedBy: true,
  approvedDateTime: true, createdBy: true, createdAt: true, modifiedBy: true, modifiedDate: true, version: true, exported: true, exportedBy: true,
  exportedAt: true, exportBatchId: true, userId: true, returnedBy: true, returnedAt: true, returnReason: true,
};
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const RECORD_COLUMN_LIST = Object.keys(RECORD_COLUMNS).map(snake).join(', ');

/**
 * A create in one statement (issue 25 §2, decision 0234): the record, its history row and the
 * `worksheet.created` outbox message with one delivery per subscribed endpoint (the same rows
 * enqueueMessage writes), answering the stored record — no re-read. One statement is atomic by
 * itself, so a create without photos needs no BEGIN/COMMIT either. Parameters after the columns:
 * history changes (JSON), message id, the event's `by`.
 */
const CREATE_RECORD_SQL = prepared(`WITH ins AS (
  INSERT INTO worksheet_record (${CREATED_COLUMNS.map(([, c]) => c).join(', ')})
  SELECT ${CREATED_COLUMNS.map(([, c], i) => `$${i + 1}::${CREATED_COLUMN_TYPES[c] ?? 'text'}`).join(', ')}
  FROM account a WHERE a.id = $1 AND (a.closed_until IS NULL OR a.closed_until < $3::date)
  FOR KEY SHARE OF a
  RETURNING ${RECORD_COLUMN_LIST}
), h AS (
  INSERT INTO worksheet_history (account_id, worksheet_id, action, username, changes)
  SELECT ins.account_id, ins.id, 'create', $${N + 3}, $${N + 1}::text::jsonb FROM ins
), e AS (
  SELECT id FROM webhook_endpoint WHERE account_id = $1 AND enabled AND 'worksheet.created' = ANY (events)
), m AS (
  INSERT INTO webhook_message (id, account_id, event_type, payload)
  SELECT $${N + 2}, $1, 'worksheet.created', jsonb_build_object('id', ins.id, 'by', $${N + 3}::text) FROM ins WHERE EXISTS (SELECT 1 FROM e)
  RETURNING id
), d AS (
  INSERT INTO webhook_delivery (message_id, endpoint_id) SELECT m.id, e.id FROM m CROSS JOIN e
)
SELECT ${RECORD_COLUMN_LIST} FROM ins`);

/**
 * Inserts a record with its history row and outbox message (see CREATE_RECORD_SQL); the stored
 * row, or undefined when the record's date is in the account's closed period (issue 40 §3): the
 * insert reads the account's closed date with the row locked FOR KEY SHARE, so a close committing
 * meanwhile is seen (decision 0371), and nothing is written.
 */
export async function createRecord(db: Db, values: CreatedRecordValues, changes: unknown, messageId: string, by: string): Promise<WorksheetRow | undefined> {
  const params: unknown[] = CREATED_COLUMNS.map(([key]) => values[key]);
  params.push(JSON.stringify(changes), messageId, by);
  const result = await db.executeQuery<WorksheetRow>(CompiledQuery.raw(CREATE_RECORD_SQL, params));
  return result.rows[0];
}

/**
 * Several records with `inTeam` (issue 22 §5 copy, issue 23 §2 bulk approve); ids of another
 * account are simply absent. `forUpdate` locks them in id order (no deadlock between two bulk
 * calls over overlapping ids).
 */
export async function findRecords(db: Db, viewer: RecordViewer, ids: readonly number[], opts: { forUpdate?: boolean } = {}): Promise<WorksheetRowInScope[]> {
  if (ids.length === 0) return [];
  let q = recordsInScope(db, viewer).where(sql<boolean>`w.id = ANY(${[...ids]}::integer[])`).orderBy('w.id');
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

/** A user of the account by name (case-insensitive), with their team: whose week a caller asks for. */
export async function findAccountUser(db: Db, accountId: number, username: string) {
  return db
    .selectFrom('appUser')
    .select(['id', 'username', 'teamCode'])
    .where('accountId', '=', accountId)
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export interface WeekSqlRow {
  jobCode: string;
  jobDescription: string | null;
  jobTaskCode: string | null;
  jobTaskDescription: string | null;
  unitType: UnitType;
  unitNo: string;
  unitDescription: string | null;
  workTypeCode: string | null;
  unitOfMeasureCode: string;
  unitOfMeasureDescription: string | null;
  /** sums Monday..Sunday (numeric as text or number, null when no entry) */
  d: Array<string | number | null>;
  /** entries Monday..Sunday */
  n: number[];
  /** the job's customer now (the entries' when the job has none): the empty cell's prefill */
  customerNo: string | null;
  /** the row's entry ids (Copy week…) */
  ids: number[];
}

/**
 * One user's week (issue 22 §6) pivoted in SQL: one row per job + task + unit + work type + unit of
 * measure, with the sum and count of each of the seven days. `exported IN (false, true)` lets the
 * owner index (user_id, exported, date DESC, id DESC) serve both the open and the archived entries
 * with the date range as an index condition (docs/plans/worksheet-week.md).
 */
export function weekQuery(accountId: number, userId: number, days: readonly string[]) {
  const from = days[0]!;
  const to = days[6]!;
  const sums = sql.join(days.map((d) => sql`sum(w.quantity) FILTER (WHERE w.date = ${d}::date)`));
  const counts = sql.join(days.map((d) => sql`(count(*) FILTER (WHERE w.date = ${d}::date))::integer`));
  return sql<WeekSqlRow>`
    SELECT w.job_code AS "jobCode", min(w.job_description) AS "jobDescription",
      w.job_task_code AS "jobTaskCode", min(w.job_task_description) AS "jobTaskDescription",
      w.unit_type AS "unitType", w.unit_no AS "unitNo", min(w.unit_description) AS "unitDescription",
      w.work_type_code AS "workTypeCode", w.unit_of_measure_code AS "unitOfMeasureCode",
      min(w.unit_of_measure_description) AS "unitOfMeasureDescription",
      ARRAY[${sums}] AS d, ARRAY[${counts}] AS n,
      coalesce((SELECT nullif(j.bill_to_customer_no, '') FROM job j WHERE j.account_id = ${accountId} AND j.code = w.job_code), min(w.customer_no)) AS "customerNo",
      array_agg(w.id ORDER BY w.id) AS ids
    FROM worksheet_record w
    WHERE w.user_id = ${userId} AND w.exported IN (FALSE, TRUE) AND w.account_id = ${accountId}
      AND w.date >= ${from}::date AND w.date <= ${to}::date
    GROUP BY w.job_code, w.job_task_code, w.unit_type, w.unit_no, w.work_type_code, w.unit_of_measure_code
    ORDER BY w.job_code, w.job_task_code NULLS FIRST, w.unit_type DESC, w.unit_no, w.work_type_code NULLS FIRST, w.unit_of_measure_code`;
}

export async function weekRows(db: Db, accountId: number, userId: number, days: readonly string[]): Promise<WeekSqlRow[]> {
  return (await weekQuery(accountId, userId, days).execute(db.withoutPlugins())).rows;
}

/** Usernames of the account, or of one team, in name order: whose weeks a leader or admin may pick. */
export async function weekUsernames(db: Db, accountId: number, teamCode: string | null): Promise<string[]> {
  let q = db.selectFrom('appUser').select('username').where('accountId', '=', accountId);
  if (teamCode !== null) q = q.where('teamCode', '=', teamCode);
  return (await q.orderBy(sql`lower(username)`).limit(1000).execute()).map((r) => r.username);
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

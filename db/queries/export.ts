import { sql, type Kysely, type Transaction } from 'kysely';
import type { Mode } from '../../src/shared/limits';
import type { DB } from '../types';
import { intConst, textConst } from './sql-text';
import { teamScopeSql } from './team-scope';
import { FORMULA_LEAD_CODES } from '../../src/shared/formula-guard';

/*
 * The SQL of the CSV download (DESIGN §4, §7). The database formats every cell (dates, times,
 * decimal comma, formula guard), so that PostgreSQL can write the CSV itself with COPY and PGlite
 * reads the very same text through a cursor. COPY takes no bind parameters; every value that goes
 * into its text is an integer, a boolean, or a text constant spelled in hex (`textConst`), so
 * nothing a user typed is ever parsed as SQL. The statements run in db/export-store.ts.
 */

export type Db = Kysely<DB> | Transaction<DB>;

/** The CSV columns, in file order. Header labels: src/server/csv/header.ts. */
export const EXPORT_COLUMNS = [
  'id',
  'date',
  'user',
  'customerNo',
  'customerName',
  'jobCode',
  'jobDescription',
  'jobTaskCode',
  'jobTaskDescription',
  'locationCode',
  'workTypeCode',
  'workTypeDescription',
  'unitType',
  'unitNo',
  'unitDescription',
  'description',
  'timeFrom',
  'timeTo',
  'quantity',
  'unitOfMeasureCode',
  'approvedBy',
  'approvedAt',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** Timestamps (approved at) are written in the company's local time. */
export const EXPORT_TIME_ZONE = 'Europe/Copenhagen';

/** Which records one download covers (DESIGN §4), already checked against the caller's role. */
export interface ExportScope {
  accountId: number;
  /** the caller's user name (YOURS; exported_by when marking) */
  viewer: string;
  teamCode: string | null;
  /** the effective tab: which records the caller sees */
  mode: Mode;
  /** which of them the caller may mark: Admin any, Teamleader the TEAM scope, Basic none */
  manage: 'any' | 'team' | 'none';
  /** archive (exported) or worksheet (not exported) records */
  exported: boolean;
  /** The list's filters (issues 24, 38): absent = no restriction. */
  filters?: ExportFilters;
  /**
   * true: the request named ids (spec §7's `entries`, in the temp table export_ids) and the filters
   * narrow them; false: the filters alone are the selection, as the list shows it (issue 38).
   */
  byIds?: boolean;
}

/** The filters of the list (GET /api/worksheet's names), checked and resolved by the service. */
export interface ExportFilters {
  /** YYYY-MM-DD, validated by the schema */
  from?: string | null;
  to?: string | null;
  approvedOnly?: boolean;
  customerNo?: string | null;
  jobCode?: string | null;
  /** the person filter, resolved to app_user.id by the service (an unknown name is a 400 there) */
  ownerId?: number | null;
  status?: 'notApproved' | 'approved' | 'returned' | 'all' | null;
  /** the archive by export batch */
  batchId?: number | null;
}

/** The list filters as SQL text (the approved-only part is the caller's, see whereVisible). */
function filterCondition(filters: ExportFilters | undefined): string {
  const parts: string[] = [];
  if (filters?.from) parts.push(`w.date >= ${textConst(filters.from)}::date`);
  if (filters?.to) parts.push(`w.date <= ${textConst(filters.to)}::date`);
  if (filters?.customerNo) parts.push(`w.customer_no = ${textConst(filters.customerNo)}`);
  if (filters?.jobCode) parts.push(`w.job_code = ${textConst(filters.jobCode)}`);
  if (filters?.ownerId != null) parts.push(`w.user_id = ${intConst(filters.ownerId)}`);
  if (filters?.batchId != null) parts.push(`w.export_batch_id = ${intConst(filters.batchId)}`);
  if (filters?.status === 'notApproved') parts.push('w.approved_by IS NULL');
  if (filters?.status === 'approved') parts.push('w.approved_by IS NOT NULL');
  if (filters?.status === 'returned') parts.push('w.returned_at IS NOT NULL');
  return parts.length ? parts.join(' AND ') : 'true';
}

/** How cells are written for the caller's language. */
export interface ExportFormat {
  decimalComma: boolean;
  /** the unit type values as the file shows them */
  unitTypeLabels: { Item: string; Resource: string };
}

/**
 * Cells that start with = + - @ tab or CR are written as a formula that yields the text itself,
 * `="…"` with `"` doubled (decision 0100: spreadsheets show the text without a visible apostrophe);
 * '' becomes NULL (an empty field). Every CSV cell a user typed passes here; the rule's characters
 * are src/shared/formula-guard.ts's, which the reports' CSV (written in Node) uses too.
 */
function guarded(column: string): string {
  return `CASE WHEN ascii(${column}) IN (${FORMULA_LEAD_CODES.join(', ')}) THEN '="' || replace(${column}, '"', '""') || '"' ELSE nullif(${column}, '') END`;
}

function columnSql(format: ExportFormat): Record<ExportColumn, string> {
  return {
    id: `w.id::text`,
    date: `to_char(w.date, 'YYYY-MM-DD')`,
    user: guarded('w.username'),
    customerNo: guarded('w.customer_no'),
    customerName: guarded('w.customer_name'),
    jobCode: guarded('w.job_code'),
    jobDescription: guarded('w.job_description'),
    jobTaskCode: guarded('w.job_task_code'),
    jobTaskDescription: guarded('w.job_task_description'),
    locationCode: guarded('w.location_code'),
    workTypeCode: guarded('w.work_type_code'),
    workTypeDescription: guarded('w.work_type_description'),
    unitType: `CASE w.unit_type WHEN 'Item' THEN ${textConst(format.unitTypeLabels.Item)} WHEN 'Resource' THEN ${textConst(format.unitTypeLabels.Resource)} END`,
    unitNo: guarded('w.unit_no'),
    unitDescription: guarded('w.unit_description'),
    description: guarded('w.description'),
    timeFrom: `to_char(w.time_from, 'HH24:MI')`,
    timeTo: `to_char(w.time_to, 'HH24:MI')`,
    // numeric::text always has a point and the column's two decimals.
    quantity: format.decimalComma ? `replace(w.quantity::text, '.', ',')` : `w.quantity::text`,
    unitOfMeasureCode: guarded('w.unit_of_measure_code'),
    approvedBy: guarded('w.approved_by'),
    approvedAt: `to_char(w.approved_date_time AT TIME ZONE '${EXPORT_TIME_ZONE}', 'YYYY-MM-DD HH24:MI')`,
  };
}

/** The formatted cells of `w`, aliased c0, c1, … in EXPORT_COLUMNS order. */
function selectList(format: ExportFormat): string {
  const cols = columnSql(format);
  return EXPORT_COLUMNS.map((key, i) => `${cols[key]} AS c${i}`).join(',\n  ');
}

const ORDER = 'w.date, lower(w.username), w.id';

/**
 * `byKeyOnly`: the columns that lead the table's other indexes (account_id, user_id) are compared as
 * `col + 0`, which no index serves, so the rows are fetched by primary key (see markCtes).
 */
function visibleCondition(scope: ExportScope, byKeyOnly = false): string {
  if (scope.mode === 'ALL') return 'true';
  if (scope.mode === 'TEAM') return teamScopeSql(scope.teamCode);
  // The owner by the indexed user_id (migration 2026-11-23T1300), never by lower(username).
  return `${byKeyOnly ? 'w.user_id + 0' : 'w.user_id'} = (SELECT u.id FROM app_user u WHERE u.account_id = ${intConst(scope.accountId)} AND lower(u.username) = lower(${textConst(scope.viewer)}))`;
}

function manageCondition(scope: ExportScope): string {
  if (scope.manage === 'any') return 'true';
  if (scope.manage === 'team') return teamScopeSql(scope.teamCode);
  return 'false';
}

const IN_ID_TABLE = 'w.id IN (SELECT id FROM export_ids)';

/**
 * The records of the download: the requested ids (by default the temp table export_ids) the caller
 * may see, narrowed by the filters; without ids (scope.byIds false) the filters alone.
 */
function whereVisible(scope: ExportScope, idCondition = IN_ID_TABLE, byKeyOnly = false, withApproval = true): string {
  const ids = scope.byIds === false ? 'true' : idCondition;
  const keyOnly = scope.byIds === false ? false : byKeyOnly;
  return `${keyOnly ? 'w.account_id + 0' : 'w.account_id'} = ${intConst(scope.accountId)}
  AND w.exported = ${scope.exported ? 'true' : 'false'}
  AND ${ids}
  AND ${visibleCondition(scope, keyOnly)}
  AND ${filterCondition(scope.filters)}${withApproval && scope.filters?.approvedOnly ? '\n  AND w.approved_by IS NOT NULL' : ''}`;
}

/**
 * Locks the records this call may mark in id order (two exports of overlapping ids wait for each
 * other instead of deadlocking) and re-checks NOT exported after the wait, so a record that a
 * concurrent export marked is skipped: every record is marked by exactly one export.
 *
 * Issue 9: the lock reads exactly the requested rows by primary key — `w.id = ANY(array)` with
 * the array built once from export_ids (an InitPlan), which PostgreSQL serves with an index scan
 * on the primary key in id order, whatever the statistics say — instead of joining export_ids to
 * the table (a merge join over the whole primary key at 1 M rows). The UPDATE takes its rows the
 * same way from the locked ids, so a 1 000-row export costs the same in a 100 k or a 1 M table.
 *
 * "Whatever the statistics say" needs help: the other indexes lead with account_id or user_id and
 * end in id, e.g. (account_id, date, id) WHERE NOT exported. Given `account_id = …` the planner
 * picked such an index and checked `id = ANY(array)` on each of the account's open entries by a
 * linear search of the array: 60 000 ids against 60 000 open entries took 58 s before the first
 * byte. So the lock compares those columns as `col + 0` (byKeyOnly), which leaves only the
 * primary key to serve the query: 0.5 s.
 */
function markCtes(scope: ExportScope, batchId: number | null, returning: string): string {
  const by = textConst(scope.viewer);
  return `lk AS (
  SELECT w.id FROM worksheet_record w
  WHERE ${whereVisible({ ...scope, exported: false }, ID_IN_ARRAY, true)}
    AND ${manageCondition(scope)}
  ORDER BY w.id
  FOR UPDATE OF w
), m AS (
  UPDATE worksheet_record w
  SET exported = true, exported_by = ${by}, exported_at = now(), export_batch_id = ${batchId === null ? 'NULL' : intConst(batchId)}, version = w.version + 1
  WHERE w.id = ANY(ARRAY(SELECT id FROM lk)) AND NOT w.exported
  RETURNING ${returning}
), h AS (
  INSERT INTO worksheet_history (account_id, worksheet_id, action, username, changes)
  SELECT m.account_id, m.id, 'export', ${by}, '{"exported":{"from":false,"to":true}}'::jsonb FROM m
)`;
}

/** The requested ids as one array (computed once), for a primary-key index scan in id order. */
const ID_IN_ARRAY = 'w.id = ANY(ARRAY(SELECT id FROM export_ids))';

/**
 * Which rows a file holds: the request's ids (`plain`), the ones this call marks (`mark`, into
 * `batchId`), or a batch again (the re-download, decision 0201).
 */
export type ExportRows =
  { kind: 'plain'; scope: ExportScope } | { kind: 'mark'; scope: ExportScope; batchId: number | null } | { kind: 'batch'; accountId: number; batchId: number };

/**
 * The SELECT of `cells` over the rows, in file order. `mark` marks in the same statement (the
 * UPDATE in a data-modifying WITH): COPY accepts that (checked on PostgreSQL 15), DECLARE CURSOR
 * does not — a cursor marks first with markIntoTableSql and reads `marked` (export_marked).
 */
export function rowsSql(rows: ExportRows | { kind: 'marked' }, cells: string): string {
  const from = (where: string) => `SELECT ${cells}
FROM worksheet_record w
WHERE ${where}
ORDER BY ${ORDER}`;
  switch (rows.kind) {
    case 'plain':
      return from(whereVisible(rows.scope));
    case 'marked':
      return from('w.id IN (SELECT id FROM export_marked)');
    case 'batch':
      return from(`w.export_batch_id = ${intConst(rows.batchId)} AND w.account_id = ${intConst(rows.accountId)}`);
    case 'mark':
      return `WITH ${markCtes(rows.scope, rows.batchId, 'w.*')}
SELECT ${cells}
FROM m w
ORDER BY ${ORDER}`;
  }
}

/** The temp table of the ids a cursor export marked (markIntoTableSql). */
export const CREATE_MARKED_TABLE = 'CREATE TEMP TABLE export_marked (id integer PRIMARY KEY) ON COMMIT DROP';

/** Marks the records (see markCtes) and keeps their ids in export_marked; its row count is how many. */
export function markIntoTableSql(scope: ExportScope, batchId: number | null): string {
  return `WITH ${markCtes(scope, batchId, 'w.id, w.account_id')}
INSERT INTO export_marked (id) SELECT id FROM m`;
}

/** The temp table of the requested ids. */
export const CREATE_ID_TABLE = 'CREATE TEMP TABLE export_ids (id integer NOT NULL) ON COMMIT DROP';
export const insertIdsSql = 'INSERT INTO export_ids (id) SELECT unnest($1::integer[])';

/** Ids per INSERT: one array parameter each, so no giant parameter string for a long list. */
const ID_CHUNK = 20_000;

export function* idChunks(ids: ArrayLike<number>): Generator<number[]> {
  for (let i = 0; i < ids.length; i += ID_CHUNK) yield Array.from({ length: Math.min(ID_CHUNK, ids.length - i) }, (_, j) => ids[i + j]!);
}

/** From this many ids on, export_ids gets statistics (ANALYZE). */
export const ANALYZE_FROM = 5000;

/** The ids as one array parameter, or no condition when the filters alone select (ids null). */
const idsCondition = (ids: number[] | null) => (ids === null ? sql`true` : sql`w.id = ANY(${ids}::integer[])`);

/** What the download modal shows: how many entries the file holds, how many a mark would take. */
export async function downloadCounts(db: Db, scope: ExportScope, ids: number[] | null) {
  const manage = sql.raw(manageCondition(scope));
  // The ids go in as one array parameter; the rest is the same text as the download's.
  const [before, after] = whereVisible({ ...scope, byIds: true }, '\u0000').split('\u0000') as [string, string];
  const r = await sql<{ entries: number; unapproved: number; markable: number; markableUnapproved: number }>`
    SELECT count(*)::integer AS entries,
      (count(*) FILTER (WHERE w.approved_by IS NULL))::integer AS unapproved,
      (count(*) FILTER (WHERE NOT w.exported AND ${manage}))::integer AS markable,
      (count(*) FILTER (WHERE NOT w.exported AND w.approved_by IS NULL AND ${manage}))::integer AS markable_unapproved
    FROM worksheet_record w
    WHERE ${sql.raw(before)}${idsCondition(ids)}${sql.raw(after)}`.execute(db);
  return r.rows[0] ?? { entries: 0, unapproved: 0, markable: 0, markableUnapproved: 0 };
}

// ---------------------------------------------------------------------------------------------
// The workbook (issue 12, decision 0100): the same records, cells as plain values (no formula
// guard, no decimal comma) — the xlsx writer types them (text, number, date, time).

/**
 * The plain values of `w` in EXPORT_COLUMNS order, aliased c0, c1, …; every cell as text (or
 * NULL), so that both drivers hand back the same: numbers as `numeric::text`, dates `YYYY-MM-DD`,
 * times `HH:mm`, "approved at" `YYYY-MM-DD HH:mm:ss` in company time.
 */
function valueSelectList(unitTypeLabels: ExportFormat['unitTypeLabels']): string {
  const cols: Record<ExportColumn, string> = {
    id: 'w.id::text',
    date: `to_char(w.date, 'YYYY-MM-DD')`,
    user: 'w.username',
    customerNo: 'w.customer_no',
    customerName: 'w.customer_name',
    jobCode: 'w.job_code',
    jobDescription: 'w.job_description',
    jobTaskCode: 'w.job_task_code',
    jobTaskDescription: 'w.job_task_description',
    locationCode: 'w.location_code',
    workTypeCode: 'w.work_type_code',
    workTypeDescription: 'w.work_type_description',
    unitType: `CASE w.unit_type WHEN 'Item' THEN ${textConst(unitTypeLabels.Item)} WHEN 'Resource' THEN ${textConst(unitTypeLabels.Resource)} END`,
    unitNo: 'w.unit_no',
    unitDescription: 'w.unit_description',
    description: 'w.description',
    timeFrom: `to_char(w.time_from, 'HH24:MI')`,
    timeTo: `to_char(w.time_to, 'HH24:MI')`,
    quantity: 'w.quantity::text',
    unitOfMeasureCode: 'w.unit_of_measure_code',
    approvedBy: 'w.approved_by',
    approvedAt: `to_char(w.approved_date_time AT TIME ZONE '${EXPORT_TIME_ZONE}', 'YYYY-MM-DD HH24:MI:SS')`,
  };
  return EXPORT_COLUMNS.map((key, i) => `${cols[key]} AS c${i}`).join(',\n  ');
}

// ---------------------------------------------------------------------------------------------
// The download modal's remembered choice (app_user.export_file_type / export_csv_format).

export async function getExportPreferences(db: Db, accountId: number, userId: number) {
  return db.selectFrom('appUser').select(['exportFileType', 'exportCsvFormat']).where('accountId', '=', accountId).where('id', '=', userId).executeTakeFirst();
}

export async function setExportPreferences(
  db: Db,
  accountId: number,
  userId: number,
  prefs: { exportFileType: 'csv' | 'xlsx' | 'bc'; exportCsvFormat: 'danish' | 'international' },
): Promise<boolean> {
  const r = await db.updateTable('appUser').set(prefs).where('accountId', '=', accountId).where('id', '=', userId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---------------------------------------------------------------------------------------------
// Issue 24: cell lists chosen by the service, export batches, the preview.

/** The CSV cells of `format` (aliased c0, c1, …), for the *CellsSql functions. */
export const csvCells = (format: ExportFormat): string => selectList(format);
/** The workbook's plain values (see valueSelectList). */
export const valueCells = (unitTypeLabels: ExportFormat['unitTypeLabels']): string => valueSelectList(unitTypeLabels);

/**
 * The Business Central job journal profile (decision 0203, docs/business-central-job-journal.md):
 * fixed English values, `.` decimals, ISO dates, no formula guard (BC reads text, never formulas).
 * Line No. counts in steps of 10 000 in file order; Document No. is the batch's (NULL without one).
 */
export const BC_COLUMNS = [
  'Line No.',
  'Posting Date',
  'Document No.',
  'Job No.',
  'Job Task No.',
  'Type',
  'No.',
  'Description',
  'Quantity',
  'Unit of Measure Code',
  'Work Type Code',
  'Location Code',
  'Entry Type',
  'Line Type',
  'External Document No.',
] as const;

export function bcCells(documentNo: string | null): string {
  const cells = [
    `((row_number() OVER (ORDER BY ${ORDER})) * 10000)::text`,
    `to_char(w.date, 'YYYY-MM-DD')`,
    documentNo === null ? 'NULL::text' : textConst(documentNo),
    'w.job_code',
    'w.job_task_code',
    `CASE w.unit_type WHEN 'Item' THEN 'Item' ELSE 'Resource' END`,
    'w.unit_no',
    'w.description',
    'w.quantity::text',
    'w.unit_of_measure_code',
    'w.work_type_code',
    'w.location_code',
    `'Usage'::text`,
    `'Billable'::text`,
    `'WT-' || w.id::text`,
  ];
  return cells.map((c, i) => `${c} AS c${i}`).join(',\n  ');
}

export interface NewBatch {
  accountId: number;
  createdBy: string;
  createdByUserId: number | null;
  fileType: 'csv' | 'xlsx' | 'bc';
  csvFormat: 'danish' | 'international' | null;
  languageCode: string;
  filters: Record<string, unknown>;
}

/** The Document No. of a batch in the BC profile: the account's prefix and the id, 6 digits at least. */
const DOCUMENT_NO_SQL = `(SELECT a.bc_document_prefix FROM account a WHERE a.id = b.account_id) || lpad(b.id::text, 6, '0')`;

export const INSERT_BATCH_SQL = `
  INSERT INTO export_batch (account_id, created_by, created_by_user_id, file_type, csv_format, language_code, filters)
  VALUES ($1, $2, $3, $4, $5, $6, $7::text::jsonb)
  RETURNING id`;
/** A second statement: the INSERT's own row is not visible to a data-modifying WITH around it. */
export const DOCUMENT_NO_UPDATE = `UPDATE export_batch b SET document_no = ${DOCUMENT_NO_SQL} WHERE b.id = $1 RETURNING b.id, b.document_no AS "documentNo", b.created_at AS "createdAt"`;

export interface BatchHead {
  id: number;
  documentNo: string;
  createdAt: Date;
}

export const batchParams = (b: NewBatch) => [b.accountId, b.createdBy, b.createdByUserId, b.fileType, b.csvFormat, b.languageCode, JSON.stringify(b.filters)];

export const FINISH_BATCH_SQL = `UPDATE export_batch SET entry_count = $2, checksum = $3 WHERE id = $1`;

const BATCH_COLUMNS = ['id', 'createdAt', 'createdBy', 'fileType', 'csvFormat', 'languageCode', 'documentNo', 'filters', 'entryCount', 'checksum'] as const;

/**
 * An account's batches, newest first, keyset paged by id; `createdBy` narrows to one user's
 * (a Teamleader sees the batches they made).
 */
export function listBatches(db: Db, accountId: number, opts: { before: number | null; limit: number; createdBy: string | null }) {
  let q = db.selectFrom('exportBatch').select(BATCH_COLUMNS).where('accountId', '=', accountId);
  if (opts.createdBy !== null) q = q.where((eb) => eb(eb.fn('lower', ['createdBy']), '=', opts.createdBy!.toLowerCase()));
  if (opts.before !== null) q = q.where('id', '<', opts.before);
  return q.orderBy('id', 'desc').limit(opts.limit).execute();
}

export function findBatch(db: Db, accountId: number, id: number) {
  return db.selectFrom('exportBatch').select(BATCH_COLUMNS).where('accountId', '=', accountId).where('id', '=', id).executeTakeFirst();
}

export interface PreviewRow {
  entries: number;
  hours: number;
  from: string | null;
  to: string | null;
  leftOutUnapproved: number;
  totals: Array<{ unitType: 'Item' | 'Resource'; unitOfMeasureCode: string; entries: number; quantity: number }>;
}

/**
 * The dialog's preview (issue 24): one aggregate statement over the entries the download would
 * hold — the markable ones when `marking` — without the approved-only condition, so that the
 * entries it leaves out are counted in the same pass.
 */
export async function exportPreview(db: Db, scope: ExportScope, ids: number[] | null, marking: boolean): Promise<PreviewRow> {
  const base = marking ? { ...scope, exported: false } : scope;
  const [before, after] = whereVisible({ ...base, byIds: true }, '\u0000', false, false).split('\u0000') as [string, string];
  const manage = marking ? manageCondition(scope) : 'true';
  const included = scope.filters?.approvedOnly ? 'w.approved_by IS NOT NULL' : 'true';
  const r = await sql<{ entries: number; hours: number | null; from: string | null; to: string | null; leftOut: number; totals: PreviewRow['totals'] }>`
    WITH g AS (
      SELECT w.unit_type, w.unit_of_measure_code,
        count(*) FILTER (WHERE ${sql.raw(included)}) AS n,
        sum(w.quantity) FILTER (WHERE ${sql.raw(included)}) AS q,
        min(w.date) FILTER (WHERE ${sql.raw(included)}) AS d0,
        max(w.date) FILTER (WHERE ${sql.raw(included)}) AS d1,
        count(*) FILTER (WHERE NOT (${sql.raw(included)})) AS left_out
      FROM worksheet_record w
      WHERE ${sql.raw(before)}${idsCondition(ids)}${sql.raw(after)} AND ${sql.raw(manage)}
      GROUP BY w.unit_type, w.unit_of_measure_code
    )
    SELECT coalesce(sum(n), 0)::integer AS entries,
      coalesce(sum(q) FILTER (WHERE unit_type = 'Resource'), 0) AS hours,
      to_char(min(d0), 'YYYY-MM-DD') AS from, to_char(max(d1), 'YYYY-MM-DD') AS to,
      coalesce(sum(left_out), 0)::integer AS left_out,
      coalesce(json_agg(json_build_object('unitType', unit_type, 'unitOfMeasureCode', unit_of_measure_code, 'entries', n, 'quantity', q)
        ORDER BY unit_type, unit_of_measure_code) FILTER (WHERE n > 0), '[]'::json) AS totals
    FROM g`.execute(db);
  const row = r.rows[0]!;
  return {
    entries: row.entries,
    hours: Number(row.hours ?? 0),
    from: row.from,
    to: row.to,
    leftOutUnapproved: row.leftOut,
    totals: row.totals.map((t) => ({ ...t, quantity: Number(t.quantity) })),
  };
}

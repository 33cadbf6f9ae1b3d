import { CompiledQuery, type Selectable } from 'kysely';
import type { AccountTable, WorksheetRecordTable } from '../types';
import type { UnitType } from '../../src/shared/limits';
import { prepared } from '../prepared';
import { FORM_FLAGS } from '../../src/shared/account-flags';
import type { Db, WorksheetRow } from './worksheet';

/* The entry form's settings, the look-up of a new entry's references, and the create statement (issue 39 §1: split from worksheet.ts). */

/** Account settings and the user's defaults for the entry form. */
export async function formSettings(db: Db, accountId: number, userId: number | null) {
  const account = await db.selectFrom('account').select(FORM_FLAGS).where('id', '=', accountId).executeTakeFirst();
  const user =
    userId === null
      ? undefined
      : await db
          .selectFrom('appUser')
          .select(['defaultResource', 'lockDefaultResource', 'defaultDescription'])
          .where('id', '=', userId)
          .where('accountId', '=', accountId)
          .executeTakeFirst();
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
  /** issue 40 §2: the account's workers submit their weeks */
  submitWeeks: boolean;
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
  a.submit_weeks AS "submitWeeks",
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
  const params = [
    accountId,
    r.username.toLowerCase(),
    r.jobCode,
    v(r.customerNo),
    v(r.jobTaskCode),
    v(r.locationCode),
    v(r.workTypeCode),
    unitIs('Item'),
    unitIs('Resource'),
    r.unitType,
    r.unitNo,
    r.unitOfMeasureCode,
  ];
  const result = await db.withoutPlugins().executeQuery<References>(CompiledQuery.raw(LOOKUP_REFERENCES_SQL, params));
  return result.rows[0];
}

/** The columns a create writes (all of them: the statement below is one fixed text). */
type CreatedColumn =
  | 'accountId'
  | 'username'
  | 'date'
  | 'customerNo'
  | 'customerName'
  | 'jobCode'
  | 'jobDescription'
  | 'jobTaskCode'
  | 'jobTaskDescription'
  | 'locationCode'
  | 'workTypeCode'
  | 'workTypeDescription'
  | 'unitType'
  | 'unitNo'
  | 'unitDescription'
  | 'description'
  | 'timeFrom'
  | 'timeTo'
  | 'quantity'
  | 'unitOfMeasureCode'
  | 'unitOfMeasureDescription'
  | 'createdBy';

/** The values of a new record, typed from db/types.ts: a create always names who modified it, and when. */
export type CreatedRecordValues = Pick<Selectable<WorksheetRecordTable>, CreatedColumn> & { modifiedBy: string; modifiedDate: Date };

export const CREATED_COLUMNS: ReadonlyArray<[keyof CreatedRecordValues, string]> = [
  ['accountId', 'account_id'],
  ['username', 'username'],
  ['date', 'date'],
  ['customerNo', 'customer_no'],
  ['customerName', 'customer_name'],
  ['jobCode', 'job_code'],
  ['jobDescription', 'job_description'],
  ['jobTaskCode', 'job_task_code'],
  ['jobTaskDescription', 'job_task_description'],
  ['locationCode', 'location_code'],
  ['workTypeCode', 'work_type_code'],
  ['workTypeDescription', 'work_type_description'],
  ['unitType', 'unit_type'],
  ['unitNo', 'unit_no'],
  ['unitDescription', 'unit_description'],
  ['description', 'description'],
  ['timeFrom', 'time_from'],
  ['timeTo', 'time_to'],
  ['quantity', 'quantity'],
  ['unitOfMeasureCode', 'unit_of_measure_code'],
  ['unitOfMeasureDescription', 'unit_of_measure_description'],
  ['createdBy', 'created_by'],
  ['modifiedBy', 'modified_by'],
  ['modifiedDate', 'modified_date'],
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
  id: true,
  accountId: true,
  username: true,
  date: true,
  customerNo: true,
  customerName: true,
  jobCode: true,
  jobDescription: true,
  jobTaskCode: true,
  jobTaskDescription: true,
  locationCode: true,
  workTypeCode: true,
  workTypeDescription: true,
  unitType: true,
  unitNo: true,
  unitDescription: true,
  description: true,
  timeFrom: true,
  timeTo: true,
  quantity: true,
  unitOfMeasureCode: true,
  unitOfMeasureDescription: true,
  approvedBy: true,
  approvedDateTime: true,
  createdBy: true,
  createdAt: true,
  modifiedBy: true,
  modifiedDate: true,
  version: true,
  exported: true,
  exportedBy: true,
  exportedAt: true,
  exportBatchId: true,
  userId: true,
  returnedBy: true,
  returnedAt: true,
  returnReason: true,
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

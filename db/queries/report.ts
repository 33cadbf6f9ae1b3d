import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../types';
import type { ReportGroup } from '../../src/shared/schemas/report';
import { scopeConditions, type ScopeFilter } from './worksheet';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The key and the readable label of each group level. A key is one expression, so that
 * GROUPING() tells a subtotal row from a NULL key (entries without a customer, task or work type).
 * A unit is `Resource:R01` / `Item:1000`: an item and a resource may share a number.
 */
const GROUP_SQL: Record<ReportGroup, { key: RawBuilder<unknown>; label: RawBuilder<unknown> }> = {
  job: { key: sql`w.job_code`, label: sql`min(w.job_description)` },
  jobTask: { key: sql`concat_ws(' / ', w.job_code, w.job_task_code)`, label: sql`min(w.job_task_description)` },
  customer: { key: sql`w.customer_no`, label: sql`min(w.customer_name)` },
  person: { key: sql`w.username`, label: sql`NULL::text` },
  workType: { key: sql`w.work_type_code`, label: sql`min(w.work_type_description)` },
  unit: { key: sql`(w.unit_type || ':' || w.unit_no)`, label: sql`min(w.unit_description)` },
  week: { key: sql`to_char(w.date, 'IYYY-"W"IW')`, label: sql`NULL::text` },
  month: { key: sql`to_char(w.date, 'YYYY-MM')`, label: sql`NULL::text` },
};

export interface ReportFilter extends ScopeFilter {
  groups: readonly ReportGroup[];
  from: string;
  to: string;
  /** the person filter, resolved to the user's id */
  personId: number | null;
  customerNo: string | null;
  jobCode: string | null;
  status: 'any' | 'approved' | 'unapproved';
  source: 'both' | 'worksheet' | 'archive';
}

/**
 * One line of the SQL answer: the sums of one (group values × unit of measure). `g` is the
 * GROUPING() bit mask of the levels: 0 a leaf, 1 a subtotal of the first level (two levels), all
 * bits set the grand total.
 */
export interface ReportSqlRow {
  k1: string | null;
  l1: string | null;
  k2: string | null;
  l2: string | null;
  uom: string;
  uomLabel: string | null;
  g: number;
  hours: number | string;
  quantity: number | string;
  entries: number;
  approved: number;
  exported: number;
}

/**
 * The whole report in one statement (issue 26): GROUP BY GROUPING SETS gives the leaves, the
 * subtotals of the first level and the grand total in one pass over the entries, each split by
 * unit of measure (quantities of different units are never added). The selection is the lists'
 * (scopeConditions: YOURS / TEAM / ALL, spec §6). Plans: docs/plans/report.md.
 */
export function reportQuery(f: ReportFilter): RawBuilder<ReportSqlRow> | null {
  const scope = scopeConditions(f);
  if (scope === null) return null;
  const where = [...scope, sql`w.date >= ${f.from}::date`, sql`w.date <= ${f.to}::date`];
  // Both, for one user: the owner index (user_id, exported, date) with `exported = ANY` and the dates
  // as index conditions (as the week view). Both, for a team or the account: an OR of the two
  // states, so that the partial indexes on open and on archived entries (account_id, date) serve
  // one arm each (BitmapOr) — no index holds both states by date (docs/plans/report.md).
  const oneUser = f.mode === 'YOURS' || f.personId !== null;
  where.push(
    f.source === 'worksheet' ? sql`NOT w.exported` : f.source === 'archive' ? sql`w.exported` : oneUser ? sql`w.exported IN (FALSE, TRUE)` : sql`(w.exported OR NOT w.exported)`,
  );
  if (f.personId !== null) where.push(sql`w.user_id = ${f.personId}`);
  if (f.customerNo) where.push(sql`w.customer_no = ${f.customerNo}`);
  if (f.jobCode) where.push(sql`w.job_code = ${f.jobCode}`);
  if (f.status === 'approved') where.push(sql`w.approved_by IS NOT NULL`);
  if (f.status === 'unapproved') where.push(sql`w.approved_by IS NULL`);

  const [first, second] = f.groups.map((g) => GROUP_SQL[g]);
  if (!first) throw new Error('a report needs a group');
  const keys = second
    ? sql`${first.key} AS k1, ${first.label} AS l1, ${second.key} AS k2, ${second.label} AS l2`
    : sql`${first.key} AS k1, ${first.label} AS l1, NULL::text AS k2, NULL::text AS l2`;
  const grouping = second ? sql`GROUPING(${first.key}, ${second.key})` : sql`GROUPING(${first.key})`;
  const sets = second
    ? sql`GROUPING SETS ((${first.key}, ${second.key}, w.unit_of_measure_code), (${first.key}, w.unit_of_measure_code), (w.unit_of_measure_code))`
    : sql`GROUPING SETS ((${first.key}, w.unit_of_measure_code), (w.unit_of_measure_code))`;
  return sql<ReportSqlRow>`
    SELECT ${keys},
      w.unit_of_measure_code AS uom, min(w.unit_of_measure_description) AS "uomLabel",
      ${grouping}::integer AS g,
      coalesce(sum(w.quantity) FILTER (WHERE w.unit_type = 'Resource'), 0) AS hours,
      sum(w.quantity) AS quantity,
      count(*)::integer AS entries,
      (count(*) FILTER (WHERE w.approved_by IS NOT NULL))::integer AS approved,
      (count(*) FILTER (WHERE w.exported))::integer AS exported
    FROM worksheet_record w
    WHERE ${sql.join(where, sql` AND `)}
    GROUP BY ${sets}
    ORDER BY g, k1 NULLS FIRST, k2 NULLS FIRST, uom`;
}

export async function reportRows(db: Db, f: ReportFilter): Promise<ReportSqlRow[]> {
  const query = reportQuery(f);
  return query ? (await query.execute(db.withoutPlugins())).rows : [];
}

export interface GlanceSqlRow {
  waiting: number | null;
  /** issue 40 §1: the caller's open entries sent back to them */
  returned: number;
  thisWeek: number | string;
  lastWeek: number | string;
}

/**
 * The home page's glance (issue 26 §3) in one statement: the team's open entries waiting for
 * approval (the TEAM list's selection; only asked for a team leader), the caller's entries sent
 * back to them (issue 40 §1), and the caller's hours of this and last week (open and archived,
 * served by the owner index).
 */
export function glanceQuery(f: ScopeFilter & { withWaiting: boolean; lastMonday: string; thisMonday: string; thisSunday: string }) {
  const team = f.withWaiting ? scopeConditions({ ...f, mode: 'TEAM' }) : null;
  const waiting = team
    ? sql`(SELECT count(*)::integer FROM worksheet_record w WHERE ${sql.join(team, sql` AND `)} AND NOT w.exported AND w.approved_by IS NULL)`
    : sql`NULL::integer`;
  const owner =
    f.userId !== null
      ? sql`w.user_id = ${f.userId}`
      : sql`w.user_id = (SELECT id FROM app_user WHERE account_id = ${f.accountId} AND lower(username) = ${f.username.toLowerCase()})`;
  // Issue 40 §1: the caller's entries sent back and not yet fixed (the partial index on returned entries).
  const returned = sql`(SELECT count(*)::integer FROM worksheet_record w WHERE ${owner} AND w.returned_at IS NOT NULL AND NOT w.exported AND w.account_id = ${f.accountId})`;
  return sql<GlanceSqlRow>`
    SELECT ${waiting} AS waiting, ${returned} AS returned,
      coalesce(sum(w.quantity) FILTER (WHERE w.date >= ${f.thisMonday}::date), 0) AS "thisWeek",
      coalesce(sum(w.quantity) FILTER (WHERE w.date < ${f.thisMonday}::date), 0) AS "lastWeek"
    FROM worksheet_record w
    WHERE ${owner} AND w.exported IN (FALSE, TRUE) AND w.account_id = ${f.accountId}
      AND w.date >= ${f.lastMonday}::date AND w.date <= ${f.thisSunday}::date AND w.unit_type = 'Resource'`;
}

export async function glanceRow(db: Db, f: Parameters<typeof glanceQuery>[0]): Promise<GlanceSqlRow> {
  const r = await glanceQuery(f).execute(db.withoutPlugins());
  return r.rows[0] ?? { waiting: null, returned: 0, thisWeek: 0, lastWeek: 0 };
}

/** The user a report's `person` names, if the account has one by that name (any case). */
export async function findReportPerson(db: Db, accountId: number, username: string) {
  return db
    .selectFrom('appUser')
    .select(['id', 'username', 'teamCode'])
    .where('accountId', '=', accountId)
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

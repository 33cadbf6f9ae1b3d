import { sql } from 'kysely';
import type { UnitType } from '../../src/shared/limits';
import type { Db } from './worksheet';

/* The week view's rows and whose weeks may be picked (issue 39 §1: split from worksheet.ts). */

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
  /** Monday..Sunday: the day's entry id when the row has exactly one that day, else null (issue 40 §4: the grid's editable cells) */
  one: Array<number | string | null>;
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
  const ones = sql.join(days.map((d) => sql`CASE WHEN count(*) FILTER (WHERE w.date = ${d}::date) = 1 THEN min(w.id) FILTER (WHERE w.date = ${d}::date) END`));
  return sql<WeekSqlRow>`
    SELECT w.job_code AS "jobCode", min(w.job_description) AS "jobDescription",
      w.job_task_code AS "jobTaskCode", min(w.job_task_description) AS "jobTaskDescription",
      w.unit_type AS "unitType", w.unit_no AS "unitNo", min(w.unit_description) AS "unitDescription",
      w.work_type_code AS "workTypeCode", w.unit_of_measure_code AS "unitOfMeasureCode",
      min(w.unit_of_measure_description) AS "unitOfMeasureDescription",
      ARRAY[${sums}] AS d, ARRAY[${counts}] AS n, ARRAY[${ones}] AS one,
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
  return (
    await q
      .orderBy(sql`lower(username)`)
      .limit(1000)
      .execute()
  ).map((r) => r.username);
}

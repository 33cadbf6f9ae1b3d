import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../types';

type Db = Kysely<DB> | Transaction<DB>;

/* Submitted weeks (issue 40 §2, decision 0410): the submission rows, their log, and the reads the lock, the week view and the reminders need. */

/** The ISO week's Monday of a date column, as SQL (date_trunc('week') is Monday-based, as ISO weeks are). */
export const weekStartOf = (column: string) => sql.raw(`date_trunc('week', ${column}::timestamp)::date`);

/** Whether the account's workers submit their weeks. */
export async function submitWeeksOn(db: Db, accountId: number): Promise<boolean> {
  const row = await db.selectFrom('account').select('submitWeeks').where('id', '=', accountId).executeTakeFirst();
  return row?.submitWeeks ?? false;
}

/**
 * The first of `weekStarts` that the owner (by name) has submitted and that is not returned, when
 * the account has submission on; null when none (the worker's lock, decision 0410).
 */
export async function submittedWeekOf(db: Db, accountId: number, username: string, weekStarts: readonly string[]): Promise<string | null> {
  if (weekStarts.length === 0) return null;
  const r = await sql<{ weekStart: string }>`
    SELECT s.week_start::text AS "weekStart"
    FROM week_submission s
    JOIN account a ON a.id = s.account_id AND a.submit_weeks
    JOIN app_user u ON u.id = s.user_id
    WHERE s.account_id = ${accountId} AND lower(u.username) = ${username.toLowerCase()}
      AND s.week_start = ANY(${[...weekStarts]}::date[]) AND s.returned_at IS NULL
    ORDER BY s.week_start
    LIMIT 1`.execute(db.withoutPlugins());
  return r.rows[0]?.weekStart ?? null;
}

export interface SubmissionRow {
  submittedAt: Date;
  submittedBy: string;
  returnedAt: Date | null;
  returnedBy: string | null;
}

/** One owner's submission of a week, optionally locked for the transaction. */
export async function findSubmission(db: Db, accountId: number, userId: number, weekStart: string, opts: { forUpdate?: boolean } = {}): Promise<SubmissionRow | undefined> {
  let q = db
    .selectFrom('weekSubmission')
    .select(['submittedAt', 'submittedBy', 'returnedAt', 'returnedBy'])
    .where('accountId', '=', accountId)
    .where('userId', '=', userId)
    .where('weekStart', '=', weekStart);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Submits (or resubmits) a week: the row written anew, any return of it cleared. */
export async function upsertSubmission(db: Db, accountId: number, userId: number, weekStart: string, by: string, at: Date): Promise<void> {
  await db
    .insertInto('weekSubmission')
    .values({ accountId, userId, weekStart, submittedAt: at, submittedBy: by, returnedAt: null, returnedBy: null })
    .onConflict((oc) => oc.columns(['accountId', 'userId', 'weekStart']).doUpdateSet({ submittedAt: at, submittedBy: by, returnedAt: null, returnedBy: null }))
    .execute();
}

/**
 * The submitted (not yet returned) weeks that hold any of these records become returned: open for
 * their owners again until they resubmit. Answers the (owner, week) pairs it changed.
 */
export async function returnSubmissionsOf(db: Db, accountId: number, recordIds: readonly number[], by: string, at: Date): Promise<Array<{ userId: number; weekStart: string }>> {
  if (recordIds.length === 0) return [];
  const r = await sql<{ userId: number; weekStart: string }>`
    UPDATE week_submission s SET returned_at = ${at}, returned_by = ${by}
    FROM (SELECT DISTINCT w.user_id, ${weekStartOf('w.date')} AS week_start FROM worksheet_record w
          WHERE w.account_id = ${accountId} AND w.id = ANY(${[...recordIds]}::integer[]) AND w.user_id IS NOT NULL) r
    WHERE s.account_id = ${accountId} AND s.user_id = r.user_id AND s.week_start = r.week_start AND s.returned_at IS NULL
    RETURNING s.user_id AS "userId", s.week_start::text AS "weekStart"`.execute(db.withoutPlugins());
  return r.rows;
}

/** Clears the return of an owner's open entries of a week (a resubmit answers them); the ids it changed. */
export async function clearReturns(db: Db, accountId: number, userId: number, from: string, to: string): Promise<number[]> {
  const r = await sql<{ id: number }>`
    UPDATE worksheet_record SET returned_by = NULL, returned_at = NULL, return_reason = NULL, version = version + 1
    WHERE account_id = ${accountId} AND user_id = ${userId} AND date BETWEEN ${from}::date AND ${to}::date
      AND returned_at IS NOT NULL AND NOT exported
    RETURNING id`.execute(db.withoutPlugins());
  return r.rows.map((row) => row.id).sort((a, b) => a - b);
}

export type SubmissionAction = 'submit' | 'resubmit' | 'return' | 'approve';

export async function insertSubmissionLog(
  db: Db,
  rows: ReadonlyArray<{ accountId: number; userId: number; weekStart: string; action: SubmissionAction; username: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('weekSubmissionLog')
    .values([...rows])
    .execute();
}

/** The newest `limit` log lines of one owner's week. */
export async function submissionLog(db: Db, accountId: number, userId: number, weekStart: string, limit: number) {
  return db
    .selectFrom('weekSubmissionLog')
    .select(['action', 'username', 'at'])
    .where('accountId', '=', accountId)
    .where('userId', '=', userId)
    .where('weekStart', '=', weekStart)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Counts of one owner's entries in a date range: all, approved, returned, exported. */
export async function weekCounts(db: Db, accountId: number, userId: number, from: string, to: string) {
  const r = await sql<{ entries: number; approved: number; returned: number; exported: number }>`
    SELECT count(*)::integer AS entries,
      count(*) FILTER (WHERE approved_by IS NOT NULL)::integer AS approved,
      count(*) FILTER (WHERE returned_at IS NOT NULL)::integer AS returned,
      count(*) FILTER (WHERE exported)::integer AS exported
    FROM worksheet_record
    WHERE account_id = ${accountId} AND user_id = ${userId} AND date BETWEEN ${from}::date AND ${to}::date`.execute(db.withoutPlugins());
  return r.rows[0] ?? { entries: 0, approved: 0, returned: 0, exported: 0 };
}

/**
 * The owner's past weeks (Mondays from `since` up to before `before`) that hold open entries and
 * are not submitted (no submission, or a returned one), newest first, at most `limit`.
 */
export async function unsubmittedWeeks(db: Db, accountId: number, userId: number, since: string, before: string, limit: number): Promise<string[]> {
  const r = await sql<{ weekStart: string }>`
    SELECT ${weekStartOf('w.date')}::text AS "weekStart"
    FROM worksheet_record w
    WHERE w.account_id = ${accountId} AND w.user_id = ${userId} AND NOT w.exported
      AND w.date >= ${since}::date AND w.date < ${before}::date
      AND NOT EXISTS (SELECT 1 FROM week_submission s WHERE s.account_id = w.account_id AND s.user_id = w.user_id
        AND s.week_start = ${weekStartOf('w.date')} AND s.returned_at IS NULL)
    GROUP BY 1
    ORDER BY 1 DESC
    LIMIT ${limit}`.execute(db.withoutPlugins());
  return r.rows.map((row) => row.weekStart);
}

/** The list filter's condition on the record `w` (issue 40 §2): its owner's week is submitted (and not returned). */
export const submittedCondition = sql`EXISTS (SELECT 1 FROM week_submission s WHERE s.account_id = w.account_id AND s.user_id = w.user_id
  AND s.week_start = ${weekStartOf('w.date')} AND s.returned_at IS NULL)`;

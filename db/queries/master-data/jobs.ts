import { sql } from 'kysely';
import { changedSince, matchesSearch, nextVersion, updatedAtIso, type Db } from './common';
import { recentRank } from './recent';
import { countMatching, keysetPage, type KeysetColumns, type KeysetRequest } from './paging';

export interface JobRow {
  id: number;
  code: string;
  description: string | null;
  billToCustomerNo: string;
  billToCustomerName: string | null;
  responsibleResourceNo: string | null;
  startingDate: string | null;
  teamCode: string | null;
  active: boolean;
  version: number;
  /** issue 42 §3 */
  updatedAt?: string;
}

export interface JobValues {
  description: string | null;
  billToCustomerNo: string;
  teamCode: string | null;
  responsibleResourceNo?: string | null | undefined;
  startingDate?: string | null | undefined;
  active?: boolean | undefined;
  /** the version the caller loaded; absent = last write wins */
  version?: number | undefined;
}

/** Jobs with their bill-to customer's name. */
function selectJobs(db: Db, accountId: number) {
  return db
    .selectFrom('job')
    .leftJoin('customer', (join) => join.onRef('customer.accountId', '=', 'job.accountId').onRef('customer.no', '=', 'job.billToCustomerNo'))
    .select([
      'job.id',
      'job.code',
      'job.description',
      'job.billToCustomerNo',
      'customer.name as billToCustomerName',
      'job.responsibleResourceNo',
      'job.startingDate',
      'job.teamCode',
      'job.active',
      'job.version',
      updatedAtIso('job'),
    ])
    .where('job.accountId', '=', accountId);
}

const keyset: KeysetColumns = { key: 'job.code', text: 'job.description', nullable: true };

/** One keyset page of the admin list (decision 0175); text order treats no description as ''. */
export function listJobs(db: Db, accountId: number, request: KeysetRequest): Promise<JobRow[]> {
  return keysetPage(selectJobs(db, accountId), keyset, request).execute();
}

export function countJobs(db: Db, accountId: number, q: string, updatedSince?: string | null): Promise<number> {
  return countMatching(db.selectFrom('job').where('job.accountId', '=', accountId), keyset, q, updatedSince);
}

export function findJob(db: Db, accountId: number, code: string): Promise<JobRow | undefined> {
  return selectJobs(db, accountId).where('job.code', '=', code).executeTakeFirst();
}

export async function insertJob(db: Db, accountId: number, code: string, values: JobValues): Promise<void> {
  await db
    .insertInto('job')
    .values({
      accountId,
      code,
      description: values.description,
      billToCustomerNo: values.billToCustomerNo,
      teamCode: values.teamCode,
      responsibleResourceNo: values.responsibleResourceNo ?? null,
      startingDate: values.startingDate ?? null,
    })
    .execute();
}

/** Absent optional values keep what is stored. Returns false when there is no such job. */
export async function updateJob(db: Db, accountId: number, code: string, values: JobValues): Promise<boolean> {
  const r = await db
    .updateTable('job')
    .set({
      description: values.description,
      billToCustomerNo: values.billToCustomerNo,
      teamCode: values.teamCode,
      ...(values.responsibleResourceNo === undefined ? {} : { responsibleResourceNo: values.responsibleResourceNo }),
      ...(values.startingDate === undefined ? {} : { startingDate: values.startingDate }),
      ...(values.active === undefined ? {} : { active: values.active }),
      version: nextVersion,
    })
    .where('accountId', '=', accountId)
    .where('code', '=', code)
    .$if(values.version !== undefined, (qb) => qb.where('version', '=', values.version ?? 0))
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function deleteJob(db: Db, accountId: number, code: string): Promise<boolean> {
  const r = await db.deleteFrom('job').where('accountId', '=', accountId).where('code', '=', code).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/** Active jobs matching `q`; with `customerNo`, only jobs billed to that customer. */
export function searchJobs(db: Db, accountId: number, q: string, limit: number | undefined, customerNo?: string | null, recent: readonly string[] = []): Promise<JobRow[]> {
  let query = selectJobs(db, accountId).where('job.active', '=', true);
  if (customerNo) query = query.where('job.billToCustomerNo', '=', customerNo);
  return (
    query
      .where(matchesSearch(q, 'job.code', 'job.description'))
      // The exact code first, so that limit 1 finds a known code (the picker's label lookup).
      .$if(q !== '', (qb) => qb.orderBy(sql`lower(${sql.ref('job.code')}) = lower(${q})`, 'desc'))
      // Then the user's recent jobs, most recent first (issue 22 §4).
      .$if(recent.length > 0, (qb) => qb.orderBy(recentRank(recent, 'job.code')))
      .orderBy('job.code')
      .$if(limit !== undefined, (qb) => qb.limit(limit ?? 0))
      .execute()
  );
}

// ---- job tasks ----

export interface JobTaskRow {
  id: number;
  jobCode: string;
  code: string;
  description: string;
  active: boolean;
  version: number;
  updatedAt?: string;
}

const taskColumns = ['id', 'jobCode', 'code', 'description', 'active', 'version'] as const;

/** The tasks of a job, or (a sync) of every job changed since `updatedSince`; by job, then code. */
export function listJobTasks(db: Db, accountId: number, jobCode: string | undefined, updatedSince?: string): Promise<JobTaskRow[]> {
  return db
    .selectFrom('jobTask')
    .select(taskColumns)
    .select(updatedAtIso('jobTask'))
    .where('accountId', '=', accountId)
    .$if(jobCode !== undefined, (qb) => qb.where('jobCode', '=', jobCode ?? ''))
    .where(changedSince('jobTask', updatedSince))
    .orderBy('jobCode')
    .orderBy('code')
    .execute();
}

export function findJobTask(db: Db, accountId: number, jobCode: string, code: string): Promise<JobTaskRow | undefined> {
  return db
    .selectFrom('jobTask')
    .select(taskColumns)
    .select(updatedAtIso('jobTask'))
    .where('accountId', '=', accountId)
    .where('jobCode', '=', jobCode)
    .where('code', '=', code)
    .executeTakeFirst();
}

export function insertJobTask(db: Db, accountId: number, values: { jobCode: string; code: string; description: string }): Promise<JobTaskRow> {
  return db
    .insertInto('jobTask')
    .values({ accountId, jobCode: values.jobCode, code: values.code, description: values.description })
    .returning(taskColumns)
    .returning(updatedAtIso('jobTask'))
    .executeTakeFirstOrThrow();
}

export function updateJobTask(
  db: Db,
  accountId: number,
  jobCode: string,
  code: string,
  values: { description: string; active?: boolean | undefined; version?: number | undefined },
): Promise<JobTaskRow | undefined> {
  return db
    .updateTable('jobTask')
    .set({ description: values.description, ...(values.active === undefined ? {} : { active: values.active }), version: nextVersion })
    .where('accountId', '=', accountId)
    .where('jobCode', '=', jobCode)
    .where('code', '=', code)
    .$if(values.version !== undefined, (qb) => qb.where('version', '=', values.version ?? 0))
    .returning(taskColumns)
    .returning(updatedAtIso('jobTask'))
    .executeTakeFirst();
}

export async function deleteJobTask(db: Db, accountId: number, jobCode: string, code: string): Promise<boolean> {
  const r = await db.deleteFrom('jobTask').where('accountId', '=', accountId).where('jobCode', '=', jobCode).where('code', '=', code).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

export function searchJobTasks(db: Db, accountId: number, jobCode: string, q: string, limit: number | undefined): Promise<JobTaskRow[]> {
  const query = db.selectFrom('jobTask').select(taskColumns).where('accountId', '=', accountId).where('jobCode', '=', jobCode).where('active', '=', true);
  return query
    .where(matchesSearch(q, 'code', 'description'))
    .orderBy('code')
    .$if(limit !== undefined, (qb) => qb.limit(limit ?? 0))
    .execute();
}

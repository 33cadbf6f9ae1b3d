import { recentFor } from './recent';
import type { Database } from '../../../../db/database';
import { findCustomer } from '../../../../db/queries/master-data/customers';
import type { Db } from '../../../../db/queries/master-data/common';
import {
  deleteJob,
  deleteJobTask,
  findJob,
  findJobTask,
  insertJob,
  insertJobTask,
  countJobs,
  listJobs,
  listJobTasks,
  searchJobs,
  searchJobTasks,
  updateJob,
  updateJobTask,
  type JobRow,
  type JobTaskRow,
  type JobValues,
} from '../../../../db/queries/master-data/jobs';
import { jobInUse, jobTaskInUse } from '../../../../db/queries/master-data/usage';
import type { AdminListQuery } from '../../../shared/admin-paging';
import { AppError, fieldError } from '../../errors';
import { adminListPage, deleteOrConflict, found, insertOrConflict, notFound, updatedOrStale, type AdminPage, duplicate, exists, inUse } from './common';
import { coded } from '../../../shared/error-codes';

type JobInput = JobValues & { code: string };

/**
 * Spec §5: the bill-to customer is chosen from the account's active customers. An update that
 * keeps the stored bill-to customer is accepted even if that customer was deactivated since, so
 * the job can still be edited (or deactivated itself).
 */
export async function checkBillTo(db: Db, accountId: number, customerNo: string, keeping: string | null): Promise<void> {
  if (customerNo === keeping) return;
  const customer = await findCustomer(db, accountId, customerNo);
  if (!customer?.active) throw fieldError('billToCustomerNo', coded('BILL_TO_NOT_ACTIVE'));
}

export const jobService = {
  list: (db: Database, accountId: number, input: AdminListQuery | undefined): Promise<AdminPage<JobRow>> =>
    adminListPage(
      input,
      (r) => listJobs(db, accountId, r),
      (q, since) => countJobs(db, accountId, q, since),
      (row) => ({ key: row.code, text: row.description }),
    ),

  single: async (db: Database, accountId: number, code: string): Promise<JobRow> => found(await findJob(db, accountId, code)),

  async create(db: Database, accountId: number, input: JobInput): Promise<JobRow> {
    if (await findJob(db, accountId, input.code)) throw exists('code', 'Job', input.code);
    await checkBillTo(db, accountId, input.billToCustomerNo, null);
    await insertOrConflict(
      () => insertJob(db, accountId, input.code, input),
      () => exists('code', 'Job', input.code),
    );
    return found(await findJob(db, accountId, input.code));
  },

  async update(db: Database, accountId: number, input: JobInput): Promise<JobRow> {
    return db.transaction().execute(async (trx) => {
      const current = found(await findJob(trx, accountId, input.code));
      await checkBillTo(trx, accountId, input.billToCustomerNo, current.billToCustomerNo);
      if (!(await updateJob(trx, accountId, input.code, input))) throw new AppError('CONFLICT', coded('STALE'));
      return found(await findJob(trx, accountId, input.code));
    });
  },

  /** Refused while the job has tasks or any worksheet entry (open or archived). */
  async remove(db: Database, accountId: number, code: string): Promise<void> {
    if (!(await findJob(db, accountId, code))) throw notFound();
    if (await jobInUse(db, accountId, code)) throw inUse('Job', code);
    await deleteOrConflict(
      () => deleteJob(db, accountId, code),
      () => inUse('Job', code),
    );
  },

  /** Active jobs matching q; the caller's recent jobs first after the exact code (issue 22 §4). */
  search: async (db: Database, accountId: number, input: { q: string; limit?: number | undefined; customerNo?: string | null | undefined }, userId?: number | null) =>
    searchJobs(db, accountId, input.q, input.limit, input.customerNo, await recentFor(db, accountId, userId, 'jobCode', input)),
};

/** Job tasks live below a job of the account; a missing job is 404. */
async function requireJob(db: Db, accountId: number, jobCode: string): Promise<void> {
  if (!(await findJob(db, accountId, jobCode))) throw notFound();
}

const taskConflict = (jobCode: string, code: string) => duplicate('code', coded('MD_EXISTS_FOR', { entity: 'Job task', key: code, parent: 'Job', parentKey: jobCode }));

export const jobTaskService = {
  async list(db: Database, accountId: number, jobCode: string | undefined, updatedSince?: string): Promise<JobTaskRow[]> {
    const tasks = await listJobTasks(db, accountId, jobCode, updatedSince);
    if (tasks.length === 0 && jobCode !== undefined) await requireJob(db, accountId, jobCode);
    return tasks;
  },

  single: async (db: Database, accountId: number, jobCode: string, code: string): Promise<JobTaskRow> => found(await findJobTask(db, accountId, jobCode, code)),

  async create(db: Database, accountId: number, input: { jobCode: string; code: string; description: string }): Promise<JobTaskRow> {
    await requireJob(db, accountId, input.jobCode);
    if (await findJobTask(db, accountId, input.jobCode, input.code)) throw taskConflict(input.jobCode, input.code);
    return insertOrConflict(
      () => insertJobTask(db, accountId, input),
      () => taskConflict(input.jobCode, input.code),
    );
  },

  update: async (
    db: Database,
    accountId: number,
    input: { jobCode: string; code: string; description: string; active?: boolean | undefined; version?: number | undefined },
  ): Promise<JobTaskRow> => updatedOrStale(await updateJobTask(db, accountId, input.jobCode, input.code, input), () => findJobTask(db, accountId, input.jobCode, input.code)),

  async remove(db: Database, accountId: number, jobCode: string, code: string): Promise<void> {
    if (!(await findJobTask(db, accountId, jobCode, code))) throw notFound();
    if (await jobTaskInUse(db, accountId, jobCode, code)) throw inUse('Job task', code);
    await deleteJobTask(db, accountId, jobCode, code);
  },

  search: (db: Database, accountId: number, input: { jobCode: string; q: string; limit?: number | undefined }) =>
    searchJobTasks(db, accountId, input.jobCode, input.q, input.limit),
};

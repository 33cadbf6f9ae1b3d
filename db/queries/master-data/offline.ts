import type { UnitType } from '../../../src/shared/limits';
import type { Db } from './common';
import type { CustomerRow } from './customers';
import type { NoRow, NoTable } from './items';
import type { JobRow, JobTaskRow } from './jobs';
import type { LocationRow } from './locations';
import type { UnitRow } from './units';
import type { WorkTypeRow } from './work-types';

/*
 * The entry form's master data for the offline copy on the device (issue 14 §2, decision 0150):
 * what the form's pickers offer (active records only, as the …/search calls), one kind at a
 * time, in pages ordered by the record's key and continued after the previous page's last key
 * (keyset paging: every page is a range scan of the (account_id, key…) unique index).
 */

export function pageCustomers(db: Db, accountId: number, after: string | undefined, limit: number): Promise<CustomerRow[]> {
  return db
    .selectFrom('customer')
    .select(['id', 'no', 'name', 'active', 'version'])
    .where('accountId', '=', accountId)
    .where('active', '=', true)
    .$if(after !== undefined, (qb) => qb.where('no', '>', after ?? ''))
    .orderBy('no')
    .limit(limit)
    .execute();
}

export function pageJobs(db: Db, accountId: number, after: string | undefined, limit: number): Promise<JobRow[]> {
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
    ])
    .where('job.accountId', '=', accountId)
    .where('job.active', '=', true)
    .$if(after !== undefined, (qb) => qb.where('job.code', '>', after ?? ''))
    .orderBy('job.code')
    .limit(limit)
    .execute();
}

export function pageJobTasks(db: Db, accountId: number, after: readonly [string, string] | undefined, limit: number): Promise<JobTaskRow[]> {
  return db
    .selectFrom('jobTask')
    .select(['id', 'jobCode', 'code', 'description', 'active', 'version'])
    .where('accountId', '=', accountId)
    .where('active', '=', true)
    .$if(after !== undefined, (qb) => qb.where(({ eb, refTuple, tuple }) => eb(refTuple('jobCode', 'code'), '>', tuple(after?.[0] ?? '', after?.[1] ?? ''))))
    .orderBy('jobCode')
    .orderBy('code')
    .limit(limit)
    .execute();
}

export function pageLocations(db: Db, accountId: number, after: string | undefined, limit: number): Promise<LocationRow[]> {
  return db
    .selectFrom('location')
    .select(['id', 'accountId', 'code', 'name', 'active', 'version'])
    .where('accountId', '=', accountId)
    .where('active', '=', true)
    .$if(after !== undefined, (qb) => qb.where('code', '>', after ?? ''))
    .orderBy('code')
    .limit(limit)
    .execute();
}

export function pageWorkTypes(db: Db, accountId: number, after: string | undefined, limit: number): Promise<WorkTypeRow[]> {
  return db
    .selectFrom('workType')
    .select(['id', 'code', 'description', 'unitOfMeasureCode', 'active', 'version'])
    .where('accountId', '=', accountId)
    .where('active', '=', true)
    .$if(after !== undefined, (qb) => qb.where('code', '>', after ?? ''))
    .orderBy('code')
    .limit(limit)
    .execute();
}

export function pageNoRecords(db: Db, table: NoTable, accountId: number, after: string | undefined, limit: number): Promise<NoRow[]> {
  return db
    .selectFrom(table as 'item')
    .select(['id', 'no', 'description', 'active', 'version'])
    .where('accountId', '=', accountId)
    .where('active', '=', true)
    .$if(after !== undefined, (qb) => qb.where('no', '>', after ?? ''))
    .orderBy('no')
    .limit(limit)
    .execute();
}

export function pageUnits(db: Db, accountId: number, after: readonly [UnitType, string, string] | undefined, limit: number): Promise<UnitRow[]> {
  return db
    .selectFrom('unitOfMeasure')
    .select(['id', 'unitType', 'unitNo', 'code', 'description', 'active', 'version'])
    .where('accountId', '=', accountId)
    .where('active', '=', true)
    .$if(after !== undefined, (qb) =>
      qb.where(({ eb, refTuple, tuple }) => eb(refTuple('unitType', 'unitNo', 'code'), '>', tuple(after?.[0] ?? 'Item', after?.[1] ?? '', after?.[2] ?? ''))),
    )
    .orderBy('unitType')
    .orderBy('unitNo')
    .orderBy('code')
    .limit(limit)
    .execute();
}

import type { UnitType } from '../../shared/limits';
import type { MasterData } from './master-data-store';
import { searchRows } from './offline-search';

/*
 * What each of the entry form's pickers offers, answered from the offline copy with the same
 * filters as the server's …/search calls (spec §4): a job narrows the customers to its bill-to
 * customer, a customer the jobs to those billed to it, a job gives its tasks, an item or resource
 * its units of measure.
 */
type Copy = Pick<MasterData, 'customer' | 'job' | 'jobTask' | 'location' | 'workType' | 'item' | 'resource' | 'unit'>;

export function offlineCustomers(copy: Copy, q: string, limit: number | undefined, jobCode = '') {
  let rows = copy.customer;
  if (jobCode) {
    const billTo = copy.job.find((j) => j.code === jobCode)?.billToCustomerNo;
    rows = rows.filter((c) => c.no === billTo);
  }
  return searchRows(
    rows,
    q,
    limit,
    (c) => c.no,
    (c) => c.name,
  );
}

export function offlineJobs(copy: Copy, q: string, limit: number | undefined, customerNo = '') {
  const rows = customerNo ? copy.job.filter((j) => j.billToCustomerNo === customerNo) : copy.job;
  return searchRows(
    rows,
    q,
    limit,
    (j) => j.code,
    (j) => j.description,
  );
}

export const offlineLocations = (copy: Copy, q: string, limit: number | undefined) =>
  searchRows(
    copy.location,
    q,
    limit,
    (l) => l.code,
    (l) => l.name,
  );

export const offlineJobTasks = (copy: Copy, jobCode: string) => copy.jobTask.filter((t) => t.jobCode === jobCode);

export const offlineWorkTypes = (copy: Copy, q: string, limit: number | undefined) =>
  searchRows(
    copy.workType,
    q,
    limit,
    (w) => w.code,
    (w) => w.description,
  );

export function offlineUnits(copy: Copy, unitType: UnitType, q: string, limit: number | undefined) {
  return searchRows(
    unitType === 'Item' ? copy.item : copy.resource,
    q,
    limit,
    (u) => u.no,
    (u) => u.description,
  );
}

export const offlineUnitsOfMeasure = (copy: Copy, unitType: UnitType, unitNo: string) => copy.unit.filter((u) => u.unitType === unitType && u.unitNo === unitNo);

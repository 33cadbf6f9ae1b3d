import type { Database } from '../../../../db/database';
import { pageCustomers, pageJobs, pageJobTasks, pageLocations, pageNoRecords, pageUnits, pageWorkTypes } from '../../../../db/queries/master-data/offline';
import type { UnitType } from '../../../shared/limits';
import { OFFLINE_PAGE_DEFAULT, type TOfflinePage } from '../../../shared/schemas/offline';

interface PageInput {
  kind: TOfflinePage['kind'];
  after?: string[] | undefined;
  limit?: number | undefined;
}

/** A full page means there may be more: its last row's key continues; a short page is the last. */
function nextOf<T>(rows: T[], limit: number, key: (row: T) => string[]): string[] | null {
  const last = rows.at(-1);
  return rows.length === limit && last ? key(last) : null;
}

/** One page of one kind of the entry form's master data (issue 14 §2), for the offline copy. */
export async function offlineMasterDataPage(db: Database, accountId: number, input: PageInput): Promise<TOfflinePage> {
  const limit = input.limit ?? OFFLINE_PAGE_DEFAULT;
  const after = input.after;
  const one = after?.[0];
  switch (input.kind) {
    case 'customer': {
      const rows = await pageCustomers(db, accountId, one, limit);
      return { kind: 'customer', rows, next: nextOf(rows, limit, (r) => [r.no]) };
    }
    case 'job': {
      const rows = await pageJobs(db, accountId, one, limit);
      return { kind: 'job', rows, next: nextOf(rows, limit, (r) => [r.code]) };
    }
    case 'jobTask': {
      const rows = await pageJobTasks(db, accountId, after ? [after[0] ?? '', after[1] ?? ''] : undefined, limit);
      return { kind: 'jobTask', rows, next: nextOf(rows, limit, (r) => [r.jobCode, r.code]) };
    }
    case 'location': {
      const rows = await pageLocations(db, accountId, one, limit);
      return { kind: 'location', rows, next: nextOf(rows, limit, (r) => [r.code]) };
    }
    case 'workType': {
      const rows = await pageWorkTypes(db, accountId, one, limit);
      return { kind: 'workType', rows, next: nextOf(rows, limit, (r) => [r.code]) };
    }
    case 'item':
    case 'resource': {
      const rows = await pageNoRecords(db, input.kind, accountId, one, limit);
      const next = nextOf(rows, limit, (r) => [r.no]);
      return input.kind === 'item' ? { kind: 'item', rows, next } : { kind: 'resource', rows, next };
    }
    case 'unit': {
      const rows = await pageUnits(db, accountId, after ? [(after[0] ?? 'Item') as UnitType, after[1] ?? '', after[2] ?? ''] : undefined, limit);
      return { kind: 'unit', rows, next: nextOf(rows, limit, (r) => [r.unitType, r.unitNo, r.code]) };
    }
  }
}

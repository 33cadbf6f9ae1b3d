import { recentFor } from './recent';
import type { Database } from '../../../../db/database';
import {
  countNoRecords,
  deleteNoRecord,
  findNoRecord,
  insertNoRecord,
  listNoRecords,
  searchNoRecords,
  updateNoRecord,
  type NoRow,
  type NoTable,
} from '../../../../db/queries/master-data/items';
import { deleteUnitsOf } from '../../../../db/queries/master-data/units';
import { resourceIsUserDefault, unitTypeInUse } from '../../../../db/queries/master-data/usage';
import type { AdminListQuery } from '../../../shared/admin-paging';
import type { UnitType } from '../../../shared/limits';
import { coded } from '../../../shared/error-codes';
import { AppError } from '../../errors';
import { adminListPage, found, insertOrConflict, notFound, updatedOrStale, type AdminPage, exists, inUse } from './common';

/**
 * Items and resources (spec §3, §5, §7). Deleting one also deletes its units of measure: they are
 * part of it (managed inside its edit screen) and would otherwise be orphans nobody can see. The
 * delete is refused (409) while worksheet entries that are not exported use it — the check on the
 * item/resource covers its units too, because every entry names both (docs/decisions).
 */
export interface NoRecordService {
  list(db: Database, accountId: number, input: AdminListQuery | undefined): Promise<AdminPage<NoRow>>;
  single(db: Database, accountId: number, no: string): Promise<NoRow>;
  create(db: Database, accountId: number, input: { no: string; description: string }): Promise<NoRow>;
  update(db: Database, accountId: number, input: { no: string; description: string; active?: boolean | undefined; version?: number | undefined }): Promise<NoRow>;
  remove(db: Database, accountId: number, no: string): Promise<void>;
  /** Active records matching q; the caller's recent ones first after the exact number (issue 22 §4). */
  search(db: Database, accountId: number, input: { q: string; limit?: number | undefined }, userId?: number | null): Promise<NoRow[]>;
}

function noRecordService(table: NoTable, entity: UnitType): NoRecordService {
  return {
    list: (db, accountId, input) =>
      adminListPage(
        input,
        (r) => listNoRecords(db, table, accountId, r),
        (q, since) => countNoRecords(db, table, accountId, q, since),
        (row) => ({ key: row.no, text: row.description }),
      ),
    single: async (db, accountId, no) => found(await findNoRecord(db, table, accountId, no)),
    async create(db, accountId, input) {
      if (await findNoRecord(db, table, accountId, input.no)) throw exists('no', entity, input.no);
      return insertOrConflict(
        () => insertNoRecord(db, table, accountId, input),
        () => exists('no', entity, input.no),
      );
    },
    update: async (db, accountId, input) => updatedOrStale(await updateNoRecord(db, table, accountId, input.no, input), () => findNoRecord(db, table, accountId, input.no)),
    async remove(db, accountId, no) {
      await db.transaction().execute(async (trx) => {
        if (!(await findNoRecord(trx, table, accountId, no))) throw notFound();
        if (await unitTypeInUse(trx, accountId, entity, no)) throw inUse(entity, no);
        if (entity === 'Resource' && (await resourceIsUserDefault(trx, accountId, no))) throw new AppError('CONFLICT', coded('MD_DEFAULT_RESOURCE', { key: no }));
        await deleteUnitsOf(trx, accountId, entity, no);
        await deleteNoRecord(trx, table, accountId, no);
      });
    },
    search: async (db, accountId, input, userId) => searchNoRecords(db, table, accountId, input.q, input.limit, await recentFor(db, accountId, userId, 'unitNo', input, entity)),
  };
}

export const itemService = noRecordService('item', 'Item');
export const resourceService = noRecordService('resource', 'Resource');

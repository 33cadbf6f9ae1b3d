import type { Database } from '../../../../db/database';
import {
  countCustomers,
  deleteCustomer,
  findCustomer,
  insertCustomer,
  listCustomers,
  searchCustomers,
  updateCustomer,
  type CustomerRow,
} from '../../../../db/queries/master-data/customers';
import { customerInUse } from '../../../../db/queries/master-data/usage';
import type { AdminListQuery } from '../../../shared/admin-paging';
import { adminListPage, deleteOrConflict, found, insertOrConflict, notFound, updatedOrStale, type AdminPage, exists, inUse } from './common';

export const customerService = {
  list: (db: Database, accountId: number, input: AdminListQuery | undefined): Promise<AdminPage<CustomerRow>> =>
    adminListPage(
      input,
      (r) => listCustomers(db, accountId, r),
      (q, since) => countCustomers(db, accountId, q, since),
      (row) => ({ key: row.no, text: row.name }),
    ),

  single: async (db: Database, accountId: number, no: string): Promise<CustomerRow> => found(await findCustomer(db, accountId, no)),

  async create(db: Database, accountId: number, input: { no: string; name: string }): Promise<CustomerRow> {
    if (await findCustomer(db, accountId, input.no)) throw exists('no', 'Customer', input.no);
    return insertOrConflict(
      () => insertCustomer(db, accountId, input),
      () => exists('no', 'Customer', input.no),
    );
  },

  update: async (db: Database, accountId: number, input: { no: string; name: string; active?: boolean | undefined; version?: number | undefined }): Promise<CustomerRow> =>
    updatedOrStale(await updateCustomer(db, accountId, input.no, input), () => findCustomer(db, accountId, input.no)),

  /** Refused while jobs bill to the customer or open entries name it. */
  async remove(db: Database, accountId: number, no: string): Promise<void> {
    if (!(await findCustomer(db, accountId, no))) throw notFound();
    if (await customerInUse(db, accountId, no)) throw inUse('Customer', no);
    await deleteOrConflict(
      () => deleteCustomer(db, accountId, no),
      () => inUse('Customer', no),
    );
  },

  search: (db: Database, accountId: number, input: { q: string; limit?: number | undefined; jobCode?: string | null | undefined }) =>
    searchCustomers(db, accountId, input.q, input.limit, input.jobCode),
};

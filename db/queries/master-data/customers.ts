import { sql } from 'kysely';
import { matchesSearch, nextVersion, updatedAtIso, type Db } from './common';
import { countMatching, keysetPage, type KeysetColumns, type KeysetRequest } from './paging';

export interface CustomerRow {
  id: number;
  no: string;
  name: string;
  active: boolean;
  version: number;
  /** issue 42 §3 (lists and single) */
  updatedAt?: string;
}

const columns = ['customer.id', 'customer.no', 'customer.name', 'customer.active', 'customer.version'] as const;

const keyset: KeysetColumns = { key: 'customer.no', text: 'customer.name' };

/** One keyset page of the admin list (decision 0175). */
export function listCustomers(db: Db, accountId: number, request: KeysetRequest): Promise<CustomerRow[]> {
  return keysetPage(db.selectFrom('customer').select(columns).select(updatedAtIso('customer')).where('accountId', '=', accountId), keyset, request).execute();
}

export function countCustomers(db: Db, accountId: number, q: string, updatedSince?: string | null): Promise<number> {
  return countMatching(db.selectFrom('customer').where('accountId', '=', accountId), keyset, q, updatedSince);
}

export function findCustomer(db: Db, accountId: number, no: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customer').select(columns).select(updatedAtIso('customer')).where('accountId', '=', accountId).where('no', '=', no).executeTakeFirst();
}

export function insertCustomer(db: Db, accountId: number, values: { no: string; name: string }): Promise<CustomerRow> {
  return db
    .insertInto('customer')
    .values({ accountId, no: values.no, name: values.name })
    .returning(['id', 'no', 'name', 'active', 'version'])
    .returning(updatedAtIso('customer'))
    .executeTakeFirstOrThrow();
}

export function updateCustomer(
  db: Db,
  accountId: number,
  no: string,
  values: { name: string; active?: boolean | undefined; version?: number | undefined },
): Promise<CustomerRow | undefined> {
  return db
    .updateTable('customer')
    .set({ name: values.name, ...(values.active === undefined ? {} : { active: values.active }), version: nextVersion })
    .where('accountId', '=', accountId)
    .where('no', '=', no)
    .$if(values.version !== undefined, (qb) => qb.where('version', '=', values.version ?? 0))
    .returning(['id', 'no', 'name', 'active', 'version'])
    .returning(updatedAtIso('customer'))
    .executeTakeFirst();
}

export async function deleteCustomer(db: Db, accountId: number, no: string): Promise<boolean> {
  const r = await db.deleteFrom('customer').where('accountId', '=', accountId).where('no', '=', no).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/** Active customers matching `q`; with `jobCode`, only that job's bill-to customer. */
export function searchCustomers(db: Db, accountId: number, q: string, limit: number | undefined, jobCode?: string | null): Promise<CustomerRow[]> {
  let query = db.selectFrom('customer').select(columns).where('customer.accountId', '=', accountId).where('customer.active', '=', true);
  if (jobCode) {
    query = query.where('customer.no', 'in', (eb) => eb.selectFrom('job').select('job.billToCustomerNo').where('job.accountId', '=', accountId).where('job.code', '=', jobCode));
  }
  return (
    query
      .where(matchesSearch(q, 'customer.no', 'customer.name'))
      // The exact code first, so that limit 1 finds a known code (the picker's label lookup).
      .$if(q !== '', (qb) => qb.orderBy(sql`lower(${sql.ref('customer.no')}) = lower(${q})`, 'desc'))
      .orderBy('customer.no')
      .$if(limit !== undefined, (qb) => qb.limit(limit ?? 0))
      .execute()
  );
}

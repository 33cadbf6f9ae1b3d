import type { UnitType } from '../../src/shared/limits';
import type { ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';

/** Shared set-up of the master-data REST contract tests (tests/api/master-data-*.test.ts). */
export interface MasterDataWorld {
  app: TestApp;
  accountId: number;
  otherAccountId: number;
  admin: ApiClient;
  leader: ApiClient;
  basic: ApiClient;
  otherAdmin: ApiClient;
  /** A client with the account's API key. */
  apiKey: ApiClient;
}

let counter = 0;

export async function startWorld(): Promise<MasterDataWorld> {
  const app = await startTestApp();
  const n = ++counter;
  const code = `MD${process.pid % 10000}${n}`;
  const accountId = await app.createAccount(code, `mdadmin${n}`);
  const otherAccountId = await app.createAccount(`O${code}`, `mdother${n}`);
  await app.addUser(accountId, { username: `mdleader${n}`, profileType: 'Teamleader', teamCode: 'A' });
  await app.addUser(accountId, { username: `mdbasic${n}`, profileType: 'Basic' });
  const [admin, leader, basic, otherAdmin, key] = await Promise.all([
    app.login(`mdadmin${n}`),
    app.login(`mdleader${n}`),
    app.login(`mdbasic${n}`),
    app.login(`mdother${n}`),
    app.apiKeyClient(accountId),
  ]);
  return { app, accountId, otherAccountId, admin, leader, basic, otherAdmin, apiKey: key.client };
}

/** A worksheet entry written straight into the table (the worksheet API is another area). */
export async function insertEntry(
  app: TestApp,
  accountId: number,
  values: {
    jobCode: string;
    unitType?: UnitType;
    unitNo?: string;
    unitOfMeasureCode?: string;
    customerNo?: string | null;
    jobTaskCode?: string | null;
    locationCode?: string | null;
    workTypeCode?: string | null;
    exported?: boolean;
  },
): Promise<number> {
  const row = await app.db
    .insertInto('worksheetRecord')
    .values({
      accountId,
      username: 'someone',
      date: '2026-11-20',
      jobCode: values.jobCode,
      customerNo: values.customerNo ?? null,
      jobTaskCode: values.jobTaskCode ?? null,
      locationCode: values.locationCode ?? null,
      workTypeCode: values.workTypeCode ?? null,
      unitType: values.unitType ?? 'Resource',
      unitNo: values.unitNo ?? 'R01',
      description: 'Work',
      quantity: 1,
      unitOfMeasureCode: values.unitOfMeasureCode ?? 'HOUR',
      createdBy: 'someone',
      exported: values.exported ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** `'x'.repeat(n)` for boundary values. */
export const chars = (n: number, c = 'A') => c.repeat(n);

import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { seedMasterData } from '../../db/seed/demo';
import type { Insertable } from 'kysely';
import type { WorksheetRecordTable } from '../../db/types';
import type { ApiClient } from '../helpers/client';
import type { TestApp } from '../helpers/server';

/**
 * The export world: account EXP with the demo master data and
 *   expadmin (Admin, A), leada (Teamleader, A), leadb (Teamleader, B), basica (Basic, A),
 *   dansk (Basic, A, DAN), leaddk (Teamleader, A, DAN), basicb (Basic, B);
 * and a second account EXPOTHER. Jobs: J-1001, J-2001 team A; J-1002 team B; J-3001 no team.
 * Worksheet records are inserted directly (the worksheet API is another area's).
 */
export interface ExportWorld {
  accountId: number;
  otherAccountId: number;
}

export async function setUpExportWorld(app: TestApp, prefix = 'exp'): Promise<ExportWorld> {
  const code = prefix.toUpperCase();
  const accountId = await app.createAccount(code, `${prefix}admin`);
  await app.db.updateTable('appUser').set({ teamCode: 'A' }).where('accountId', '=', accountId).execute();
  await seedMasterData(app.db, accountId);
  await app.addUser(accountId, { username: 'leada', profileType: 'Teamleader', teamCode: 'A' });
  await app.addUser(accountId, { username: 'leadb', profileType: 'Teamleader', teamCode: 'B' });
  await app.addUser(accountId, { username: 'basica', teamCode: 'A' });
  await app.addUser(accountId, { username: 'dansk', teamCode: 'A', languageCode: 'DAN' });
  await app.addUser(accountId, { username: 'leaddk', profileType: 'Teamleader', teamCode: 'A', languageCode: 'DAN' });
  await app.addUser(accountId, { username: 'basicb', teamCode: 'B' });
  const otherAccountId = await app.createAccount(`${code}OTHER`, `${prefix}otheradmin`);
  await seedMasterData(app.db, otherAccountId);
  return { accountId, otherAccountId };
}

export type RecordOverrides = Partial<Insertable<WorksheetRecordTable>>;

/** A resource entry of `username` on J-1001 (team A). */
export function record(accountId: number, username: string, over: RecordOverrides = {}): Insertable<WorksheetRecordTable> {
  return {
    accountId,
    username,
    date: '2026-11-20',
    customerNo: 'C1000',
    customerName: 'Nordhavn Byg ApS',
    jobCode: 'J-1001',
    jobDescription: 'Kitchen renovation, Strandvejen 12',
    jobTaskCode: '100',
    jobTaskDescription: 'Demolition',
    locationCode: 'CPH',
    workTypeCode: 'NORMAL',
    workTypeDescription: 'Normal hours',
    unitType: 'Resource',
    unitNo: 'R01',
    unitDescription: 'Carpenter',
    description: 'Demolition of the kitchen',
    timeFrom: '08:00:00',
    timeTo: '12:30:00',
    quantity: 4.5,
    unitOfMeasureCode: 'HOUR',
    unitOfMeasureDescription: 'Hour',
    createdBy: username,
    ...over,
  };
}

export async function insertRecords(app: TestApp, rows: Array<Insertable<WorksheetRecordTable>>): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const r = await app.db
      .insertInto('worksheetRecord')
      .values(rows.slice(i, i + 500))
      .returning('id')
      .execute();
    ids.push(...r.map((x) => x.id));
  }
  return ids;
}

/** `count` copies of one record of `username`, inserted by one INSERT … SELECT generate_series. */
export async function insertMany(app: TestApp, accountId: number, username: string, count: number): Promise<number[]> {
  const r = await sql<{ id: number }>`
    INSERT INTO worksheet_record (account_id, username, date, customer_no, customer_name, job_code, job_description,
      unit_type, unit_no, unit_description, description, quantity, unit_of_measure_code, created_by)
    SELECT ${accountId}, ${username}, DATE '2026-01-01' + (g % 300), 'C1000', 'Nordhavn Byg ApS', 'J-1001',
      'Kitchen renovation, Strandvejen 12', 'Item', '1000', 'Screws 5x50, box',
      'Bulk entry number ' || g || ', with a comma; a semicolon and "quotes"', 1 + (g % 7) * 0.25, 'BOX', ${username}
    FROM generate_series(1, ${count}) g
    RETURNING id`.execute(app.db);
  return r.rows.map((x) => x.id);
}

export interface Csv {
  bom: boolean;
  header: string[];
  rows: string[][];
}

/** Parses a CSV answer with a real parser (csv-parse). */
export function parseCsv(text: string, delimiter: ',' | ';' = ','): Csv {
  const bom = text.startsWith('\uFEFF');
  const records = parse(bom ? text.slice(1) : text, { delimiter, relax_column_count: false }) as string[][];
  return { bom, header: records[0] ?? [], rows: records.slice(1) };
}

/** A download with any options — a test may send ones the document refuses on purpose. */
export function download(client: ApiClient, body: Record<string, unknown>) {
  return client.raw('POST', '/api/worksheet/download', body);
}

export const COLUMN = {
  id: 0,
  date: 1,
  user: 2,
  customerNo: 3,
  customerName: 4,
  jobCode: 5,
  jobDescription: 6,
  jobTaskCode: 7,
  jobTaskDescription: 8,
  locationCode: 9,
  workTypeCode: 10,
  workTypeDescription: 11,
  unitType: 12,
  unitNo: 13,
  unitDescription: 14,
  description: 15,
  timeFrom: 16,
  timeTo: 17,
  quantity: 18,
  unitOfMeasureCode: 19,
  approvedBy: 20,
  approvedAt: 21,
} as const;

/** The raw bytes (fetch's text() would drop the byte-order mark). */
export async function downloadBytes(
  client: ApiClient,
  body: Record<string, unknown>,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer; text: string }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: client.baseUrl };
  if (client.cookie) headers.Cookie = client.cookie;
  if (client.options.apiKey) headers['X-Api-Key'] = client.options.apiKey;
  const res = await fetch(`${client.baseUrl}/api/worksheet/download`, { method: 'POST', headers, body: JSON.stringify(body), ...init });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
}

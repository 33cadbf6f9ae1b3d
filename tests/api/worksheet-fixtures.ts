import sharp from 'sharp';
import { seedMasterData } from '../../db/seed/demo';
import type { ApiClient } from '../helpers/client';
import type { TestApp } from '../helpers/server';

/**
 * A worksheet world for the REST contract tests: account WS with the demo master data and users
 *   wsadmin (Admin, A), leada (Teamleader, A), leadb (Teamleader, B), basica + basica2 (Basic, A),
 *   basicb (Basic, B); and a second account OTHER with its own admin.
 * Jobs (demo data): J-1001 and J-2001 are team A, J-1002 team B, J-3001 no team.
 */
export interface WorksheetWorld {
  accountId: number;
  otherAccountId: number;
  c: Record<'admin' | 'leadA' | 'leadB' | 'basicA' | 'basicA2' | 'basicB' | 'otherAdmin', ApiClient>;
}

export async function setUpWorld(app: TestApp, prefix = 'ws'): Promise<WorksheetWorld> {
  const code = prefix.toUpperCase();
  const accountId = await app.createAccount(code, `${prefix}admin`);
  await app.db.updateTable('appUser').set({ teamCode: 'A' }).where('accountId', '=', accountId).execute();
  await seedMasterData(app.db, accountId);
  await app.addUser(accountId, { username: `${prefix}leada`, profileType: 'Teamleader', teamCode: 'A' });
  await app.addUser(accountId, { username: `${prefix}leadb`, profileType: 'Teamleader', teamCode: 'B' });
  await app.addUser(accountId, { username: `${prefix}basica`, teamCode: 'A', defaultResource: 'R03' });
  await app.addUser(accountId, { username: `${prefix}basica2`, teamCode: 'A' });
  await app.addUser(accountId, { username: `${prefix}basicb`, teamCode: 'B' });
  const otherAccountId = await app.createAccount(`${code}OTHER`, `${prefix}otheradmin`);
  await seedMasterData(app.db, otherAccountId);
  const [admin, leadA, leadB, basicA, basicA2, basicB, otherAdmin] = await Promise.all(
    ['admin', 'leada', 'leadb', 'basica', 'basica2', 'basicb', 'otheradmin'].map((u) => app.login(`${prefix}${u}`)),
  );
  return { accountId, otherAccountId, c: { admin: admin!, leadA: leadA!, leadB: leadB!, basicA: basicA!, basicA2: basicA2!, basicB: basicB!, otherAdmin: otherAdmin! } };
}

/** A resource entry in time mode (the demo account's default is Time). */
export const timeEntry = (over: Record<string, string | number | null> = {}) => ({
  date: '2026-11-20',
  customerNo: 'C1000',
  jobCode: 'J-1001',
  jobTaskCode: '100',
  locationCode: 'CPH',
  workTypeCode: 'NORMAL',
  unitType: 'Resource' as const,
  unitNo: 'R01',
  description: 'Demolition of the kitchen',
  timeFrom: '08:00',
  timeTo: '12:30',
  unitOfMeasureCode: 'HOUR',
  ...over,
});

/** An item entry (quantity mode). */
export const itemEntry = (over: Record<string, string | number | null> = {}) => ({
  date: '2026-11-21',
  customerNo: 'C1000',
  jobCode: 'J-1001',
  jobTaskCode: '200',
  locationCode: null,
  workTypeCode: null,
  unitType: 'Item' as const,
  unitNo: '1000',
  description: 'Screws',
  quantity: '3',
  unitOfMeasureCode: 'BOX',
  ...over,
});

export interface FileSpec {
  name: string;
  data: Uint8Array;
  type?: string;
}

/** A multipart body: fields (null/undefined left out, arrays repeated) and `attachments` files. */
export function form(fields: Record<string, unknown>, files: FileSpec[] = []): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === null || v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) fd.append(k, String(x));
    else fd.append(k, String(v));
  }
  for (const f of files) fd.append('attachments', new Blob([f.data as Uint8Array<ArrayBuffer>], { type: f.type ?? 'image/png' }), f.name);
  return fd;
}

export async function png(width = 40, height = 30, color = '#d33'): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: color } })
      .png()
      .toBuffer(),
  );
}

export async function jpeg(width = 64, height = 48): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer(),
  );
}

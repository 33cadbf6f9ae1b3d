import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, expectStatus, problemOf, type ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';
import type { TImportReport } from '../../src/shared/schemas/import';

/** Issue 42: master data from CSV and xlsx files, dry run then apply, on both databases. */
let app: TestApp;
let accountId: number;
let admin: ApiClient;
let basic: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  accountId = await app.createAccount('IMP', 'impadmin');
  await app.addUser(accountId, { username: 'impbasic', profileType: 'Basic' });
  [admin, basic] = await Promise.all([app.login('impadmin'), app.login('impbasic')]);
});
afterAll(() => app?.close());

async function xlsx(rows: unknown[][], extra?: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  extra?.(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(client: ApiClient, entity: string, file: { name: string; data: Buffer | string }, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const bytes = typeof file.data === 'string' ? Buffer.from(file.data, 'utf8') : file.data;
  fd.append('file', new Blob([new Uint8Array(bytes)]), file.name);
  return client.raw('POST', `/api/import/${entity}`, fd, headers);
}

async function report(client: ApiClient, entity: string, file: { name: string; data: Buffer | string }, fields: Record<string, string> = {}): Promise<TImportReport> {
  const res = await upload(client, entity, file, fields);
  expectStatus(res, 201);
  return res.body as TImportReport;
}

const dry = { dryRun: 'true' };
const statuses = (r: TImportReport) => r.rows.map((x) => `${x.row}:${x.key}:${x.status}`);

describe('POST /api/import/{entity}: the round trip', () => {
  it('customers, jobs, tasks and items from xlsx: dry run writes nothing, apply writes, the lists show them', async () => {
    const customers = await xlsx([
      ['No.', 'Name', 'Blocked'],
      ['C100', 'Nordhavn Byg', ''],
      ['C200', 'Vestegnen Tømrer', 'Invoice'],
      ['C300', 'Østerbro VVS', ''],
    ]);
    const preview = await report(admin, 'customer', { name: 'Customers.xlsx', data: customers }, dry);
    expect(preview).toMatchObject({ dryRun: true, importId: null, fileKind: 'xlsx', missingFields: [], counts: { rows: 3, created: 3, changed: 0, unchanged: 0, refused: 0 } });
    expect(preview.columns).toEqual([
      { caption: 'No.', field: 'no' },
      { caption: 'Name', field: 'name' },
      { caption: 'Blocked', field: 'blocked' },
    ]);
    expect(expectOk(await admin.get('/api/customer'))).toEqual([]);

    const applied = await report(admin, 'customer', { name: 'Customers.xlsx', data: customers });
    expect(applied).toMatchObject({ dryRun: false, importId: expect.any(Number), counts: { created: 3 } });
    const list = expectOk(await admin.get('/api/customer'));
    expect(list.map((c) => [c.no, c.name, c.active])).toEqual([
      ['C100', 'Nordhavn Byg', true],
      ['C200', 'Vestegnen Tømrer', false],
      ['C300', 'Østerbro VVS', true],
    ]);

    const jobs = await xlsx([
      ['No.', 'Description', 'Bill-to Customer No.', 'Starting Date'],
      ['J-1', 'Køkken', 'C100', new Date(Date.UTC(2026, 10, 2))],
      ['J-2', 'Bad', 'C300', null],
    ]);
    expect((await report(admin, 'job', { name: 'Jobs.xlsx', data: jobs })).counts).toMatchObject({ created: 2, refused: 0 });
    const jobList = expectOk(await admin.get('/api/job'));
    expect(jobList.map((j) => [j.code, j.description, j.billToCustomerNo, j.startingDate])).toEqual([
      ['J-1', 'Køkken', 'C100', '2026-11-02'],
      ['J-2', 'Bad', 'C300', null],
    ]);

    const tasks = await xlsx([
      ['Job No.', 'Job Task No.', 'Description'],
      ['J-1', '100', 'Nedrivning'],
      ['J-1', '200', 'Opsætning'],
      ['J-9', '100', 'No such job'],
    ]);
    const t = await report(admin, 'jobTask', { name: 'Tasks.xlsx', data: tasks });
    expect(t.counts).toMatchObject({ created: 2, refused: 1 });
    expect(t.rows.find((r) => r.status === 'refused')).toMatchObject({
      row: 4,
      key: 'J-9 / 100',
      errors: [{ column: 'Job No.', field: 'jobCode', error: { code: 'IMPORT_PARENT_MISSING', params: { entity: 'Job', key: 'J-9' } } }],
    });
    expect(expectOk(await admin.get('/api/jobtask/all?jobCode=J-1')).map((x) => x.code)).toEqual(['100', '200']);

    const items = await xlsx([
      ['No.', 'Description', 'Base Unit of Measure', 'Blocked'],
      ['1000', 'Skrue', 'PCS', 'No'],
      ['1001', 'Kabel', 'M', 'Yes'],
    ]);
    expect((await report(admin, 'item', { name: 'Items.xlsx', data: items })).counts).toMatchObject({ created: 2 });
    expect(expectOk(await admin.get('/api/item')).map((i) => [i.no, i.active])).toEqual([
      ['1000', true],
      ['1001', false],
    ]);
    expect(expectOk(await admin.get('/api/unit/all/Item?unitNo=1000')).map((u) => u.code)).toEqual(['PCS']);

    // Re-importing the same files changes nothing and says so.
    for (const [entity, data] of [
      ['customer', customers],
      ['job', jobs],
      ['item', items],
    ] as const) {
      const again = await report(admin, entity, { name: 'again.xlsx', data });
      expect(again.counts.unchanged).toBe(again.counts.rows);
      expect(again.counts.created + again.counts.changed).toBe(0);
    }

    // A changed cell is reported field by field, old → new.
    const renamed = await xlsx([
      ['No.', 'Name', 'Blocked'],
      ['C100', 'Nordhavn Byg A/S', ''],
      ['C200', 'Vestegnen Tømrer', ''],
    ]);
    const diff = await report(admin, 'customer', { name: 'c.xlsx', data: renamed }, dry);
    expect(diff.rows).toEqual([
      { row: 2, key: 'C100', status: 'changed', changes: [{ field: 'name', old: 'Nordhavn Byg', new: 'Nordhavn Byg A/S' }], errors: [] },
      { row: 3, key: 'C200', status: 'changed', changes: [{ field: 'active', old: 'false', new: 'true' }], errors: [] },
    ]);
    // Nothing is deleted; rows missing from the file are set inactive only when asked.
    const withDeactivate = await report(admin, 'customer', { name: 'c.xlsx', data: renamed }, { deactivateMissing: 'true' });
    expect(withDeactivate.deactivated).toEqual(['C300']);
    expect(expectOk(await admin.get('/api/customer')).map((c) => [c.no, c.name, c.active])).toEqual([
      ['C100', 'Nordhavn Byg A/S', true],
      ['C200', 'Vestegnen Tømrer', true],
      ['C300', 'Østerbro VVS', false],
    ]);

    // Every applied import is a record.
    const records = expectOk(await admin.get('/api/import'));
    expect(records[0]).toMatchObject({ entity: 'customer', fileName: 'c.xlsx', createdBy: 'impadmin', counts: { changed: 2, deactivated: 1 } });
    expect(records.filter((r) => r.entity === 'jobTask')).toEqual([
      expect.objectContaining({ fileName: 'Tasks.xlsx', counts: expect.objectContaining({ created: 2, refused: 1 }) }),
    ]);
  });
});

describe('Business Central captions in Danish, CSV flavours', () => {
  it('reads `;` CSV with BOM, Danish captions and dates, empty lines; `,` CSV without BOM', async () => {
    const bom = '\uFEFF';
    const kunder = `${bom}Nr.;Navn;Spærret\r\nDK1;Hansen & Søn;\r\n\r\nDK2;"Jensen; Smed";Alle\r\n;;\r\n`;
    const r = await report(admin, 'customer', { name: 'Kunder.csv', data: kunder });
    expect(r.fileKind).toBe('csv');
    expect(statuses(r)).toEqual(['2:DK1:created', '4:DK2:created']);
    const sager = `Nr.;Beskrivelse;Faktureres til kundenr.;Startdato\nDK-J1;Tagrenovering;DK1;28-11-2026\n`;
    expect((await report(admin, 'job', { name: 'Sager.csv', data: sager })).counts.created).toBe(1);
    expect(expectOk(await admin.get('/api/job/single?code=DK-J1'))).toMatchObject({ description: 'Tagrenovering', billToCustomerNo: 'DK1', startingDate: '2026-11-28' });
    const comma = 'Code,Description,Unit of Measure Code\nKM,Kørsel,\n';
    expect((await report(admin, 'workType', { name: 'wt.csv', data: comma })).counts.created).toBe(1);
    // A job's bill-to customer is checked like the admin screens check it (DK2 is blocked → inactive).
    const blocked = await report(admin, 'job', { name: 'Sager2.csv', data: `Nr.;Faktureres til kundenr.\nDK-J2;DK2\n` }, dry);
    expect(blocked.rows[0]).toMatchObject({ status: 'refused', errors: [{ column: 'Faktureres til kundenr.', error: { code: 'BILL_TO_NOT_ACTIVE' } }] });
  });

  it('unknown captions: reported, mapped by the client, and remembered once applied', async () => {
    const file = { name: 'export.csv', data: 'Kunde-ID;Firmanavn;Noter\nM1;Mapped ApS;x\n' };
    const first = await report(admin, 'customer', file, dry);
    expect(first.missingFields).toEqual(['no', 'name']);
    expect(first.columns.map((c) => c.field)).toEqual([null, null, null]);
    expect(first.rows).toEqual([]);
    expect(problemOf(await upload(admin, 'customer', file)).code).toBe('IMPORT_MISSING_COLUMN');

    const mapping = JSON.stringify({ 'Kunde-ID': 'no', Firmanavn: 'name', Noter: '' });
    const applied = await report(admin, 'customer', file, { mapping });
    expect(applied.counts.created).toBe(1);
    const remembered = await report(admin, 'customer', file, dry);
    expect(remembered.missingFields).toEqual([]);
    expect(remembered.counts.unchanged).toBe(1);
  });
});

describe('bad input', () => {
  it('refuses a file that is neither CSV nor xlsx, a zip bomb and a workbook with several sheets, as a whole', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 1, 2, 3, 0xff, 0xfe])]);
    const notFile = await upload(admin, 'customer', { name: 'list.pdf', data: pdf });
    expect(notFile.status).toBe(415);
    expect(problemOf(notFile).code).toBe('IMPORT_FILE_TYPE');

    // A zip whose directory says it unpacks to 4 GB: refused before anything is unpacked.
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(0xfffffff0, 24);
    central.writeUInt16LE(name.length, 28);
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(1, 8);
    eocd.writeUInt16LE(1, 10);
    eocd.writeUInt32LE(46 + name.length, 12);
    eocd.writeUInt32LE(30 + name.length, 16);
    const bomb = await upload(admin, 'customer', { name: 'bomb.xlsx', data: Buffer.concat([local, name, central, name, eocd]) });
    expect(bomb.status).toBe(413);
    expect(problemOf(bomb).code).toBe('IMPORT_UNPACKED_TOO_LARGE');

    const twoSheets = await xlsx(
      [
        ['No.', 'Name'],
        ['S1', 'One'],
      ],
      (wb) => wb.addWorksheet('Ark2').addRow(['No.', 'Name']),
    );
    const several = await upload(admin, 'customer', { name: 'two.xlsx', data: twoSheets });
    expect(several.status).toBe(400);
    expect(problemOf(several)).toMatchObject({ code: 'IMPORT_SEVERAL_SHEETS', params: { sheets: 'Sheet1, Ark2' } });

    const none = await admin.raw('POST', '/api/import/customer', new FormData());
    expect(problemOf(none).code).toBe('IMPORT_NO_FILE');
    expect(await app.db.selectFrom('customer').select('no').where('accountId', '=', accountId).where('no', '=', 'S1').execute()).toEqual([]);
  });

  it('refuses per row: a formula cell, a code twice in the file, a code longer than spec §9 allows', async () => {
    const data = await xlsx([
      ['No.', 'Name'],
      ['R1', 'Good'],
      ['R2', { formula: '"Bad"&"Formula"', result: 'BadFormula' }],
      ['R1', 'Twice'],
      ['X'.repeat(21), 'Too long'],
      ['R3', 'Also good'],
    ]);
    const r = await report(admin, 'customer', { name: 'rows.xlsx', data });
    expect(r.counts).toMatchObject({ rows: 5, created: 2, refused: 3 });
    const refused = r.rows.filter((x) => x.status === 'refused').map((x) => [x.row, x.errors.map((e) => [e.column, e.error.code, e.error.params])]);
    expect(refused).toEqual([
      [3, [['Name', 'IMPORT_FORMULA', {}]]],
      [4, [['No.', 'IMPORT_DUPLICATE', { key: 'R1', row: '2' }]]],
      [5, [['No.', 'TOO_LONG', { max: '20' }]]],
    ]);
    expect(r.rows.find((x) => x.row === 4)?.errors[0]?.detail).toBe('R1 is in the file more than once (first in row 2)');
    const stored = await app.db.selectFrom('customer').select(['no', 'name']).where('accountId', '=', accountId).where('no', 'in', ['R1', 'R2', 'R3']).orderBy('no').execute();
    expect(stored).toEqual([
      { no: 'R1', name: 'Good' },
      { no: 'R3', name: 'Also good' },
    ]);
  });
});

describe('users', () => {
  it('creates users without a password (a password column is never read); an existing user’s role does not change by a file', async () => {
    const file = { name: 'Brugere.csv', data: 'Brugernavn;Profil;Sprog;Password\nimpnew;Teamleader;Dansk;Secret-pass-1\nIMPADMIN;Basic;;x\nimpbasic;Basic;English;\n' };
    const r = await report(admin, 'user', file);
    expect(r.columns.map((c) => c.field)).toEqual(['username', 'profileType', 'languageCode', null]);
    expect(statuses(r)).toEqual(['2:impnew:created', '3:IMPADMIN:refused', '4:impbasic:unchanged']);
    expect(r.rows[1]?.errors[0]?.error.code).toBe('IMPORT_USER_ROLE');
    const users = expectOk(await admin.get('/api/user'));
    expect(users.find((u) => u.username === 'impnew')).toMatchObject({ profileType: 'Teamleader', languageCode: 'DAN', active: true });
    // Nobody knows the new user's password, least of all the file.
    const login = await app.anonymous().raw('POST', '/api/user/login', { username: 'impnew', password: 'Secret-pass-1' });
    expect(login.status).toBe(401);
  });
});

describe('concurrency, idempotency and access', () => {
  it('two imports of the same file at once: one creates, the other changes nothing', async () => {
    const data = await xlsx([['No.', 'Description'], ...Array.from({ length: 30 }, (_, i) => [`CC${i}`, `Item ${i}`])]);
    const [a, b] = await Promise.all([report(admin, 'item', { name: 'same.xlsx', data }), report(admin, 'item', { name: 'same.xlsx', data })]);
    expect([a.counts.created, b.counts.created].sort()).toEqual([0, 30]);
    expect([a.counts.unchanged, b.counts.unchanged].sort()).toEqual([0, 30]);
    const n = await app.db.selectFrom('item').select('no').where('accountId', '=', accountId).where('no', 'like', 'CC%').execute();
    expect(n).toHaveLength(30);
  });

  it('a retry with the same Idempotency-Key answers the first report and imports once', async () => {
    const file = { name: 'idem.csv', data: 'Code;Name\nL1;Lager\n' };
    const first = await upload(admin, 'location', file, {}, { 'Idempotency-Key': 'imp-1' });
    expectStatus(first, 201);
    const again = await upload(admin, 'location', file, {}, { 'Idempotency-Key': 'imp-1' });
    expectStatus(again, 201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(expectOk(await admin.get('/api/import')).filter((r) => r.fileName === 'idem.csv')).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const res = await upload(basic, 'customer', { name: 'c.csv', data: 'No.;Name\nB1;x\n' });
    expect(res.status).toBe(403);
    expect((await basic.get('/api/import')).status).toBe(403);
  });
});

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectStatus, type ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';
import { COLUMN, download, downloadBytes, insertMany, insertRecords, parseCsv, record, setUpExportWorld, type ExportWorld } from './export-fixtures';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  expect(wb.worksheets).toHaveLength(1);
  return wb.worksheets[0]!;
}

/** The sheet's rows below the header as cell values (1-based columns → 0-based COLUMN). */
function sheetRows(ws: ExcelJS.Worksheet): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  for (let r = 2; r <= ws.rowCount; r++) rows.push(Array.from({ length: 22 }, (_, i) => ws.getRow(r).getCell(i + 1).value));
  return rows;
}
const cell = (ws: ExcelJS.Worksheet, row: number, column: number) => ws.getRow(row).getCell(column + 1);

/** issue 12: the workbook, the CSV flavour, and exactly-once marking for both formats. */
describe('xlsx download and CSV flavour', () => {
  let app: TestApp;
  let w: ExportWorld;
  let admin: ApiClient;
  let leadA: ApiClient;
  let basicA: ApiClient;
  let dansk: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    w = await setUpExportWorld(app, 'xls');
    [admin, leadA, basicA, dansk] = (await Promise.all(['xlsadmin', 'leada', 'basica', 'dansk'].map((u) => app.login(u)))) as [ApiClient, ApiClient, ApiClient, ApiClient];
  });
  afterAll(() => app?.close());
  beforeEach(async () => {
    await app.db.deleteFrom('worksheetRecord').execute();
    await app.db.updateTable('appUser').set({ exportFileType: null, exportCsvFormat: null }).execute();
  });

  describe('the workbook', () => {
    it('answers worsheet.xlsx with typed cells: codes stay text, quantities numbers, dates and times real ones', async () => {
      const [id, second] = await insertRecords(app, [
        record(w.accountId, 'basica', {
          customerNo: '01445544',
          customerName: 'Ærø Øl & Å-strøm',
          jobCode: '1E5',
          jobTaskCode: '010',
          unitType: 'Item',
          unitNo: '0042',
          unitDescription: 'Skruer æøå',
          description: '=1+2 and "quotes"',
          timeFrom: null,
          timeTo: null,
          quantity: 1234.25,
          unitOfMeasureCode: 'STK',
          approvedBy: 'leada',
          approvedDateTime: new Date('2026-11-20T14:05:00Z'),
        }),
        record(w.accountId, 'basica', { date: '2026-11-21', description: '+45 12345678', quantity: 7.5 }),
      ]);
      const res = await downloadBytes(admin, { entries: [id, second], mode: 'ALL', format: 'xlsx' });
      expectStatus(res, 200);
      expect(res.headers.get('content-type')).toBe(XLSX);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="worsheet.xlsx"');
      const ws = await readWorkbook(res.bytes);
      expect(ws.name).toBe('Entries');
      expect((ws.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['Entry ID', 'Date', 'User', 'Customer No.']);
      expect(ws.getRow(1).font?.bold).toBe(true);
      expect(ws.rowCount).toBe(3);

      // Text cells: the keys the books match on are unchanged, æøå intact, a formula-looking text is text.
      for (const [column, value] of [
        [COLUMN.customerNo, '01445544'],
        [COLUMN.jobCode, '1E5'],
        [COLUMN.jobTaskCode, '010'],
        [COLUMN.unitNo, '0042'],
        [COLUMN.customerName, 'Ærø Øl & Å-strøm'],
        [COLUMN.unitDescription, 'Skruer æøå'],
        [COLUMN.description, '=1+2 and "quotes"'],
        [COLUMN.unitType, 'Item'],
      ] as const) {
        const c = cell(ws, 2, column);
        expect(c.type, `column ${column}`).toBe(ExcelJS.ValueType.String);
        expect(c.value).toBe(value);
      }
      expect(cell(ws, 2, COLUMN.description).formula).toBeUndefined();
      expect(cell(ws, 3, COLUMN.description).value).toBe('+45 12345678');

      // Numbers, dates and times.
      expect(cell(ws, 2, COLUMN.id).type).toBe(ExcelJS.ValueType.Number);
      expect(cell(ws, 2, COLUMN.id).value).toBe(id);
      expect(cell(ws, 2, COLUMN.quantity).type).toBe(ExcelJS.ValueType.Number);
      expect(cell(ws, 2, COLUMN.quantity).value).toBe(1234.25);
      expect(cell(ws, 2, COLUMN.quantity).numFmt).toBe('0.00');
      expect(cell(ws, 2, COLUMN.date).type).toBe(ExcelJS.ValueType.Date);
      expect(cell(ws, 2, COLUMN.date).value).toEqual(new Date('2026-11-20T00:00:00Z'));
      // "Approved at" in company time (UTC+1 in November), as the CSV.
      expect(cell(ws, 2, COLUMN.approvedAt).value).toEqual(new Date('2026-11-20T15:05:00Z'));
      expect(cell(ws, 2, COLUMN.approvedAt).numFmt).toBe('yyyy-mm-dd hh:mm');
      expect(cell(ws, 2, COLUMN.timeFrom).value ?? null).toBeNull();
      // Times are fractions of a day with a time format; exceljs reads them back as dates on 1899-12-30.
      expect(cell(ws, 3, COLUMN.timeFrom).numFmt).toBe('hh:mm');
      expect(cell(ws, 3, COLUMN.timeFrom).value).toEqual(new Date('1899-12-30T08:00:00Z'));
      expect(cell(ws, 3, COLUMN.timeTo).value).toEqual(new Date('1899-12-30T12:30:00Z'));
      expect(cell(ws, 3, COLUMN.quantity).value).toBe(7.5);

      // Frozen header, autofilter over the data, column widths.
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(ws.autoFilter).toBe('A1:V3');
      expect(ws.getColumn(COLUMN.description + 1).width).toBe(40);
    });

    it('gives DAN users Danish captions, sheet name and unit types; an empty selection is a header-only sheet', async () => {
      const ids = await insertRecords(app, [record(w.accountId, 'dansk', { quantity: 2.5 })]);
      const res = await downloadBytes(dansk, { entries: ids, format: 'xlsx' });
      const ws = await readWorkbook(res.bytes);
      expect(ws.name).toBe('Registreringer');
      expect((ws.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Post-id', 'Dato', 'Bruger']);
      expect(cell(ws, 2, COLUMN.unitType).value).toBe('Ressource');
      expect(cell(ws, 2, COLUMN.quantity).value).toBe(2.5);

      const empty = await readWorkbook((await downloadBytes(admin, { entries: [], mode: 'ALL', format: 'xlsx' })).bytes);
      expect(empty.rowCount).toBe(1);
    });

    it('follows the same rights as the CSV; a bad format is a 400', async () => {
      const ids = await insertRecords(app, [record(w.accountId, 'basica'), record(w.accountId, 'basicb', { jobCode: 'J-3001' })]);
      const ws = await readWorkbook((await downloadBytes(basicA, { entries: ids, mode: 'ALL', format: 'xlsx' })).bytes);
      expect(ws.rowCount).toBe(2);
      expect((await download(basicA, { entries: ids, format: 'xlsx', shouldMarkAsExported: true })).status).toBe(403);
      const bad = await download(admin, { entries: ids, format: 'pdf', csvFormat: 'german' });
      expectStatus(bad, 400);
      expect(Object.keys((JSON.parse(bad.text) as { errors: object }).errors).sort()).toEqual(['csvFormat', 'format']);
    });
  });

  describe('CSV flavour', () => {
    const flavour = (text: string) => (text.split('\n')[0]!.includes(';') ? 'danish' : 'international');

    it('defaults by language: DAN → `;` + decimal comma, ENU → `,` + point; an explicit choice wins either way', async () => {
      const ids = await insertRecords(app, [record(w.accountId, 'dansk', { quantity: 3.5 })]);
      const [adminIds] = [await insertRecords(app, [record(w.accountId, 'basica', { quantity: 3.5 })])];
      const daDefault = await download(dansk, { entries: ids });
      expect(flavour(daDefault.text)).toBe('danish');
      expect(parseCsv(daDefault.text, ';').rows[0]![COLUMN.quantity]).toBe('3,50');
      const daIntl = await download(dansk, { entries: ids, csvFormat: 'international' });
      // Danish captions, international separators: the flavour is not the language.
      expect(parseCsv(daIntl.text, ',').header[1]).toBe('Dato');
      expect(parseCsv(daIntl.text, ',').rows[0]![COLUMN.quantity]).toBe('3.50');

      const enDefault = await download(admin, { entries: adminIds, mode: 'ALL' });
      expect(flavour(enDefault.text)).toBe('international');
      const enDanish = await download(admin, { entries: adminIds, mode: 'ALL', csvFormat: 'danish' });
      const csv = parseCsv(enDanish.text, ';');
      expect(csv.header[1]).toBe('Date');
      expect(csv.rows[0]![COLUMN.quantity]).toBe('3,50');
      expect(csv.rows[0]![COLUMN.jobDescription]).toBe('Kitchen renovation, Strandvejen 12');
    });

    it('is remembered per user: the modal’s choice becomes that user’s default, and only theirs', async () => {
      const ids = await insertRecords(app, [record(w.accountId, 'basica', { quantity: 3.5 })]);
      expect((await basicA.get('/api/worksheet/download/preferences')).body).toEqual({ fileType: 'csv', csvFormat: 'international' });
      expect((await dansk.get('/api/worksheet/download/preferences')).body).toEqual({ fileType: 'csv', csvFormat: 'danish' });

      const put = await basicA.put('/api/worksheet/download/preferences', { fileType: 'xlsx', csvFormat: 'danish' });
      expectStatus(put, 200);
      expect((await basicA.get('/api/worksheet/download/preferences')).body).toEqual({ fileType: 'xlsx', csvFormat: 'danish' });
      // The modal's numbers carry it too.
      expect((await basicA.post('/api/worksheet/download/info', { entries: ids })).body).toMatchObject({ preferences: { fileType: 'xlsx', csvFormat: 'danish' } });
      // A plain REST download stays CSV (spec §7), now in the remembered flavour.
      const res = await downloadBytes(basicA, { entries: ids });
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(parseCsv(res.text, ';').rows[0]![COLUMN.quantity]).toBe('3,50');
      // Another English user still gets the language's default.
      expect((await leadA.get('/api/worksheet/download/preferences')).body).toEqual({ fileType: 'csv', csvFormat: 'international' });

      expect((await basicA.raw('PUT', '/api/worksheet/download/preferences', { fileType: 'csv', csvFormat: 'excel' })).status).toBe(400); // deliberately unknown
      const { client } = await app.apiKeyClient(w.accountId);
      expect((await client.put('/api/worksheet/download/preferences', { fileType: 'csv', csvFormat: 'danish' })).status).toBe(400);
      expect((await client.get('/api/worksheet/download/preferences')).body).toEqual({ fileType: 'csv', csvFormat: 'international' });
    });
  });

  describe('mark as exported with xlsx', () => {
    it('marks exactly the rows in the workbook, once', async () => {
      const [inTeam, outside] = await insertRecords(app, [
        record(w.accountId, 'basica', { description: 'in team' }),
        record(w.accountId, 'basicb', { description: 'outside', jobCode: 'J-1002' }),
      ]);
      const res = await downloadBytes(leadA, { entries: [inTeam, outside], mode: 'TEAM', shouldMarkAsExported: true, format: 'xlsx' });
      expectStatus(res, 200);
      const ws = await readWorkbook(res.bytes);
      expect(sheetRows(ws).map((r) => r[COLUMN.description])).toEqual(['in team']);
      const rows = await app.db.selectFrom('worksheetRecord').select(['id', 'exported', 'exportedBy']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: inTeam, exported: true, exportedBy: 'leada' },
        { id: outside, exported: false, exportedBy: null },
      ]);
      const history = await app.db.selectFrom('worksheetHistory').select('worksheetId').where('action', '=', 'export').where('worksheetId', 'in', [inTeam!, outside!]).execute();
      expect(history).toEqual([{ worksheetId: inTeam }]);
      // Once: marking the same ids again finds nothing — 409 "nothing to export" (issue 24).
      const again = await downloadBytes(leadA, { entries: [inTeam, outside], mode: 'TEAM', shouldMarkAsExported: true, format: 'xlsx' });
      expectStatus(again, 409);
      expect(JSON.parse(again.text)).toMatchObject({ code: 'EXPORT_NOTHING' });
    });

    it('an xlsx and a CSV export of overlapping ids at once: every row exactly once', async () => {
      for (let round = 0; round < 2; round++) {
        await app.db.deleteFrom('worksheetRecord').execute();
        const n = 900;
        const ids = await insertRecords(
          app,
          Array.from({ length: n }, (_, i) => record(w.accountId, 'basica', { description: `row-${i}`, date: '2026-11-02' })),
        );
        const [a, b] = await Promise.all([
          downloadBytes(admin, { entries: ids.slice(0, 600), mode: 'ALL', shouldMarkAsExported: true, format: 'xlsx' }),
          downloadBytes(leadA, { entries: ids.slice(300), mode: 'TEAM', shouldMarkAsExported: true, format: round === 0 ? 'csv' : 'xlsx' }),
        ]);
        expect([a.status, b.status]).toEqual([200, 200]);
        const rowsA = sheetRows(await readWorkbook(a.bytes)).map((r) => String(r[COLUMN.description]));
        const rowsB = round === 0 ? parseCsv(b.text).rows.map((r) => r[COLUMN.description]!) : sheetRows(await readWorkbook(b.bytes)).map((r) => String(r[COLUMN.description]));
        const all = [...rowsA, ...rowsB];
        expect(all).toHaveLength(n);
        expect(new Set(all).size).toBe(n);
        const byA = await app.db.selectFrom('worksheetRecord').select('description').where('exportedBy', '=', 'xlsadmin').execute();
        expect(byA.map((r) => r.description).sort()).toEqual([...rowsA].sort());
        const marked = await app.db
          .selectFrom('worksheetRecord')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('exported', '=', true)
          .executeTakeFirstOrThrow();
        expect(Number(marked.n)).toBe(n);
      }
    });

    it('the client disconnects mid-stream: nothing is marked, and a later export gets every row', async () => {
      const ids = await insertMany(app, w.accountId, 'basica', 60_000);
      const controller = new AbortController();
      // Retried once when a kept-alive socket was closed under it before the request got through
      // (with PGlite, test and server share one event loop, which the long insert blocked).
      const init = {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: app.url, Cookie: admin.cookie! },
        body: JSON.stringify({ entries: ids, mode: 'ALL', shouldMarkAsExported: true, format: 'xlsx' }),
        signal: controller.signal,
      };
      const res = await fetch(`${app.url}/api/worksheet/download`, init).catch((error: unknown) => {
        if (!['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'].includes((error as { cause?: { code?: string } }).cause?.code ?? '')) throw error;
        return fetch(`${app.url}/api/worksheet/download`, init);
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      controller.abort();
      await reader.read().catch(() => undefined);

      // Waits for the aborted export to roll back; had it committed, this one would hold no rows.
      const again = await downloadBytes(admin, { entries: ids, mode: 'ALL', shouldMarkAsExported: true, format: 'xlsx' });
      expectStatus(again, 200);
      expect(again.bytes.subarray(0, 2).toString()).toBe('PK');
      const marked = await app.db
        .selectFrom('worksheetRecord')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('exportedBy', '=', 'xlsadmin')
        .executeTakeFirstOrThrow();
      expect(Number(marked.n)).toBe(ids.length);
    }, 180_000);
  });
});

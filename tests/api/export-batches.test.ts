import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectOk, expectStatus, type ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';
import { COLUMN, downloadBytes, insertRecords, parseCsv, record, setUpExportWorld, type ExportWorld } from './export-fixtures';

/**
 * Issue 24: filters on the download, the preview, export batches (list, re-download byte for byte),
 * 409 "nothing to export", the BC profile, and worksheet.exported for every format.
 */
process.env.WEBHOOKS_ALLOW_PRIVATE = '127.0.0.0/8';
process.env.WEBHOOKS_POLL_MS = '50';

interface Received {
  id: string;
  type: string;
  data: { ids: number[]; count: number; by: string; batchId: number | null };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('export batches', () => {
  let app: TestApp;
  let w: ExportWorld;
  let admin: ApiClient;
  let leadA: ApiClient;
  let basicA: ApiClient;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; data: Received['data'] };
        received.push({ id: String(req.headers['webhook-id']), type: parsed.type, data: parsed.data });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    app = await startTestApp();
    w = await setUpExportWorld(app, 'bat');
    [admin, leadA, basicA] = (await Promise.all(['batadmin', 'leada', 'basica'].map((u) => app.login(u)))) as [ApiClient, ApiClient, ApiClient];
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await new Promise((ok) => receiver?.close(ok));
  });
  beforeEach(async () => {
    await app.db.deleteFrom('worksheetRecord').execute();
    await app.db.deleteFrom('exportBatch').execute();
    await app.db.updateTable('appUser').set({ languageCode: 'ENU' }).where('username', '=', 'batadmin').execute();
  });

  const approved = { approvedBy: 'leada', approvedDateTime: new Date('2026-11-20T10:00:00Z') };
  const batchCount = async () =>
    Number(
      (
        await app.db
          .selectFrom('exportBatch')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Four entries: three in November (two approved, an item among them), one approved in October. */
  async function fourEntries() {
    return insertRecords(app, [
      record(w.accountId, 'basica', { date: '2026-11-03', description: 'approved hours', quantity: 4.5, ...approved }),
      record(w.accountId, 'basica', {
        date: '2026-11-10',
        description: 'approved item',
        unitType: 'Item',
        unitNo: '1000',
        unitOfMeasureCode: 'BOX',
        timeFrom: null,
        timeTo: null,
        quantity: 3,
        ...approved,
      }),
      record(w.accountId, 'basica', { date: '2026-11-12', description: 'not approved', quantity: 2 }),
      record(w.accountId, 'basica', { date: '2026-10-30', description: 'October', quantity: 1, ...approved }),
    ]);
  }

  it('previews and marks what the filters show: the period and approved only; the preview equals the file', async () => {
    const ids = await fourEntries();
    const options = { entries: ids, mode: 'ALL' as const, shouldMarkAsExported: true, from: '2026-11-01', to: '2026-11-30', approvedOnly: true };
    const preview = await admin.post('/api/worksheet/download/preview', options);
    expectStatus(preview, 200);
    expect(preview.body).toEqual({
      entries: 2,
      hours: 4.5,
      from: '2026-11-03',
      to: '2026-11-10',
      leftOutUnapproved: 1,
      totals: [
        { unitType: 'Item', unitOfMeasureCode: 'BOX', entries: 1, quantity: 3 },
        { unitType: 'Resource', unitOfMeasureCode: 'HOUR', entries: 1, quantity: 4.5 },
      ],
    });

    const res = await downloadBytes(admin, { ...options, csvFormat: 'international' });
    expectStatus(res, 200);
    const batchId = Number(res.headers.get('x-export-batch-id'));
    expect(batchId).toBeGreaterThan(0);
    const rows = parseCsv(res.text).rows;
    // The file's rows are the preview's numbers.
    expect(rows).toHaveLength(preview.body.entries);
    expect(rows.map((r) => r[COLUMN.description])).toEqual(['approved hours', 'approved item']);
    expect(rows.filter((r) => r[COLUMN.unitType] === 'Resource').reduce((s, r) => s + Number(r[COLUMN.quantity]), 0)).toBe(preview.body.hours);
    // The unapproved and the October entries stay in the worksheet.
    const open = await app.db.selectFrom('worksheetRecord').select('description').where('exported', '=', false).orderBy('description').execute();
    expect(open.map((r) => r.description)).toEqual(['October', 'not approved']);

    // The batch: who, what, how many, and the checksum of the very bytes sent.
    const list = await admin.get('/api/export/batch');
    expectStatus(list, 200);
    expect(list.body.nextCursor).toBeNull();
    expect(list.body.items).toHaveLength(1);
    const batch = list.body.items[0]!;
    expect(batch).toMatchObject({
      id: batchId,
      createdBy: 'batadmin',
      fileType: 'csv',
      csvFormat: 'international',
      languageCode: 'ENU',
      entryCount: 2,
      checksum: sha256(res.bytes),
      filters: { mode: 'ALL', from: '2026-11-01', to: '2026-11-30', approvedOnly: true, requested: 4 },
    });
    expect(batch.documentNo).toBe(`WT${String(batchId).padStart(6, '0')}`);
    expect((await admin.get(`/api/export/batch/${batchId}`)).body).toEqual(batch);

    // The archive filters by batch.
    const archive = await admin.get(`/api/worksheet?mode=ALL&exported=true&batchId=${batchId}`);
    expectStatus(archive, 200);
    const listed = (archive.body as Array<{ worksheet: Array<{ description: string }> }>).flatMap((g) => g.worksheet.map((r) => r.description));
    expect(listed.sort()).toEqual(['approved hours', 'approved item']);
    const foreign = await (await app.login('batotheradmin')).get(`/api/worksheet?mode=ALL&exported=true&batchId=${batchId}`);
    expect(foreign.body).toEqual([]);
  });

  it('a batch downloads again byte for byte after the user switched language (csv and xlsx)', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      await app.db.deleteFrom('worksheetRecord').execute();
      await app.db.updateTable('appUser').set({ languageCode: 'ENU' }).where('username', '=', 'batadmin').execute();
      const ids = await fourEntries();
      const first = await downloadBytes(admin, { entries: ids, mode: 'ALL', shouldMarkAsExported: true, format });
      expectStatus(first, 200);
      const batchId = Number(first.headers.get('x-export-batch-id'));
      // Past the zip's two-second clock: a workbook stamped "now" would differ.
      if (format === 'xlsx') await new Promise((r) => setTimeout(r, 2100));
      await app.db.updateTable('appUser').set({ languageCode: 'DAN' }).where('username', '=', 'batadmin').execute();
      const danish = await app.login('batadmin');
      const again = await fetch(`${app.url}/api/export/batch/${batchId}/download`, { headers: { Cookie: danish.cookie! } });
      expect(again.status).toBe(200);
      expect(again.headers.get('content-disposition')).toBe(first.headers.get('content-disposition'));
      const bytes = Buffer.from(await again.arrayBuffer());
      expect(sha256(bytes)).toBe(sha256(first.bytes));
      expect(bytes.equals(first.bytes)).toBe(true);
      // …still English, as the first time, although the user now reads Danish.
      if (format === 'csv') expect(parseCsv(bytes.toString('utf8')).header[COLUMN.date]).toBe('Date');
      else {
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(bytes as unknown as ArrayBuffer);
        expect(wb.worksheets[0]!.name).toBe('Entries');
        expect(wb.worksheets[0]!.rowCount).toBe(5);
      }
      // A plain download now speaks Danish: the batch kept its language, the user did not.
      const plain = await downloadBytes(danish, { entries: ids, mode: 'ALL', exported: true, csvFormat: 'danish' });
      expect(parseCsv(plain.text, ';').header[COLUMN.date]).toBe('Dato');
    }
  });

  it('marking that matches nothing answers 409 "nothing to export" and leaves no batch', async () => {
    const ids = await fourEntries();
    for (const format of ['csv', 'xlsx', 'bc'] as const) {
      const res = await downloadBytes(admin, { entries: ids, mode: 'ALL', shouldMarkAsExported: true, format, from: '2025-01-01', to: '2025-12-31' });
      expectStatus(res, 409);
      expect(res.headers.get('content-type')).toContain('problem+json');
      expect(JSON.parse(res.text)).toMatchObject({ code: 'EXPORT_NOTHING', params: {} });
    }
    expect(await batchCount()).toBe(0);
    expect(await app.db.selectFrom('worksheetRecord').select('id').where('exported', '=', true).execute()).toEqual([]);
    // A bad period is a 400, not a 500.
    const bad = await downloadBytes(admin, { entries: ids, mode: 'ALL', shouldMarkAsExported: true, from: '2026-12-01', to: '2026-11-01' });
    expectStatus(bad, 400);
    expect((await admin.post('/api/worksheet/download/preview', { entries: ids, from: 'yesterday' })).status).toBe(400);
  });

  it('a batch of another account, an unknown one, or one the caller may not see answers 404', async () => {
    const ids = await fourEntries();
    const res = await downloadBytes(admin, { entries: ids, mode: 'ALL', shouldMarkAsExported: true });
    const batchId = Number(res.headers.get('x-export-batch-id'));
    const other = await app.login('batotheradmin');
    expect((await other.get(`/api/export/batch/${batchId}`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/export/batch/${batchId}/download`, { headers: { Cookie: other.cookie! } })).status).toBe(404);
    expect(expectOk(await other.get('/api/export/batch')).items).toEqual([]);
    // A team leader sees their own batches only; a Basic user none.
    expect((await leadA.get(`/api/export/batch/${batchId}`)).status).toBe(404);
    expect((await basicA.get(`/api/export/batch/${batchId}`)).status).toBe(404);
    expect((await admin.get('/api/export/batch/999999')).status).toBe(404);
    expect((await admin.get('/api/export/batch/abc')).status).toBe(400);
    // The account's API key sees it.
    const { client } = await app.apiKeyClient(w.accountId);
    expect((await client.get(`/api/export/batch/${batchId}`)).status).toBe(200);
  });

  it('two overlapping marks at once: every entry lands in exactly one batch', async () => {
    const n = 600;
    const ids = await insertRecords(
      app,
      Array.from({ length: n }, (_, i) => record(w.accountId, 'basica', { description: `row-${i}`, date: '2026-11-02', ...approved })),
    );
    const [a, b] = await Promise.all([
      downloadBytes(admin, { entries: ids.slice(0, 400), mode: 'ALL', shouldMarkAsExported: true, approvedOnly: true }),
      downloadBytes(leadA, { entries: ids.slice(200), mode: 'TEAM', shouldMarkAsExported: true, approvedOnly: true }),
    ]);
    const statuses = [a.status, b.status];
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const rows = await app.db.selectFrom('worksheetRecord').select(['id', 'exportBatchId']).execute();
    expect(rows.every((r) => r.exportBatchId !== null)).toBe(true);
    const batches = await app.db.selectFrom('exportBatch').select(['id', 'entryCount']).execute();
    const perBatch = new Map(batches.map((x) => [x.id, 0]));
    for (const r of rows) perBatch.set(r.exportBatchId!, (perBatch.get(r.exportBatchId!) ?? -Infinity) + 1);
    expect(batches.map((x) => perBatch.get(x.id))).toEqual(batches.map((x) => x.entryCount));
    expect(batches.reduce((s, x) => s + x.entryCount, 0)).toBe(n);
    // Each file holds its batch's rows, none twice.
    const files = [a, b].filter((x) => x.status === 200).flatMap((x) => parseCsv(x.text).rows.map((r) => r[COLUMN.id]));
    expect(new Set(files).size).toBe(n);
  });

  it('the BC profile: fixed English captions and values, point decimals, ISO dates, no formula guard, Document No. and Line No.', async () => {
    await app.db.updateTable('appUser').set({ languageCode: 'DAN' }).where('username', '=', 'batadmin').execute();
    const danish = await app.login('batadmin');
    const [first, second] = await insertRecords(app, [
      record(w.accountId, 'basica', { date: '2026-11-03', description: '=SUM(A1) "quoted"', quantity: 1234.5, ...approved }),
      record(w.accountId, 'basica', { date: '2026-11-04', unitType: 'Item', unitNo: '0042', unitOfMeasureCode: 'BOX', timeFrom: null, timeTo: null, quantity: 2, ...approved }),
    ]);
    const res = await downloadBytes(danish, { entries: [first, second], mode: 'ALL', shouldMarkAsExported: true, format: 'bc' });
    expectStatus(res, 200);
    const batchId = Number(res.headers.get('x-export-batch-id'));
    const documentNo = `WT${String(batchId).padStart(6, '0')}`;
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${documentNo}.csv"`);
    expect(res.bytes[0]).not.toBe(0xef); // no byte-order mark
    const csv = parseCsv(res.text);
    expect(csv.header).toEqual([
      'Line No.',
      'Posting Date',
      'Document No.',
      'Job No.',
      'Job Task No.',
      'Type',
      'No.',
      'Description',
      'Quantity',
      'Unit of Measure Code',
      'Work Type Code',
      'Location Code',
      'Entry Type',
      'Line Type',
      'External Document No.',
    ]);
    expect(csv.rows).toEqual([
      ['10000', '2026-11-03', documentNo, 'J-1001', '100', 'Resource', 'R01', '=SUM(A1) "quoted"', '1234.50', 'HOUR', 'NORMAL', 'CPH', 'Usage', 'Billable', `WT-${first}`],
      ['20000', '2026-11-04', documentNo, 'J-1001', '100', 'Item', '0042', 'Demolition of the kitchen', '2.00', 'BOX', 'NORMAL', 'CPH', 'Usage', 'Billable', `WT-${second}`],
    ]);
    expect((await admin.get(`/api/export/batch/${batchId}`)).body).toMatchObject({ fileType: 'bc', csvFormat: null, documentNo, entryCount: 2 });

    // The prefix is an account setting; a batch keeps the Document No. it was made with.
    const settings = { id: w.accountId, defaultUnitType: 'Resource' as const, resourceUnits: 'Time' as const };
    expect((await admin.put('/api/account', { ...settings, bcDocumentPrefix: 'bad prefix!' })).status).toBe(400);
    const saved = await admin.put('/api/account', { ...settings, bcDocumentPrefix: 'wt-nord' });
    expectStatus(saved, 200);
    expect(saved.body.bcDocumentPrefix).toBe('WT-NORD');
    const [third] = await insertRecords(app, [record(w.accountId, 'basica', { date: '2026-11-05', ...approved })]);
    const next = await downloadBytes(admin, { entries: [third], mode: 'ALL', shouldMarkAsExported: true, format: 'bc' });
    const nextId = Number(next.headers.get('x-export-batch-id'));
    expect(parseCsv(next.text).rows[0]![2]).toBe(`WT-NORD${String(nextId).padStart(6, '0')}`);
    const old = await fetch(`${app.url}/api/export/batch/${batchId}/download`, { headers: { Cookie: admin.cookie! } });
    expect(Buffer.from(await old.arrayBuffer()).equals(res.bytes)).toBe(true);
    await admin.put('/api/account', { ...settings, bcDocumentPrefix: 'WT' });
  });

  it('xlsx marking sends worksheet.exported once, with the batch id, like CSV', async () => {
    const { client: key } = await app.apiKeyClient(w.accountId);
    const endpoint = await key.post('/api/webhooks', { url: receiverUrl, events: ['worksheet.exported'] });
    expectStatus(endpoint, 201);
    try {
      const ids = await fourEntries();
      const res = await downloadBytes(admin, { entries: ids.slice(0, 2), mode: 'ALL', shouldMarkAsExported: true, format: 'xlsx' });
      expectStatus(res, 200);
      const batchId = Number(res.headers.get('x-export-batch-id'));
      const csv = await downloadBytes(admin, { entries: ids.slice(2), mode: 'ALL', shouldMarkAsExported: true, format: 'csv' });
      const csvBatch = Number(csv.headers.get('x-export-batch-id'));
      const end = Date.now() + 10_000;
      while (received.filter((r) => r.type === 'worksheet.exported').length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      // Wait a little longer: a second delivery of the same export would show up here.
      await new Promise((r) => setTimeout(r, 300));
      const events = received.filter((r) => r.type === 'worksheet.exported');
      expect(events.map((e) => e.data.batchId).sort()).toEqual([batchId, csvBatch].sort());
      const xlsxEvent = events.find((e) => e.data.batchId === batchId)!;
      expect(xlsxEvent.data).toEqual({ ids: [...ids.slice(0, 2)].sort((a, b) => a - b), count: 2, by: 'batadmin', batchId });
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    } finally {
      await key.del('/api/webhooks', { id: endpoint.body.id });
    }
  });

  it('the new calls are in /api/openapi.json', async () => {
    const doc = (await app.anonymous().get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths['/api/export/batch']!.get).toBeDefined();
    expect(doc.paths['/api/export/batch/{id}']!.get).toBeDefined();
    expect(doc.paths['/api/export/batch/{id}/download']!.get).toBeDefined();
    expect(doc.paths['/api/worksheet/download/preview']!.post).toBeDefined();
  });
});

import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { historyEntries } from '../../src/server/services/history';
import { expectStatus, type ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';
import { COLUMN, download, downloadBytes, insertRecords, parseCsv, record, setUpExportWorld, type ExportWorld } from './export-fixtures';

const EN_HEADER = [
  'Entry ID',
  'Date',
  'User',
  'Customer No.',
  'Customer Name',
  'Job No.',
  'Job Description',
  'Task No.',
  'Task Description',
  'Location',
  'Work Type',
  'Work Type Description',
  'Type',
  'No.',
  'Unit Description',
  'Description',
  'Time From',
  'Time To',
  'Quantity',
  'Unit of Measure',
  'Approved By',
  'Approved At',
];
const DA_HEADER = [
  'Post-id',
  'Dato',
  'Bruger',
  'Kundenr.',
  'Kundenavn',
  'Sagsnr.',
  'Sagsbeskrivelse',
  'Opgavenr.',
  'Opgavebeskrivelse',
  'Lokation',
  'Arbejdstype',
  'Arbejdstypebeskrivelse',
  'Type',
  'Nr.',
  'Vare-/ressourcenavn',
  'Beskrivelse',
  'Tid fra',
  'Tid til',
  'Antal',
  'Enhed',
  'Godkendt af',
  'Godkendt den',
];

/**
 * What a cell holding `text` must read (decision 0100): a would-be formula (= + - @ tab CR first) as
 * `="…"` with quotes doubled, a formula yielding the text itself; anything else as it is. The
 * server's only guard is the SQL (`guarded`, db/queries/export.ts); this is the test's own statement.
 */
const asGuarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `="${text.replaceAll('"', '""')}"` : text);

/** POST /api/worksheet/download (spec §7, DESIGN §4; issue 5). */
describe('CSV download', () => {
  let app: TestApp;
  let w: ExportWorld;
  let admin: ApiClient;
  let leadA: ApiClient;
  let leadB: ApiClient;
  let basicA: ApiClient;
  let dansk: ApiClient;
  let leadDk: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    w = await setUpExportWorld(app);
    [admin, leadA, leadB, basicA, dansk, leadDk] = (await Promise.all(['expadmin', 'leada', 'leadb', 'basica', 'dansk', 'leaddk'].map((u) => app.login(u)))) as [
      ApiClient,
      ApiClient,
      ApiClient,
      ApiClient,
      ApiClient,
      ApiClient,
    ];
  });
  afterAll(() => app?.close());

  // Every test works on its own records; marking in one does not disturb another.
  beforeEach(async () => {
    await app.db.deleteFrom('worksheetRecord').execute();
  });

  describe('format', () => {
    it('answers text/csv as worsheet.csv with a BOM, an English header and one row per entry', async () => {
      const [id] = await insertRecords(app, [record(w.accountId, 'basica', { approvedBy: 'leada', approvedDateTime: new Date('2026-11-20T14:05:00Z'), quantity: 7.5 })]);
      const res = await downloadBytes(admin, { entries: [id], mode: 'ALL', shouldMarkAsExported: false, exported: false });
      expectStatus(res, 200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="worsheet.csv"');
      expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = parseCsv(res.text);
      expect(csv.bom).toBe(true);
      expect(csv.header).toEqual(EN_HEADER);
      expect(csv.rows).toEqual([
        [
          String(id),
          '2026-11-20',
          'basica',
          'C1000',
          'Nordhavn Byg ApS',
          'J-1001',
          'Kitchen renovation, Strandvejen 12',
          '100',
          'Demolition',
          'CPH',
          'NORMAL',
          'Normal hours',
          'Resource',
          'R01',
          'Carpenter',
          'Demolition of the kitchen',
          '08:00',
          '12:30',
          '7.50',
          'HOUR',
          'leada',
          '2026-11-20 15:05', // Copenhagen time (UTC+1 in November)
        ],
      ]);
      // RFC 4180: the job description holds a comma, so it is quoted in the English file.
      expect(res.text).toContain('"Kitchen renovation, Strandvejen 12"');
    });

    it('gives DAN users Danish headers, `;` as separator, decimal comma and Danish values', async () => {
      const ids = await insertRecords(app, [
        record(w.accountId, 'dansk', { quantity: 1234.25 }),
        record(w.accountId, 'dansk', {
          date: '2026-11-19',
          unitType: 'Item',
          unitNo: '1000',
          unitDescription: 'Screws 5x50, box',
          timeFrom: null,
          timeTo: null,
          quantity: 3,
          unitOfMeasureCode: 'BOX',
        }),
      ]);
      const res = await downloadBytes(dansk, { entries: ids, mode: 'YOURS' });
      expectStatus(res, 200);
      const csv = parseCsv(res.text, ';');
      expect(csv.bom).toBe(true);
      expect(csv.header).toEqual(DA_HEADER);
      // Oldest day first.
      expect(csv.rows.map((r) => r[COLUMN.date])).toEqual(['2026-11-19', '2026-11-20']);
      expect(csv.rows.map((r) => r[COLUMN.quantity])).toEqual(['3,00', '1234,25']);
      expect(csv.rows.map((r) => r[COLUMN.unitType])).toEqual(['Vare', 'Ressource']);
      expect(csv.rows[0]![COLUMN.timeFrom]).toBe('');
      // A comma is no separator in the Danish file, so it needs no quotes there.
      expect(res.text).toContain(';Kitchen renovation, Strandvejen 12;');
      expect(res.text.split('\n')[0]).toBe(`\uFEFF${DA_HEADER.join(';')}`);
    });

    it('quotes separators, quotes and line breaks so that they parse back unchanged (English and Danish)', async () => {
      const texts = ['semi;colon', 'com,ma', 'say "hello"', 'two\nlines', 'windows\r\nline', '"', ' spaced ', 'æøå ÆØÅ € ✓ 😀'];
      const ids = await insertRecords(
        app,
        texts.map((description, i) => record(w.accountId, 'leaddk', { description, date: `2026-10-${String(10 + i).padStart(2, '0')}` })),
      );
      for (const [client, delimiter] of [
        [admin, ','],
        [leadDk, ';'],
      ] as const) {
        const res = await download(client, { entries: ids, mode: client === admin ? 'ALL' : 'YOURS' });
        expectStatus(res, 200);
        const csv = parseCsv(res.text, delimiter);
        expect(csv.rows.map((r) => r[COLUMN.description])).toEqual(texts);
        expect(csv.rows.every((r) => r.length === EN_HEADER.length)).toBe(true);
      }
    });

    it('neutralises cells that start with = + - @ tab or CR', async () => {
      const dangerous = ['=HYPERLINK("http://evil","x")', '+1+2', '-3', '@SUM(A1)', '\tTab', '\rReturn', 'safe = fine'];
      const ids = await insertRecords(
        app,
        dangerous.map((description, i) =>
          record(w.accountId, 'basica', { description, customerName: i === 0 ? '=cmd|calc' : 'Nordhavn Byg ApS', date: `2026-10-${String(10 + i).padStart(2, '0')}` }),
        ),
      );
      const res = await download(admin, { entries: ids, mode: 'ALL' });
      const csv = parseCsv(res.text);
      // As a formula that yields the text itself (decision 0100), no visible apostrophe.
      expect(csv.rows.map((r) => r[COLUMN.description])).toEqual([
        '="=HYPERLINK(""http://evil"",""x"")"',
        '="+1+2"',
        '="-3"',
        '="@SUM(A1)"',
        '="\tTab"',
        '="\rReturn"',
        'safe = fine',
      ]);
      expect(csv.rows[0]![COLUMN.customerName]).toBe('="=cmd|calc"');
      // The record id column is never guarded: it is digits.
      expect(csv.rows.map((r) => Number(r[COLUMN.id]))).toEqual(ids);
    });

    it('property: any text round-trips through the CSV, neutralised cells aside', async () => {
      // Text the database can hold: no NUL; descriptions are 1–100 characters.
      const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 100 }).filter((s) => !s.includes('\u0000') && [...s].length <= 100);
      await fc.assert(
        fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 25 }), fc.boolean(), async (descriptions, danish) => {
          await app.db.deleteFrom('worksheetRecord').execute();
          const owner = danish ? 'dansk' : 'basica';
          const ids = await insertRecords(
            app,
            descriptions.map((description, i) => record(w.accountId, owner, { description, date: '2026-09-01', timeFrom: null, timeTo: null, quantity: i + 1 })),
          );
          const res = await download(danish ? dansk : basicA, { entries: ids });
          expectStatus(res, 200);
          const csv = parseCsv(res.text, danish ? ';' : ',');
          // Rows of one day come in id order, i.e. insertion order.
          expect(csv.rows.map((r) => r[COLUMN.description])).toEqual(descriptions.map(asGuarded));
        }),
        { numRuns: 15 },
      );
    });

    it('an empty selection gives the header only', async () => {
      const res = await downloadBytes(admin, { entries: [], mode: 'ALL' });
      expectStatus(res, 200);
      expect(res.text).toBe(`\uFEFF${EN_HEADER.join(',')}\n`);
    });
  });

  describe('who sees what', () => {
    let ids: Record<string, number>;
    beforeEach(async () => {
      const [own, basicOnB, leadBOwn, basicBOnA, noTeam, foreign, archived] = await insertRecords(app, [
        record(w.accountId, 'basica', { description: 'basica on A' }),
        record(w.accountId, 'basica', { description: 'basica on B job', jobCode: 'J-1002' }),
        record(w.accountId, 'leadb', { description: 'leadb on B job', jobCode: 'J-1002' }),
        record(w.accountId, 'basicb', { description: 'basicb on A job', jobCode: 'J-2001' }),
        record(w.accountId, 'basicb', { description: 'basicb no team', jobCode: 'J-3001' }),
        record(w.otherAccountId, 'expotheradmin', { description: 'other account' }),
        record(w.accountId, 'basica', { description: 'archived', exported: true, exportedBy: 'expadmin', exportedAt: new Date() }),
      ]);
      ids = { own: own!, basicOnB: basicOnB!, leadBOwn: leadBOwn!, basicBOnA: basicBOnA!, noTeam: noTeam!, foreign: foreign!, archived: archived! };
    });
    const descriptions = (text: string) =>
      parseCsv(text)
        .rows.map((r) => r[COLUMN.description])
        .sort();

    it('Basic users always get their own entries, whatever mode they ask for', async () => {
      for (const mode of ['YOURS', 'TEAM', 'ALL', undefined]) {
        const res = await download(basicA, { entries: Object.values(ids), mode });
        expectStatus(res, 200);
        expect(descriptions(res.text)).toEqual(['basica on A', 'basica on B job']);
      }
    });

    it('a Teamleader sees the TEAM scope (owner or job in the team) and may not ask for ALL', async () => {
      const team = await download(leadA, { entries: Object.values(ids), mode: 'TEAM' });
      expect(descriptions(team.text)).toEqual(['basica on A', 'basica on B job', 'basicb on A job']);
      const teamB = await download(leadB, { entries: Object.values(ids), mode: 'TEAM' });
      expect(descriptions(teamB.text)).toEqual(['basica on B job', 'basicb no team', 'basicb on A job', 'leadb on B job']);
      const all = await download(leadA, { entries: Object.values(ids), mode: 'ALL' });
      expectStatus(all, 403);
    });

    it('an Admin sees the whole account in ALL; other accounts’ and unknown ids are ignored', async () => {
      const res = await download(admin, { entries: [...Object.values(ids), 987654], mode: 'ALL' });
      expect(descriptions(res.text)).toEqual(['basica on A', 'basica on B job', 'basicb no team', 'basicb on A job', 'leadb on B job']);
      expect(res.text).not.toContain('other account');
    });

    it('exported=true downloads archived entries only', async () => {
      const res = await download(basicA, { entries: Object.values(ids), exported: true });
      expect(descriptions(res.text)).toEqual(['archived']);
    });

    it('the API key is an Admin of its account', async () => {
      const { client } = await app.apiKeyClient(w.accountId);
      const res = await download(client, { entries: Object.values(ids), mode: 'ALL' });
      expectStatus(res, 200);
      expect(descriptions(res.text)).toHaveLength(5);
    });

    it('refuses anonymous callers, bad bodies and other content types', async () => {
      expect((await download(app.anonymous(), { entries: [ids.own] })).status).toBe(401);
      const bad = await download(admin, { entries: 'all', mode: 'EVERY' });
      expectStatus(bad, 400);
      expect(Object.keys((JSON.parse(bad.text) as { errors: object }).errors).sort()).toEqual(['entries', 'mode']);
      expect((await download(admin, { entries: [0, -1, 1.5] })).status).toBe(400);
      // deliberately the wrong content type and malformed JSON
      expect((await admin.raw('POST', '/api/worksheet/download', 'entries=1', { 'Content-Type': 'text/plain' })).status).toBe(415);
      expect((await admin.raw('POST', '/api/worksheet/download', '{"entries": [1', {})).status).toBe(400);
    });

    it('limits the number of ids (400) and the body size (413)', async () => {
      const tooMany = await download(admin, { entries: Array.from({ length: 1_000_001 }, (_, i) => i + 1), mode: 'ALL' });
      expectStatus(tooMany, 400);
      expect(JSON.parse(tooMany.text)).toMatchObject({ errorCodes: { entries: [{ code: 'EXPORT_TOO_MANY', params: { max: '1000000' } }] } });
      const huge = await admin.raw('POST', '/api/worksheet/download', `{"entries":[${'1,'.repeat(9_000_000)}1]}`);
      expectStatus(huge, 413);
    });
  });

  describe('download and mark as exported', () => {
    it('Basic users cannot mark (403) and nothing changes', async () => {
      const ids = await insertRecords(app, [record(w.accountId, 'basica')]);
      const res = await download(basicA, { entries: ids, shouldMarkAsExported: true });
      expectStatus(res, 403);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const row = await app.db.selectFrom('worksheetRecord').select('exported').where('id', '=', ids[0]!).executeTakeFirstOrThrow();
      expect(row.exported).toBe(false);
    });

    it('archived entries cannot be marked again (400)', async () => {
      const ids = await insertRecords(app, [record(w.accountId, 'basica', { exported: true })]);
      const res = await download(admin, { entries: ids, mode: 'ALL', shouldMarkAsExported: true, exported: true });
      expectStatus(res, 400);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'EXPORT_ARCHIVED_MARK' });
    });

    it('a Teamleader marks only the TEAM scope; the CSV holds exactly the marked rows; a second export answers 409', async () => {
      const [inTeam, viaJob, outside] = await insertRecords(app, [
        record(w.accountId, 'basica', { description: 'in team', approvedBy: 'leada', approvedDateTime: new Date() }),
        record(w.accountId, 'basicb', { description: 'via job', jobCode: 'J-2001' }),
        record(w.accountId, 'basicb', { description: 'outside', jobCode: 'J-1002' }),
      ]);
      const res = await download(leadA, { entries: [inTeam, viaJob, outside], mode: 'TEAM', shouldMarkAsExported: true });
      expectStatus(res, 200);
      expect(
        parseCsv(res.text)
          .rows.map((r) => r[COLUMN.description])
          .sort(),
      ).toEqual(['in team', 'via job']);

      const rows = await app.db.selectFrom('worksheetRecord').select(['id', 'exported', 'exportedBy', 'exportedAt', 'version']).orderBy('id').execute();
      expect(rows.map((r) => [r.exported, r.exportedBy])).toEqual([
        [true, 'leada'],
        [true, 'leada'],
        [false, null],
      ]);
      expect(rows[0]!.exportedAt).toBeInstanceOf(Date);
      expect(rows[0]!.version).toBe(2);

      // The audit trail records the export.
      const history = await app.db
        .selectFrom('worksheetHistory')
        .select(['worksheetId', 'action', 'username', 'changes'])
        .where('action', '=', 'export')
        .orderBy('worksheetId')
        .execute();
      expect(history).toEqual([
        { worksheetId: inTeam, action: 'export', username: 'leada', changes: { exported: { from: false, to: true } } },
        { worksheetId: viaJob, action: 'export', username: 'leada', changes: { exported: { from: false, to: true } } },
      ]);

      // Exactly once: the same call again finds nothing to mark — 409 "nothing to export" (issue 24).
      const again = await download(leadA, { entries: [inTeam, viaJob, outside], mode: 'TEAM', shouldMarkAsExported: true });
      expectStatus(again, 409);
      expect((again.body as unknown as { code: string }).code).toBe('EXPORT_NOTHING');
      // …and they are in the archive.
      const archived = await download(leadA, { entries: [inTeam, viaJob, outside], mode: 'TEAM', exported: true });
      expect(parseCsv(archived.text).rows).toHaveLength(2);
    });

    it('an Admin marks any record of the account; the API key marks as "API"; foreign ids are ignored', async () => {
      const [a, b] = await insertRecords(app, [record(w.accountId, 'basicb', { jobCode: 'J-3001' }), record(w.accountId, 'leadb', { jobCode: 'J-1002' })]);
      const [foreign] = await insertRecords(app, [record(w.otherAccountId, 'expotheradmin')]);
      const res = await download(admin, { entries: [a, foreign], mode: 'ALL', shouldMarkAsExported: true });
      expect(parseCsv(res.text).rows).toHaveLength(1);
      const { client } = await app.apiKeyClient(w.accountId);
      const byKey = await download(client, { entries: [b, foreign], mode: 'ALL', shouldMarkAsExported: true });
      expect(parseCsv(byKey.text).rows).toHaveLength(1);
      const rows = await app.db.selectFrom('worksheetRecord').select(['id', 'exported', 'exportedBy']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: a, exported: true, exportedBy: 'expadmin' },
        { id: b, exported: true, exportedBy: 'API' },
        { id: foreign, exported: false, exportedBy: null },
      ]);
    });

    it('exported records are read-only: approve, edit and delete answer 409; the history shows the export', async () => {
      const id = (
        await insertRecords(app, [record(w.accountId, 'basica', { timeFrom: null, timeTo: null, unitType: 'Item', unitNo: '1000', unitOfMeasureCode: 'BOX', quantity: 2 })])
      )[0]!;
      await download(admin, { entries: [id], mode: 'ALL', shouldMarkAsExported: true });
      expect((await admin.put('/api/worksheet/approve', { id, isApproved: true })).status).toBe(409);
      expect((await admin.del('/api/worksheet', { id })).status).toBe(409);
      const update = await admin.put('/api/worksheet', {
        id,
        date: '2026-11-20',
        customerNo: 'C1000',
        jobCode: 'J-1001',
        unitType: 'Item',
        unitNo: '1000',
        description: 'changed',
        quantity: 3,
        unitOfMeasureCode: 'BOX',
      });
      expectStatus(update, 409);
      // Exporting does not make the exporter the record's modifier, so the history is not an API
      // view here (spec §6, issue 8 §9); the trail is read as the service keeps it.
      const history = await historyEntries(app.db, w.accountId, id!);
      expect(history.map((h) => [h.action, h.username])).toContainEqual(['export', 'expadmin']);
    });

    it('a Teamleader marking in YOURS still marks only what they may manage', async () => {
      const [own] = await insertRecords(app, [record(w.accountId, 'leadb', { jobCode: 'J-1001' })]);
      // leadb (team B) owns it, and as owner (team B) it is in leadb's TEAM scope.
      const res = await download(leadB, { entries: [own], mode: 'YOURS', shouldMarkAsExported: true });
      expect(parseCsv(res.text).rows).toHaveLength(1);
    });
  });

  it('is described in /api/openapi.json', async () => {
    const doc = (await app.anonymous().get('/api/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>> };
    expect(Object.keys(doc.paths['/api/worksheet/download']!.post!.responses['200']!.content!)).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(doc.paths['/api/worksheet/download/info']!.post).toBeDefined();
  });

  describe('worksheet.downloadInfo', () => {
    it('counts entries, unapproved ones, and what a mark would take', async () => {
      const ids = await insertRecords(app, [
        record(w.accountId, 'basica', { approvedBy: 'leada', approvedDateTime: new Date() }),
        record(w.accountId, 'basica'),
        record(w.accountId, 'basicb', { jobCode: 'J-1002' }),
      ]);
      const admin = await app.login('expadmin');
      const all = await admin.post('/api/worksheet/download/info', { entries: ids, mode: 'ALL' });
      expectStatus(all, 200);
      const preferences = { fileType: 'csv', csvFormat: 'international' };
      expect(all.body).toEqual({ entries: 3, unapproved: 2, markable: 3, markableUnapproved: 2, canMark: true, preferences });
      const lead = await leadA.post('/api/worksheet/download/info', { entries: ids, mode: 'TEAM' });
      expect(lead.body).toEqual({ entries: 2, unapproved: 1, markable: 2, markableUnapproved: 1, canMark: true, preferences });
      const basic = await basicA.post('/api/worksheet/download/info', { entries: ids, mode: 'ALL' });
      expect(basic.body).toEqual({ entries: 2, unapproved: 1, markable: 0, markableUnapproved: 0, canMark: false, preferences });
      const archive = await leadA.post('/api/worksheet/download/info', { entries: ids, mode: 'TEAM', exported: true });
      expect(archive.body).toEqual({ entries: 0, unapproved: 0, markable: 0, markableUnapproved: 0, canMark: false, preferences });
      expect((await leadA.post('/api/worksheet/download/info', { entries: ids, mode: 'ALL' })).status).toBe(403);
    });
  });
});

import { m } from '../../shared/paraglide/messages.js';
import { defaultCsvFormat, XLSX_CONTENT_TYPE } from '../../shared/schemas/export';
import { REPORT_COMMA_LISTS, REPORT_GROUPS, REPORT_MEASURES, ZReportDownloadInput } from '../../shared/schemas/report';
import { localeOf } from '../csv/header';
import { rawRoute, type RawRoute } from '../http/raw-route';
import { buildReport } from '../services/report';
import { reportCsv, writeReportXlsx } from '../services/report-file';

/** GET /api/report/download: the report of GET /api/report as an xlsx workbook or a CSV file (issue 26). */
export const reportRawRoutes: RawRoute[] = [
  rawRoute({
    method: 'GET',
    auth: 'authed',
    input: ZReportDownloadInput,
    commaLists: REPORT_COMMA_LISTS,
    path: '/api/report/download',
    summary: 'The report of GET /api/report as a file: xlsx with typed cells, or CSV (UTF-8 with BOM); rows, a subtotal after each first-level value, and the total',
    tags: ['report'],
    openapi: {
      parameters: [
        { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['xlsx', 'csv'] } },
        {
          name: 'group',
          in: 'query',
          required: false,
          style: 'form',
          explode: false,
          schema: { type: 'array', items: { type: 'string', enum: [...REPORT_GROUPS] } },
          example: ['job', 'person'],
        },
        { name: 'measures', in: 'query', required: false, style: 'form', explode: false, schema: { type: 'array', items: { type: 'string', enum: [...REPORT_MEASURES] } } },
        { name: 'from', in: 'query', required: false, schema: { type: 'string', format: 'date' } },
        { name: 'to', in: 'query', required: false, schema: { type: 'string', format: 'date' } },
        ...['mode', 'person', 'customerNo', 'jobCode', 'status', 'source', 'csvFormat'].map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
      ],
      responses: {
        '200': {
          description: 'The file',
          content: {
            [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } },
            'text/csv': { schema: { type: 'string' } },
          },
        },
        '400': { description: 'Bad input: `errors` names the parameter (as GET /api/report)' },
        '403': { description: 'A `mode` the caller’s role does not have (a team leader asking for ALL)' },
      },
    },
    async handle({ ctx, res, input }) {
      const report = await buildReport(ctx.db, ctx.actor, input);
      const name = `${m.rep_file_name({}, { locale: localeOf(ctx.actor.languageCode) })}-${input.from}-${input.to}`;
      if (input.format === 'csv') {
        const body = Buffer.from(reportCsv(report, ctx.actor.languageCode, input.csvFormat ?? defaultCsvFormat(ctx.actor.languageCode)), 'utf8');
        res.writeHead(200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Length': String(body.byteLength),
          'Content-Disposition': `attachment; filename="${name}.csv"`,
          'Cache-Control': 'private, no-store',
        });
        res.end(body);
        return;
      }
      res.writeHead(200, { 'Content-Type': XLSX_CONTENT_TYPE, 'Content-Disposition': `attachment; filename="${name}.xlsx"`, 'Cache-Control': 'private, no-store' });
      const aborter = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) aborter.abort(new Error('client closed the connection'));
      });
      await writeReportXlsx(res, report, ctx.actor.languageCode, aborter.signal);
    },
  }),
];

import { z } from 'zod';
import { XLSX_CONTENT_TYPE } from '../../shared/schemas/export';
import { enumOf, id } from '../../shared/fields';
import { coded } from '../../shared/error-codes';
import { AppError } from '../errors';
import { rawRoute, type RawRoute } from '../http/raw-route';
import { importReportCsv, writeImportReportXlsx } from '../import/report-file';
import { importWithReport } from '../services/import';

const ZImportReportDownload = z.object({ id: id(), format: enumOf(['csv', 'xlsx', 'json'] as const).default('xlsx') });

/** GET /api/import/{id}/report: an applied import's report again, as xlsx, CSV or JSON (issue 42 §5). */
export const importRawRoutes: RawRoute[] = [
  rawRoute({
    method: 'GET',
    auth: 'admin',
    input: ZImportReportDownload,
    path: '/api/import/{id}/report',
    summary: 'An applied import’s report again: `format` xlsx (default), csv (UTF-8 with BOM) or json (the report as the import answered it)',
    tags: ['import'],
    openapi: {
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
        { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['xlsx', 'csv', 'json'] } },
      ],
      responses: {
        '200': {
          description: 'The report',
          content: {
            [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } },
            'text/csv': { schema: { type: 'string' } },
            'application/json': { schema: { type: 'object' } },
          },
        },
        '404': { description: 'No such import in the account' },
        '409': { description: 'The import is still running, failed, or was applied before reports were kept (`IMPORT_NO_REPORT`)' },
      },
    },
    async handle({ ctx, res, input }) {
      const { record, report } = await importWithReport(ctx.db, ctx.actor.accountId, input.id);
      if (!report) throw new AppError('CONFLICT', coded('IMPORT_NO_REPORT', { status: record.status }));
      const name = `import-${record.id}-${record.entity}`;
      if (input.format === 'json' || input.format === 'csv') {
        const body = Buffer.from(input.format === 'json' ? JSON.stringify(report) : importReportCsv(report, ctx.actor.languageCode), 'utf8');
        res.writeHead(200, {
          'Content-Type': input.format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
          'Content-Length': String(body.byteLength),
          'Content-Disposition': `attachment; filename="${name}.${input.format}"`,
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
      await writeImportReportXlsx(res, report, ctx.actor.languageCode, aborter.signal);
    },
  }),
];

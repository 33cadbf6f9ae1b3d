import { z } from 'zod';
import { IMPORT_MAX_ROWS } from '../../shared/limits';
import { ZImportInput, ZImportRecord, ZImportReport } from '../../shared/schemas/import';
import { listImports, runImport } from '../services/import';
import { bulkRouter } from './import-bulk';
import { adminProcedure, router } from '../trpc';

const tags = ['import'];

const FILE_FIELD = {
  name: 'file',
  description: 'A CSV file (`;` or `,`, UTF-8 with or without BOM) or an Excel workbook (.xlsx, first sheet), at most 15 MB',
  contentType: 'text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/octet-stream',
};

/** Issue 42: master data from CSV/xlsx files (docs/import.md). */
export const importRouter = router({
  run: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/import/{entity}',
        status: 201,
        multipart: true,
        fileField: FILE_FIELD,
        // the path names an entity (an enum), never a record: an unknown one is 400
        keyless: true,
      },
      summary: 'Import master data from a CSV or xlsx file (multipart `file`); `dryRun` only reports',
      description: [
        'Entities: customer, job, jobTask, item, itemUnit, resource, resourceUnit, workType, location, user.',
        'The first row holds the column captions; Business Central’s list captions (“Open in Excel”) in English and Danish are recognised,',
        'others are mapped with `mapping` (a JSON object caption → field, "" ignores a column), remembered per account and entity once applied.',
        `CSV with \`;\` or \`,\`, with or without BOM; xlsx: the first sheet (data on several sheets is refused). At most ${IMPORT_MAX_ROWS} rows.`,
        'The report says per row created / changed (field by field) / unchanged / refused (row, column, coded reason).',
        'Applying writes every row that is not refused in one transaction (upsert by code/no); nothing is deleted;',
        '`deactivateMissing: true` sets records missing from the file inactive. Send an `Idempotency-Key` so that a retry does not import twice.',
      ].join(' '),
      tags,
    })
    .input(ZImportInput)
    .output(ZImportReport)
    .mutation(({ ctx, input }) => runImport(ctx.dbh, ctx.actor, input, ctx.files)),

  runByField: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/import',
        status: 201,
        multipart: true,
        fileField: FILE_FIELD,
        // the path names an entity (an enum), never a record: an unknown one is 400
        keyless: true,
      },
      summary: 'The same import with the entity as a form field (`entity`)',
      description: 'As POST /api/import/{entity}, for clients that send the entity with the fields.',
      tags,
    })
    .input(ZImportInput)
    .output(ZImportReport)
    .mutation(({ ctx, input }) => runImport(ctx.dbh, ctx.actor, input, ctx.files)),

  list: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/import' },
      summary: 'The account’s applied imports (files and bulk upserts), newest first (at most 100)',
      description:
        'Each import is a job: `status` running → done or failed. While one runs, `progress` says its phase (checking, writing) and how many rows are done of `total`; poll this list. A done import’s report: GET /api/import/{id}/report.',
      tags,
    })
    .output(z.array(ZImportRecord))
    .query(({ ctx }) => listImports(ctx.db, ctx.actor.accountId)),

  bulk: bulkRouter,
});

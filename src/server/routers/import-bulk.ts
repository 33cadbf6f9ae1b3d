import { BULK_BODY_MAX_BYTES, BULK_MAX_RECORDS } from '../../shared/limits';
import { IMPORT_FIELDS, ZBulkInput, ZImportReport, type ImportEntity } from '../../shared/schemas/import';
import { runBulk } from '../services/import';
import { adminProcedure, router } from '../trpc';

/** The REST path segment of each entity (the master-data resources' own: /api/jobtask, /api/worktype). */
const PATHS = {
  customer: 'customer',
  job: 'job',
  jobTask: 'jobtask',
  item: 'item',
  itemUnit: 'itemunit',
  resource: 'resource',
  resourceUnit: 'resourceunit',
  workType: 'worktype',
  location: 'location',
  user: 'user',
} as const satisfies Record<ImportEntity, string>;

/**
 * PUT /api/<entity>/bulk (issue 42 §3, decision 0430): up to 5 000 JSON records through the
 * file import's engine — the same rules, the same report, one transaction, an import record —
 * idempotent with `Idempotency-Key`.
 */
function bulk<E extends ImportEntity>(entity: E) {
  const fields = IMPORT_FIELDS[entity].map((f) => `\`${f.field}\`${f.required ? ' (required)' : ''}`).join(', ');
  return adminProcedure
    .meta({
      rest: { method: 'PUT', path: `/api/${PATHS[entity]}/bulk`, idempotent: true, bodyMaxBytes: BULK_BODY_MAX_BYTES, keyless: true },
      summary: `Create or update up to ${BULK_MAX_RECORDS} ${entity} records by their key; \`dryRun\` only reports`,
      description: [
        `Fields of a record: ${fields}. \`active\` is true/false; a field left out keeps what is stored.`,
        'The rules, the report and the transaction are those of POST /api/import/{entity} (docs/import.md): per record created / changed (field by field) / unchanged / refused',
        '(`row` = the record’s position in `records`, from 1; `column` = the field), refused records left out, the others written in one transaction; nothing is deleted;',
        '`deactivateMissing: true` sets the account’s records missing from `records` inactive.',
        `More than ${BULK_MAX_RECORDS} records → 400 \`IMPORT_TOO_MANY_ROWS\` (a body over 8 MB → 413). An \`Idempotency-Key\` makes a retry answer the first report instead of running again.`,
        'An applied bulk upsert is listed by GET /api/import like a file.',
      ].join(' '),
      tags: ['import'],
    })
    .input(ZBulkInput)
    .output(ZImportReport)
    .mutation(({ ctx, input }) => runBulk(ctx.dbh, ctx.actor, entity, input));
}

export const bulkRouter = router({
  customer: bulk('customer'),
  job: bulk('job'),
  jobTask: bulk('jobTask'),
  item: bulk('item'),
  itemUnit: bulk('itemUnit'),
  resource: bulk('resource'),
  resourceUnit: bulk('resourceUnit'),
  workType: bulk('workType'),
  location: bulk('location'),
  user: bulk('user'),
});

import type { Database } from '../../../db/database';
import { findImportMapping, insertImportRun, listImportRuns, lockImport, saveImportMapping } from '../../../db/queries/import';
import { coded } from '../../shared/error-codes';
import { IMPORT_FIELDS, type ImportEntity, type TImportRecord, type TImportReport } from '../../shared/schemas/import';
import type { Actor, UploadedFile } from '../context';
import { AppError } from '../errors';
import { evaluate, planColumns, reportRows, write, type ColumnPlan, type Evaluated } from '../import/engine';
import { importHandler } from '../import/entities';
import { parseUpload, type ParsedTable } from '../import/parse';

/*
 * Issue 42 §2: a dry run reports what an import would do; an apply does it in one transaction
 * per file (rows refused are left out, the others are written), records the import, and
 * remembers the column mapping the admin chose. Imports of one entity in one account run one
 * after the other (an advisory lock), each comparing against what the one before wrote: the
 * same file twice creates once, and the second says "unchanged" throughout.
 */

export interface ImportRequest {
  entity: ImportEntity;
  dryRun?: boolean | undefined;
  deactivateMissing?: boolean | undefined;
  mapping?: Record<string, string> | undefined;
}

function report(
  input: ImportRequest,
  file: UploadedFile,
  table: ParsedTable,
  plan: ColumnPlan,
  evaluated: Evaluated | null,
  importId: number | null,
): TImportReport {
  const listed = evaluated ? reportRows(evaluated.rows) : { rows: [], truncated: false };
  return {
    entity: input.entity,
    dryRun: importId === null,
    fileName: file.fileName,
    importId,
    fileKind: table.kind,
    columns: plan.columns,
    missingFields: plan.missingFields,
    fields: IMPORT_FIELDS[input.entity].map((f) => ({ field: f.field, required: f.required })),
    counts: evaluated?.counts ?? { rows: table.rows.length, created: 0, changed: 0, unchanged: 0, refused: 0, deactivated: 0 },
    rows: listed.rows,
    deactivated: evaluated?.deactivated ?? [],
    truncated: listed.truncated,
  };
}

export async function runImport(db: Database, actor: Actor, input: ImportRequest, files: UploadedFile[]): Promise<TImportReport> {
  const file = files[0];
  if (!file) throw new AppError('BAD_REQUEST', coded('IMPORT_NO_FILE'));
  const table = await parseUpload(file.data);
  const accountId = actor.accountId;
  const stored = await findImportMapping(db, accountId, input.entity);
  const mapping = { ...stored, ...(input.mapping ?? {}) };
  const plan = planColumns(input.entity, table.captions, mapping);
  const options = { deactivateMissing: input.deactivateMissing === true };

  if (input.dryRun) {
    if (plan.missingFields.length > 0) return report(input, file, table, plan, null, null);
    const handler = await importHandler(db, accountId, input.entity);
    return report(input, file, table, plan, await evaluate(table, plan, handler, options), null);
  }
  if (plan.missingFields.length > 0) throw new AppError('BAD_REQUEST', coded('IMPORT_MISSING_COLUMN', { field: plan.missingFields.join(', ') }));
  return db.transaction().execute(async (trx) => {
    await lockImport(trx, accountId, input.entity);
    const handler = await importHandler(trx, accountId, input.entity);
    const evaluated = await evaluate(table, plan, handler, options);
    await write(handler, evaluated);
    const c = evaluated.counts;
    const importId = await insertImportRun(trx, {
      accountId,
      entity: input.entity,
      fileName: file.fileName.slice(0, 255),
      createdBy: actor.username,
      createdByUserId: actor.userId,
      rowCount: c.rows,
      createdCount: c.created,
      changedCount: c.changed,
      unchangedCount: c.unchanged,
      refusedCount: c.refused,
      deactivatedCount: c.deactivated,
    });
    if (input.mapping && Object.keys(input.mapping).length > 0) await saveImportMapping(trx, accountId, input.entity, mapping);
    return report(input, file, table, plan, evaluated, importId);
  });
}

export async function listImports(db: Database, accountId: number): Promise<TImportRecord[]> {
  const rows = await listImportRuns(db, accountId, 100);
  return rows.map((r) => ({
    id: r.id,
    entity: r.entity,
    fileName: r.fileName,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    counts: { rows: r.rowCount, created: r.createdCount, changed: r.changedCount, unchanged: r.unchangedCount, refused: r.refusedCount, deactivated: r.deactivatedCount },
  }));
}

import type { Database, DbHandle } from '../../../db/database';
import {
  failImportRun,
  failStaleImportRuns,
  findImportMapping,
  findImportRun,
  finishImportRun,
  listImportRuns,
  lockImport,
  saveImportMapping,
  startImportRun,
} from '../../../db/queries/import';
import { coded } from '../../shared/error-codes';
import { IMPORT_FIELDS, type ImportEntity, type TImportRecord, type TImportReport } from '../../shared/schemas/import';
import type { Actor, UploadedFile } from '../context';
import { AppError } from '../errors';
import { evaluate, planColumns, reportRows, write, type ColumnPlan, type Evaluated } from '../import/engine';
import { COLLECT_EVERY, releaseGarbage } from '../import/memory';
import { importHandler } from '../import/entities';
import { parseUpload, type ParsedTable } from '../import/parse';
import { progressOf, runningIds, trackProgress } from '../import/progress';
import { notFound } from './master-data/common';

/*
 * Issue 42 §2, §3, §5: a dry run reports what an import would do; an apply does it in one
 * transaction per file (rows refused are left out, the others are written), and is a job: its
 * record (status running → done/failed, the counts, the report as JSON) is written before the
 * transaction starts, so the admin page lists it and polls its progress while it runs. Imports
 * of one entity in one account run one after the other (an advisory lock), each comparing
 * against what the one before wrote: the same file twice creates once, then "unchanged".
 * A file upload and a bulk upsert (JSON records) are the same run over a parsed table.
 */

export interface ImportRequest {
  entity: ImportEntity;
  dryRun?: boolean | undefined;
  deactivateMissing?: boolean | undefined;
  mapping?: Record<string, string> | undefined;
}

interface Source {
  kind: 'file' | 'bulk';
  fileName: string;
  table: ParsedTable;
  /** the column mapping: the account's remembered one plus the request's (files only) */
  mapping: Record<string, string>;
  /** remember the mapping once applied */
  remember: boolean;
}

function report(entity: ImportEntity, source: Source, plan: ColumnPlan, evaluated: Evaluated | null, importId: number | null): TImportReport {
  const listed = evaluated ? reportRows(evaluated.rows) : { rows: [], truncated: false };
  return {
    entity,
    dryRun: importId === null,
    fileName: source.fileName,
    importId,
    fileKind: source.table.kind,
    columns: plan.columns,
    missingFields: plan.missingFields,
    fields: IMPORT_FIELDS[entity].map((f) => ({ field: f.field, required: f.required })),
    counts: evaluated?.counts ?? { rows: source.table.rows.length, created: 0, changed: 0, unchanged: 0, refused: 0, deactivated: 0 },
    rows: listed.rows,
    deactivated: evaluated?.deactivated ?? [],
    truncated: listed.truncated,
  };
}

/** The database and which kind it is (where a running import's progress is kept: decision 0499). */
export type ImportDb = Pick<DbHandle, 'db' | 'kind'>;

async function run(dbh: ImportDb, actor: Actor, input: ImportRequest, source: Source): Promise<TImportReport> {
  const db = dbh.db;
  const accountId = actor.accountId;
  const plan = planColumns(input.entity, source.table.captions, source.mapping);
  const total = source.table.rows.length;

  if (input.dryRun) {
    if (plan.missingFields.length > 0) return report(input.entity, source, plan, null, null);
    const handler = await importHandler(db, accountId, input.entity);
    return report(input.entity, source, plan, await evaluate(source.table, plan, handler, { deactivateMissing: input.deactivateMissing === true }), null);
  }
  if (plan.missingFields.length > 0) throw new AppError('BAD_REQUEST', coded('IMPORT_MISSING_COLUMN', { field: plan.missingFields.join(', ') }));

  const importId = await startImportRun(db, {
    accountId,
    entity: input.entity,
    fileName: source.fileName.slice(0, 255),
    source: source.kind,
    createdBy: actor.username,
    createdByUserId: actor.userId,
    rowCount: total,
  });
  const progress = trackProgress(dbh, importId);
  progress.set({ phase: 'checking', done: 0, total }, true);
  try {
    return await db.transaction().execute(async (trx) => {
      await lockImport(trx, accountId, input.entity);
      const handler = await importHandler(trx, accountId, input.entity);
      const evaluated = await evaluate(source.table, plan, handler, {
        deactivateMissing: input.deactivateMissing === true,
        onProgress: (done) => progress.set({ phase: 'checking', done, total }),
      });
      progress.set({ phase: 'checking', done: total, total }, true);
      const writes = evaluated.toCreate.length + evaluated.toUpdate.length;
      progress.set({ phase: 'writing', done: 0, total: writes }, true);
      await write(handler, evaluated, (done) => progress.set({ phase: 'writing', done, total: writes }));
      progress.set({ phase: 'writing', done: writes, total: writes }, true);
      const c = evaluated.counts;
      const answer = report(input.entity, source, plan, evaluated, importId);
      await finishImportRun(
        trx,
        importId,
        { rowCount: c.rows, createdCount: c.created, changedCount: c.changed, unchangedCount: c.unchanged, refusedCount: c.refused, deactivatedCount: c.deactivated },
        answer,
      );
      if (source.remember) await saveImportMapping(trx, accountId, input.entity, source.mapping);
      return answer;
    });
  } catch (error) {
    const reason = error instanceof AppError && error.coded ? error.coded : coded('IMPORT_FAILED');
    await failImportRun(db, importId, { code: reason.code, params: Object.fromEntries(Object.entries(reason.params ?? {}).map(([k, v]) => [k, String(v)])) }).catch(
      () => undefined,
    );
    throw error;
  } finally {
    await progress.end();
  }
}

/** POST /api/import/{entity}: a CSV or xlsx upload. */
export async function runImport(dbh: ImportDb, actor: Actor, input: ImportRequest, files: UploadedFile[]): Promise<TImportReport> {
  const db = dbh.db;
  const file = files[0];
  if (!file) throw new AppError('BAD_REQUEST', coded('IMPORT_NO_FILE'));
  const table = await parseUpload(file.data);
  // The parse's garbage (an xlsx's zip and XML) goes before the rows are checked (import/memory.ts).
  if (table.rows.length >= COLLECT_EVERY) releaseGarbage();
  const stored = await findImportMapping(db, actor.accountId, input.entity);
  const mapping = { ...stored, ...(input.mapping ?? {}) };
  const remember = input.mapping !== undefined && Object.keys(input.mapping).length > 0;
  return run(dbh, actor, input, { kind: 'file', fileName: file.fileName, table, mapping, remember });
}

type BulkValue = string | number | boolean | null;

/**
 * PUT /api/<entity>/bulk (issue 42 §3): JSON records become a table whose captions are the
 * fields named (the engine recognises a field's own name as its caption), so that the rules,
 * the report and the transaction are the file import's. `true`/`false` read as the file's
 * Yes/No; a number as its text; null as an empty cell.
 */
export function recordsTable(records: Array<Record<string, BulkValue>>): ParsedTable {
  const captions: string[] = [];
  const index = new Map<string, number>();
  for (const r of records) for (const k of Object.keys(r)) if (!index.has(k)) index.set(k, captions.push(k) - 1);
  const text = (v: BulkValue | undefined) => (v === null || v === undefined ? '' : String(v));
  return { kind: 'json', captions, rows: records.map((r, i) => ({ row: i + 1, cells: captions.map((c) => text(r[c])) })) };
}

export function runBulk(
  dbh: ImportDb,
  actor: Actor,
  entity: ImportEntity,
  input: { dryRun?: boolean | undefined; deactivateMissing?: boolean | undefined; records: Array<Record<string, BulkValue>> },
): Promise<TImportReport> {
  const table = recordsTable(input.records);
  return run(
    dbh,
    actor,
    { entity, dryRun: input.dryRun, deactivateMissing: input.deactivateMissing },
    { kind: 'bulk', fileName: `PUT /api/${entity}/bulk`, table, mapping: {}, remember: false },
  );
}

/** An import left running longer than this by a process that no longer reports it has failed (a restart). */
const STALE_MINUTES = 30;

type RunRow = Awaited<ReturnType<typeof listImportRuns>>[number];

/** The progress in the record (PostgreSQL, written by whichever instance runs the import). */
function storedProgress(r: RunRow): TImportRecord['progress'] {
  if (r.progressPhase === null || r.progressDone === null || r.progressTotal === null) return null;
  return { phase: r.progressPhase, done: r.progressDone, total: r.progressTotal };
}

function record(r: RunRow): TImportRecord {
  return {
    id: r.id,
    entity: r.entity,
    fileName: r.fileName,
    source: r.source,
    status: r.status,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    counts: { rows: r.rowCount, created: r.createdCount, changed: r.changedCount, unchanged: r.unchangedCount, refused: r.refusedCount, deactivated: r.deactivatedCount },
    progress: r.status === 'running' ? (progressOf(r.id) ?? storedProgress(r)) : null,
    error: r.error ? { code: r.error.code, params: r.error.params } : null,
  };
}

export async function listImports(db: Database, accountId: number): Promise<TImportRecord[]> {
  await failStaleImportRuns(db, accountId, runningIds(), STALE_MINUTES);
  return (await listImportRuns(db, accountId, 100)).map(record);
}

/** One import with its report (another account's id: 404). A run before the reports were kept has none. */
export async function importWithReport(db: Database, accountId: number, id: number): Promise<{ record: TImportRecord; report: TImportReport | null }> {
  const r = await findImportRun(db, accountId, id);
  if (!r) throw notFound();
  return { record: record(r), report: (r.report as TImportReport | null) ?? null };
}

import { createHash } from 'node:crypto';
import type { DbHandle } from '../../../db/database';
import { withExportStore } from '../../../db/export-store';
import { BC_COLUMNS, bcCells, csvCells, type BatchHead, type ExportRows } from '../../../db/queries/export';
import { EXPORT_FILE_NAMES } from '../../shared/schemas/export';
import { csvDialect } from '../csv/header';
import { BOM, csvLine } from '../csv/writer';
import type { ExportPlan } from './export';
import { nothingToExport, type DownloadSink, type FileHead, type WriteArgs } from './export-sink';
import { writeXlsx, xlsxCells } from './export-xlsx';
import { emitExportedEvent } from './webhooks';

export const CSV_HEAD: FileHead = { contentType: 'text/csv; charset=utf-8', fileName: EXPORT_FILE_NAMES.csv };

export interface ExportResult {
  rows: number;
  /** the batch this call created (marking) or re-downloaded */
  batch: BatchHead | null;
}

/** Passes everything on to the sink and keeps the SHA-256 of the bytes (the batch's checksum). */
class HashingSink implements DownloadSink {
  private readonly hash = createHash('sha256');
  started = false;
  batchId: number | null = null;
  constructor(private readonly sink: DownloadSink) {}
  get signal() {
    return this.sink.signal;
  }
  start(head: FileHead, first?: string): void {
    this.started = true;
    if (first !== undefined) this.hash.update(first, 'utf8');
    this.sink.start(this.batchId === null ? head : { ...head, batchId: this.batchId }, first);
  }
  write(chunk: Buffer | string): Promise<void> {
    this.hash.update(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    return this.sink.write(chunk);
  }
  beforeCommit(): Promise<void> {
    return this.sink.beforeCommit();
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

/** Which records the file holds: the request's ids (plain or marking), or a batch again. */
export type ExportSource = { kind: 'request'; ids: ArrayLike<number> | null } | { kind: 'batch'; batch: BatchHead };

/** The filter a marking actually used, as its batch records it (issue 38). */
function batchFilters(plan: ExportPlan, source: ExportSource): Record<string, unknown> {
  const f = plan.scope.filters;
  return {
    mode: plan.scope.mode,
    from: f?.from ?? null,
    to: f?.to ?? null,
    approvedOnly: f?.approvedOnly ?? false,
    customerNo: f?.customerNo ?? null,
    jobCode: f?.jobCode ?? null,
    username: plan.filterUsername,
    status: f?.status ?? null,
    requested: source.kind === 'request' && source.ids ? source.ids.length : null,
  };
}

/** The head, first line and cells of a text profile (csv, bc). */
function textProfile(plan: ExportPlan, documentNo: string | null) {
  if (plan.fileType === 'bc') {
    // BC profile (decision 0203): `,` and point, fixed English captions, no BOM, no formula guard.
    const fileName = documentNo ? `${documentNo}.csv` : EXPORT_FILE_NAMES.bc;
    return {
      head: { contentType: 'text/csv; charset=utf-8', fileName },
      first: csvLine(BC_COLUMNS, ','),
      delimiter: ',' as const,
      cells: bcCells(documentNo),
      columns: BC_COLUMNS.length,
    };
  }
  const dialect = csvDialect(plan.languageCode, plan.csvFormat);
  return {
    head: CSV_HEAD,
    first: BOM + dialect.header,
    delimiter: dialect.csv.delimiter,
    cells: csvCells(dialect.sql),
    columns: dialect.header.split(dialect.csv.delimiter).length,
  };
}

/**
 * The one export path (issue 24): every format goes through here, and here alone it is decided
 * whether records are marked, which batch they join, and that `worksheet.exported` is sent — all
 * in one transaction that commits only after the last byte was handed to the socket. If the sink
 * fails (client gone, stalled) the transaction rolls back: nothing is marked, no batch is left,
 * no event is sent. A marking that finds nothing answers 409 before any byte went out.
 */
export async function runExport(dbh: DbHandle, plan: ExportPlan, source: ExportSource, sink: DownloadSink): Promise<ExportResult> {
  const hashing = new HashingSink(sink);
  return withExportStore(dbh, async (store): Promise<ExportResult> => {
    if (source.kind === 'request' && source.ids) await store.loadIds(source.ids);
    let batch: BatchHead | null = source.kind === 'batch' ? source.batch : null;
    if (plan.mark) {
      batch = await store.insertBatch({
        accountId: plan.scope.accountId,
        createdBy: plan.scope.viewer,
        createdByUserId: plan.userId,
        fileType: plan.fileType,
        csvFormat: plan.fileType === 'csv' ? plan.csvFormat : null,
        languageCode: plan.languageCode,
        filters: batchFilters(plan, source),
      });
    }
    hashing.batchId = batch?.id ?? null;
    // Which rows: a batch again, the plain selection, or the rows this call marks.
    const rows: ExportRows =
      source.kind === 'batch'
        ? { kind: 'batch', accountId: plan.scope.accountId, batchId: source.batch.id }
        : plan.mark
          ? { kind: 'mark', scope: plan.scope, batchId: batch!.id }
          : { kind: 'plain', scope: plan.scope };
    const text = plan.fileType === 'xlsx' ? null : textProfile(plan, batch?.documentNo ?? null);
    const args = (cells: string): WriteArgs => ({ store, rows, cells, sink: hashing, allowEmpty: !plan.mark });
    const count = text
      ? await writeText(args(text.cells), text.head, text.first, text.delimiter, text.columns)
      : await writeXlsx(args(xlsxCells(plan)), plan, batch?.createdAt ?? null);
    if (plan.mark) {
      if (count === 0) throw nothingToExport();
      await store.finishBatch(batch!.id, count, hashing.digest());
      await emitExportedEvent(store.exec, plan.scope.accountId, plan.scope.viewer, batch!.id);
    }
    await hashing.beforeCommit();
    return { rows: count, batch };
  });
}

/**
 * A text file (csv, bc): on PostgreSQL the database writes it (COPY … TO STDOUT, DESIGN §7); on
 * PGlite the same SQL is read through a cursor and the lines are written by csvLine (ExportStore).
 */
async function writeText({ store, rows, cells, sink, allowEmpty }: WriteArgs, head: FileHead, first: string, delimiter: ',' | ';', columns: number): Promise<number> {
  let header = false;
  const startOnce = () => {
    if (!header) sink.start(head, first);
    header = true;
  };
  const count = await store.csv(rows, cells, { delimiter, columns, line: csvLine }, (chunk) => {
    startOnce();
    return sink.write(chunk);
  });
  if (count === 0 && !allowEmpty) return 0;
  startOnce();
  return count;
}

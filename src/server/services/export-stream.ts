import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { PoolClient } from 'pg';
import type { DbHandle } from '../../../db/database';
import {
  BC_COLUMNS,
  batchCellsSql,
  bcCells,
  createIdTable,
  csvCells,
  declareCursor,
  fetchCells,
  finishBatch,
  insertBatch,
  insertIds,
  markCellsSql,
  markedCellsSql,
  markIntoTable,
  pgCopyOut,
  pgCreateIdTable,
  pgFinishBatch,
  pgInsertBatch,
  pgLoadIds,
  plainCellsSql,
  type BatchHead,
} from '../../../db/queries/export';
import type { DB } from '../../../db/types';
import { EXPORT_ERR, EXPORT_FILE_NAMES } from '../../shared/schemas/export';
import { csvDialect } from '../csv/header';
import { BOM, csvLine } from '../csv/writer';
import { AppError } from '../errors';
import type { ExportPlan } from './export';
import { writeXlsx, xlsxCells } from './export-xlsx';
import { emitExportedEvent } from './webhooks';

/** What the response says about the file. */
export interface FileHead {
  contentType: string;
  fileName: string;
  /** the export batch the file is (X-Export-Batch-Id) */
  batchId?: number;
}

/**
 * Where the file goes (the HTTP response). `start` sends the status and headers (and `first`, e.g.
 * the CSV's BOM and header line) before the first row, or alone for an empty file; `write`
 * resolves when the receiver has room for more and rejects once the receiver is gone or stalled;
 * `beforeCommit` resolves when everything written so far has left the process, and rejects if the
 * receiver went away meanwhile. `signal` aborts when the receiver is gone or stalled.
 */
export interface DownloadSink {
  start(head: FileHead, first?: string): void;
  write(chunk: Buffer | string): Promise<void>;
  beforeCommit(): Promise<void>;
  readonly signal: AbortSignal;
}

export const CSV_HEAD: FileHead = { contentType: 'text/csv; charset=utf-8', fileName: EXPORT_FILE_NAMES.csv };

/** Bytes collected from COPY (one message per row) before one write to the socket. */
const BATCH_BYTES = 64 * 1024;
/** Rows per FETCH on PGlite. */
const FETCH_ROWS = 1000;

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

/** One transaction: node-postgres (the COPY of a CSV on PostgreSQL) or Kysely (PGlite, the workbook). */
export type ExportTx = { kind: 'pg'; tx: PoolClient } | { kind: 'kysely'; trx: Transaction<DB> };

/** Which records the file holds: the request's ids (plain or marking), or a batch again. */
export type ExportSource = { kind: 'request'; ids: ArrayLike<number> } | { kind: 'batch'; batch: BatchHead };

/** What a format writer gets: the transaction, the query of its cells, where the bytes go. */
export interface WriteArgs {
  t: ExportTx;
  query: string;
  sink: DownloadSink;
  /** false when marking: a writer that got no row must not start the sink (409 follows) */
  allowEmpty: boolean;
}

const nothingToExport = () => new AppError('CONFLICT', EXPORT_ERR.nothingToExport);

/** The head, first line and cells of a text profile (csv, bc). */
function textProfile(plan: ExportPlan, documentNo: string | null) {
  if (plan.fileType === 'bc') {
    // BC profile (decision 0203): `,` and point, fixed English captions, no BOM, no formula guard.
    const fileName = documentNo ? `${documentNo}.csv` : EXPORT_FILE_NAMES.bc;
    return { head: { contentType: 'text/csv; charset=utf-8', fileName }, first: csvLine(BC_COLUMNS, ','), delimiter: ',' as const, cells: bcCells(documentNo), columns: BC_COLUMNS.length };
  }
  const dialect = csvDialect(plan.languageCode, plan.csvFormat);
  return { head: CSV_HEAD, first: BOM + dialect.header, delimiter: dialect.csv.delimiter, cells: csvCells(dialect.sql), columns: dialect.header.split(dialect.csv.delimiter).length };
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
  const body = async (t: ExportTx): Promise<ExportResult> => {
    if (source.kind === 'request') {
      if (t.kind === 'pg') {
        await pgCreateIdTable(t.tx);
        await pgLoadIds(t.tx, source.ids);
      } else {
        await createIdTable(t.trx);
        await insertIds(t.trx, source.ids);
      }
    }
    let batch: BatchHead | null = source.kind === 'batch' ? source.batch : null;
    if (plan.mark) {
      const row = {
        accountId: plan.scope.accountId,
        createdBy: plan.scope.viewer,
        createdByUserId: plan.userId,
        fileType: plan.fileType,
        csvFormat: plan.fileType === 'csv' ? plan.csvFormat : null,
        languageCode: plan.languageCode,
        filters: { mode: plan.scope.mode, from: plan.scope.filters?.from ?? null, to: plan.scope.filters?.to ?? null, approvedOnly: plan.scope.filters?.approvedOnly ?? false, requested: source.kind === 'request' ? source.ids.length : 0 },
      };
      batch = t.kind === 'pg' ? await pgInsertBatch(t.tx, row) : await insertBatch(t.trx, row);
    }
    hashing.batchId = batch?.id ?? null;
    const text = plan.fileType === 'xlsx' ? null : textProfile(plan, batch?.documentNo ?? null);
    const cells = text ? text.cells : null;
    // Which rows: a batch again, the plain selection, or the rows this call marks.
    const queryOf = async (c: string): Promise<string> => {
      if (source.kind === 'batch') return batchCellsSql(plan.scope.accountId, source.batch.id, c);
      if (!plan.mark) return plainCellsSql(plan.scope, c);
      // PostgreSQL CSV: the UPDATE runs inside COPY, one statement (decision 0050).
      if (t.kind === 'pg') return markCellsSql(plan.scope, c, batch!.id);
      // Elsewhere: mark first (export_marked), then read the marked rows through a cursor.
      const marked = await markIntoTable(t.trx, plan.scope, batch!.id);
      if (marked === 0) throw nothingToExport();
      return markedCellsSql(c);
    };
    const args = (query: string): WriteArgs => ({ t, query, sink: hashing, allowEmpty: !plan.mark });
    const rows = text
      ? await writeText(args(await queryOf(cells!)), text.head, text.first, text.delimiter, text.columns)
      : await writeXlsx(args(await queryOf(xlsxCells(plan))), plan, batch?.createdAt ?? null);
    if (plan.mark) {
      if (rows === 0) throw nothingToExport();
      const checksum = hashing.digest();
      if (t.kind === 'pg') await pgFinishBatch(t.tx, batch!.id, rows, checksum);
      else await finishBatch(t.trx, batch!.id, rows, checksum);
      await emitExportedEvent(t.kind === 'pg' ? t.tx : t.trx, plan.scope.accountId, plan.scope.viewer, batch!.id);
    }
    await hashing.beforeCommit();
    return { rows, batch };
  };
  if (dbh.kind === 'postgres' && dbh.pg && plan.fileType !== 'xlsx') return dbh.pg.begin((tx) => body({ kind: 'pg', tx }));
  return dbh.db.transaction().execute((trx) => body({ kind: 'kysely', trx }));
}

/**
 * A text file (csv, bc): on PostgreSQL the database writes it (COPY … TO STDOUT, DESIGN §7); on
 * PGlite the same SQL is read through a cursor in batches and the lines are written here.
 */
async function writeText({ t, query, sink, allowEmpty }: WriteArgs, head: FileHead, first: string, delimiter: ',' | ';', columns: number): Promise<number> {
  let header = false;
  const startOnce = () => {
    if (!header) sink.start(head, first);
    header = true;
  };
  let rows: number;
  if (t.kind === 'pg') {
    const { stream } = await pgCopyOut(t.tx, query, delimiter);
    const chunks = await pump(stream, sink, startOnce);
    rows = stream.rowCount ?? chunks;
  } else {
    await declareCursor(t.trx, query);
    rows = 0;
    for (;;) {
      const batch = await fetchCells(t.trx, FETCH_ROWS, columns);
      if (batch.length === 0) break;
      rows += batch.length;
      let text = '';
      for (const cells of batch) text += csvLine(cells, delimiter);
      startOnce();
      await sink.write(text);
      if (batch.length < FETCH_ROWS) break;
    }
  }
  if (rows === 0 && !allowEmpty) return 0;
  startOnce();
  return rows;
}

/**
 * Copies a COPY OUT stream into the sink in batches, with backpressure. When the sink fails, the
 * rest of the stream is read and dropped (a COPY in progress must run to its end before the
 * connection can ROLLBACK; cancelling instead could race with the statements after it), then the
 * failure is thrown.
 */
function pump(stream: Readable, sink: DownloadSink, beforeFirst: () => void): Promise<number> {
  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    let pending: Buffer[] = [];
    let size = 0;
    let rows = 0;
    const flush = () => {
      const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending, size);
      pending = [];
      size = 0;
      beforeFirst();
      return sink.write(chunk);
    };
    stream.on('data', (chunk: Buffer) => {
      if (failure !== null) return;
      rows++;
      pending.push(chunk);
      size += chunk.length;
      if (size < BATCH_BYTES) return;
      stream.pause();
      flush().then(
        () => stream.resume(),
        (error: unknown) => {
          failure = error;
          pending = [];
          stream.resume();
        },
      );
    });
    stream.on('end', () => {
      if (failure !== null) return reject(failure as Error);
      if (size === 0) return resolve(rows);
      flush().then(() => resolve(rows), reject);
    });
    stream.on('error', (error) => {
      reject((failure ?? error) as Error);
    });
  });
}

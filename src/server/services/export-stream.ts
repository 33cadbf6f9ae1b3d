import type { Readable } from 'node:stream';
import type { DbHandle } from '../../../db/database';
import {
  createIdTable,
  declareCursor,
  fetchCursor,
  insertIds,
  markedRowsSql,
  markExportSql,
  markIntoTable,
  pgCopyOut,
  pgCreateIdTable,
  pgLoadIds,
  plainExportSql,
} from '../../../db/queries/export';
import { EXPORT_FILE_NAMES } from '../../shared/schemas/export';
import { csvDialect } from '../csv/header';
import { BOM, csvLine } from '../csv/writer';
import type { ExportPlan } from './export';
import { emitExportedEvent } from './webhooks';

/** What the response says about the file. */
export interface FileHead {
  contentType: string;
  fileName: string;
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
}

/**
 * Streams the CSV of `plan` for the requested ids into `sink`, all in one transaction that commits
 * only after the last byte was handed to the socket. If the sink fails (client gone, stalled) the
 * transaction rolls back: nothing is marked.
 */
export async function streamExport(dbh: DbHandle, plan: ExportPlan, ids: ArrayLike<number>, sink: DownloadSink): Promise<ExportResult> {
  const dialect = csvDialect(plan.languageCode, plan.csvFormat);
  let header = false;
  const startOnce = () => {
    if (!header) sink.start(CSV_HEAD, BOM + dialect.header);
    header = true;
  };

  if (dbh.kind === 'postgres' && dbh.pg) {
    // The database writes the CSV (DESIGN §7): COPY (query) TO STDOUT, marking included.
    return dbh.pg.begin(async (tx) => {
      await pgCreateIdTable(tx);
      await pgLoadIds(tx, ids);
      const query = plan.mark ? markExportSql(plan.scope, dialect.sql) : plainExportSql(plan.scope, dialect.sql);
      const { stream } = await pgCopyOut(tx, query, dialect.csv.delimiter);
      const chunks = await pump(stream, sink, startOnce);
      startOnce();
      if (plan.mark) await emitExportedEvent(tx, plan.scope.accountId, plan.scope.viewer);
      await sink.beforeCommit();
      return { rows: stream.rowCount ?? chunks };
    });
  }

  // PGlite: the same SQL through a cursor, in batches; the CSV lines are written here.
  return dbh.db.transaction().execute(async (trx) => {
    await createIdTable(trx);
    await insertIds(trx, ids);
    let query: string;
    if (plan.mark) {
      await markIntoTable(trx, plan.scope);
      query = markedRowsSql(dialect.sql);
    } else {
      query = plainExportSql(plan.scope, dialect.sql);
    }
    await declareCursor(trx, query);
    let rows = 0;
    for (;;) {
      const batch = await fetchCursor(trx, FETCH_ROWS);
      if (batch.length === 0) break;
      rows += batch.length;
      let text = '';
      for (const cells of batch) text += csvLine(cells, dialect.csv.delimiter);
      startOnce();
      await sink.write(text);
      if (batch.length < FETCH_ROWS) break;
    }
    startOnce();
    if (plan.mark) await emitExportedEvent(trx, plan.scope.accountId, plan.scope.viewer);
    await sink.beforeCommit();
    return { rows };
  });
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

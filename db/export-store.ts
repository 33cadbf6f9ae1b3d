import type { Readable } from 'node:stream';
import { CompiledQuery, type Transaction } from 'kysely';
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { DbHandle } from './database';
import {
  CREATE_ID_TABLE,
  CREATE_MARKED_TABLE,
  FINISH_BATCH_SQL,
  INSERT_BATCH_SQL,
  DOCUMENT_NO_UPDATE,
  batchParams,
  idChunks,
  insertIdsSql,
  markIntoTableSql,
  rowsSql,
  type BatchHead,
  type ExportRows,
  type NewBatch,
  ANALYZE_FROM,
} from './queries/export';
import { intConst, type SqlExec } from './queries/sql-text';
import type { DB } from './types';

/*
 * The export's transaction behind one interface (issue 20 §3): the service asks for ids loaded, a
 * batch, the CSV text or a cursor of the rows, and never which driver it runs on. PostgreSQL runs
 * on a node-postgres client (COPY … TO STDOUT writes the CSV, decision 0060); PGlite through Kysely
 * (the same SQL read through a cursor, the lines written by the caller's `line`). Every statement
 * besides COPY is the same text on both, with bound parameters.
 */

/** How CSV rows are written where the database cannot (PGlite): the caller's line writer. */
export interface CsvText {
  delimiter: ',' | ';';
  /** cells per row */
  columns: number;
  line(cells: ReadonlyArray<string | null>, delimiter: ',' | ';'): string;
}

/** The next `count` rows of a cursor as cell arrays; fewer than `count` at the end. */
export type CursorFetch = (count: number) => Promise<Array<Array<string | null>>>;

export interface ExportStore {
  /** The database writes the CSV text itself (PostgreSQL's COPY): no work of this process per row. */
  readonly databaseWritesCsv: boolean;
  /** One statement with bound parameters in this transaction (e.g. the webhook outbox write). */
  readonly exec: SqlExec;
  /** Fills the temp table export_ids with the requested ids. */
  loadIds(ids: ArrayLike<number>): Promise<void>;
  insertBatch(b: NewBatch): Promise<BatchHead>;
  finishBatch(id: number, rows: number, checksum: string): Promise<void>;
  /**
   * The rows as CSV, handed to `write` in chunks of several lines; resolves to the number of rows.
   * A marking marks in the same step. When `write` rejects, the rest is read and dropped and its
   * failure thrown.
   */
  csv(rows: ExportRows, cells: string, text: CsvText, write: (chunk: Buffer | string) => Promise<void>): Promise<number>;
  /** A cursor over the rows (a marking marks first); null when a marking found nothing to mark. */
  cursor(rows: ExportRows, cells: string, columns: number): Promise<CursorFetch | null>;
}

/** Runs `fn` in one export transaction; it commits when `fn` resolves and rolls back when it throws. */
export function withExportStore<T>(dbh: DbHandle, fn: (store: ExportStore) => Promise<T>): Promise<T> {
  if (dbh.pg) return dbh.pg.begin((client) => fn(pgStore(client)));
  return dbh.db.transaction().execute((trx) => fn(kyselyStore(trx)));
}

const keyCache: string[][] = [];
/** The cell aliases c0 … c(n-1) of a row of `columns` cells. */
function cellKeys(columns: number): string[] {
  return (keyCache[columns] ??= Array.from({ length: columns }, (_, i) => `c${i}`));
}

/** Bytes collected from COPY (one message per row) before one write. */
const BATCH_BYTES = 64 * 1024;
/** Rows per FETCH (the CSV on PGlite). */
const FETCH_ROWS = 1000;

/** One FETCH's rows as arrays of text cells in column order (c0, c1, …). */
type FetchRows = (text: string, columns: number) => Promise<Array<Array<string | null>>>;

/** What both stores share: everything but the CSV text, on top of `exec` and `fetchRows`. */
function baseStore(exec: SqlExec, fetchRows: FetchRows): Omit<ExportStore, 'csv' | 'databaseWritesCsv'> {
  return {
    exec,
    async loadIds(ids) {
      await exec(CREATE_ID_TABLE);
      for (const chunk of idChunks(ids)) await exec(insertIdsSql, [chunk]);
      // A long list gets statistics, so that the planner joins it sensibly.
      if (ids.length > ANALYZE_FROM) await exec('ANALYZE export_ids');
    },
    async insertBatch(b) {
      const id = (await exec<{ id: number }>(INSERT_BATCH_SQL, batchParams(b))).rows[0]!.id;
      return (await exec<BatchHead>(DOCUMENT_NO_UPDATE, [id])).rows[0]!;
    },
    async finishBatch(id, rows, checksum) {
      await exec(FINISH_BATCH_SQL, [id, rows, checksum]);
    },
    async cursor(rows, cells, columns) {
      let query: string;
      if (rows.kind === 'mark') {
        // DECLARE CURSOR takes no data-modifying WITH: mark first (export_marked), then read those rows.
        await exec(CREATE_MARKED_TABLE);
        const marked = (await exec(markIntoTableSql(rows.scope, rows.batchId))).rowCount;
        if (marked === 0) return null;
        query = rowsSql({ kind: 'marked' }, cells);
      } else {
        query = rowsSql(rows, cells);
      }
      await exec(`DECLARE export_cursor NO SCROLL CURSOR FOR ${query}`);
      return (count) => fetchRows(`FETCH FORWARD ${intConst(count)} FROM export_cursor`, columns);
    },
  };
}

function kyselyStore(trx: Transaction<DB>): ExportStore {
  const plain = trx.withoutPlugins();
  const exec: SqlExec = async <R>(text: string, params: readonly unknown[] = []) => {
    const r = await plain.executeQuery<R>(CompiledQuery.raw(text, [...params]));
    return { rows: r.rows, rowCount: Number(r.numAffectedRows ?? r.rows.length) };
  };
  // Kysely answers objects: their cells read by keys made once, not a `c${i}` string per cell.
  const fetchRows: FetchRows = async (text, columns) => {
    const keys = cellKeys(columns);
    const rows = (await exec<Record<string, string | null>>(text)).rows;
    const out = new Array<Array<string | null>>(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      const cells = new Array<string | null>(keys.length);
      for (let i = 0; i < keys.length; i++) cells[i] = row[keys[i]!] ?? null;
      out[r] = cells;
    }
    return out;
  };
  const base = baseStore(exec, fetchRows);
  return {
    ...base,
    databaseWritesCsv: false,
    // The same SQL through a cursor in batches; the lines are written here.
    async csv(rows, cells, text, write) {
      const fetch = await base.cursor(rows, cells, text.columns);
      if (!fetch) return 0;
      let count = 0;
      for (;;) {
        const batch = await fetch(FETCH_ROWS);
        if (batch.length === 0) break;
        count += batch.length;
        let chunk = '';
        for (const row of batch) chunk += text.line(row, text.delimiter);
        await write(chunk);
        if (batch.length < FETCH_ROWS) break;
      }
      return count;
    },
  };
}

function pgStore(client: PoolClient): ExportStore {
  const exec: SqlExec = async <R>(text: string, params: readonly unknown[] = []) => {
    const r = await client.query(text, [...params]);
    return { rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length };
  };
  // node-postgres hands the rows over as arrays (rowMode 'array'): no object per row, no key lookups.
  const fetchRows: FetchRows = async (text) => (await client.query<Array<string | null>>({ text, rowMode: 'array' })).rows;
  return {
    ...baseStore(exec, fetchRows),
    databaseWritesCsv: true,
    // PostgreSQL writes the CSV itself (DESIGN §7); a marking runs its UPDATE inside COPY, one statement (decision 0050).
    async csv(rows, cells, text, write) {
      const query = rowsSql(rows, cells);
      const stream = client.query(copyTo(`COPY (${query}) TO STDOUT (FORMAT csv, DELIMITER '${text.delimiter === ';' ? ';' : ','}')`));
      const chunks = await pump(stream, write);
      return stream.rowCount ?? chunks;
    },
  };
}

/**
 * Copies a COPY OUT stream to `write` in batches, with backpressure. When `write` fails, the rest
 * of the stream is read and dropped (a COPY in progress must run to its end before the connection
 * can ROLLBACK; cancelling instead could race with the statements after it), then the failure is
 * thrown.
 */
function pump(stream: Readable, write: (chunk: Buffer) => Promise<void>): Promise<number> {
  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    let pending: Buffer[] = [];
    let size = 0;
    let rows = 0;
    const flush = () => {
      const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending, size);
      pending = [];
      size = 0;
      return write(chunk);
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

import type { Database, DbHandle } from '../../../db/database';
import { saveImportProgress } from '../../../db/queries/import';

/*
 * Issue 42 §5, decision 0499: how far a running import is (phase, rows done of total).
 * - PostgreSQL: in the import's record (import_run.progress_*), so that every instance of the app
 *   on the database sees it (docs/capacity.md). Written on a pool connection of its own — never
 *   the import's transaction, which holds the data until the end; a poll must not wait for it —
 *   at most every PROGRESS_WRITE_MS, plus a phase's first and last figures, one write at a time,
 *   never awaited inside the transaction (a pool of one would wait for itself).
 * - PGlite (one connection, one process): in this process's memory; the record's columns stay null.
 * The list of imports reads the memory first, then the record.
 */
export interface ImportProgress {
  phase: 'checking' | 'writing';
  done: number;
  total: number;
}

/** At most one progress write per import this often (PostgreSQL). */
export const PROGRESS_WRITE_MS = 500;

/** PGlite: the progress of this process's running imports. */
const progress = new Map<number, ImportProgress>();
/** Every import running in this process (either database): never "stale" while it runs. */
const here = new Set<number>();

export function progressOf(id: number): ImportProgress | null {
  return progress.get(id) ?? null;
}

export function runningIds(): number[] {
  return [...here];
}

export interface ProgressTracker {
  /** The latest figures; `force` writes them despite the throttle (a phase's first and last). */
  set(p: ImportProgress, force?: boolean): void;
  /** The import is over: waits for a write under way, forgets the import. */
  end(): Promise<void>;
}

export function trackProgress(dbh: Pick<DbHandle, 'kind'> & { db: Database }, id: number, everyMs = PROGRESS_WRITE_MS): ProgressTracker {
  here.add(id);
  if (dbh.kind === 'pglite') {
    return {
      set: (p) => void progress.set(id, p),
      end: () => {
        progress.delete(id);
        here.delete(id);
        return Promise.resolve();
      },
    };
  }
  let latest: ImportProgress | null = null;
  let written: ImportProgress | null = null;
  let lastWrite = 0;
  let urgent = false;
  let inFlight: Promise<void> | null = null;
  const pump = (): void => {
    if (inFlight || latest === null || latest === written) return;
    const p = latest;
    written = p;
    urgent = false;
    lastWrite = Date.now();
    // A failed write only loses a figure; the import goes on (the next write or the end says more).
    inFlight = saveImportProgress(dbh.db, id, p)
      .catch(() => undefined)
      .finally(() => {
        inFlight = null;
        if (urgent) pump();
      });
  };
  return {
    set(p, force = false) {
      latest = p;
      if (force) urgent = true;
      if (urgent || Date.now() - lastWrite >= everyMs) pump();
    },
    async end() {
      while (inFlight) await inFlight;
      here.delete(id);
    },
  };
}

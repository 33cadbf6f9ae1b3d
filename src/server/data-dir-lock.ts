import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * One process at a time on the embedded database: PGlite has no locking of its own, and two
 * processes writing the same data folder corrupt it (or the server keeps serving stale pages).
 * The server holds `DATA_DIR/webtid.lock` while it runs, the CLI while it works (decision 0082).
 *
 * A lock is live when its process runs (same host: the PID is checked) or, for a lock written on
 * another host or container (no PID to check), when its holder touched it in the last
 * HEARTBEAT_STALE_MS. Anything else is stale and taken over.
 */
export const LOCK_FILE = 'webtid.lock';
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_STALE_MS = 30_000;

export interface LockHolder {
  pid: number;
  host: string;
  role: string;
  since: string;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder ? `${holder.role} (PID ${holder.pid} on ${holder.host}, since ${holder.since})` : 'another process';
    super(`The embedded database in ${dataDir} is in use by ${who}. Stop it first, or use the server's web interface.`);
  }
}

export interface DataDirLock {
  release(): void;
}

const NO_LOCK: DataDirLock = { release() {} };
/** Lock files this process holds (our PID in a lock we do not hold is a previous life's). */
const held = new Set<string>();

function readHolder(file: string): { holder: LockHolder | null; text: string; mtimeMs: number } | null {
  try {
    const text = readFileSync(file, 'utf8');
    let holder: LockHolder | null = null;
    try {
      holder = JSON.parse(text) as LockHolder;
    } catch {
      // a half-written lock (its writer died mid-write): judged by age below
    }
    return { holder, text, mtimeMs: statMtime(file) };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

function statMtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function isLive(file: string, holder: LockHolder | null, mtimeMs: number): boolean {
  if (held.has(file)) return true;
  if (holder && holder.host === hostname()) {
    // Our own PID in an old lock: a restarted container where the server is PID 1 again.
    if (holder.pid === process.pid) return false;
    try {
      process.kill(holder.pid, 0);
      return true;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  return Date.now() - mtimeMs < HEARTBEAT_STALE_MS;
}

/**
 * Takes the data folder's lock, or throws DataDirBusyError (after waiting up to `waitMs` for a
 * live holder to let go). `dataDir` null or ':memory:' (PostgreSQL,
 * or an in-memory database) needs no lock. Released by `release()` and, as a last resort, at exit.
 */
export function lockDataDir(dataDir: string | null | undefined, role: string, opts: { waitMs?: number } = {}): DataDirLock {
  const deadline = Date.now() + (opts.waitMs ?? 0);
  for (;;) {
    try {
      return tryLock(dataDir, role);
    } catch (e) {
      if (!(e instanceof DataDirBusyError) || Date.now() >= deadline) throw e;
      // A restart overlaps with the old process's shutdown (npm run dev, systemd): give it a
      // moment. Blocking is fine here: nothing else runs before the server has its database.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
}

function tryLock(dataDir: string | null | undefined, role: string): DataDirLock {
  if (!dataDir || dataDir === ':memory:') return NO_LOCK;
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: hostname(), role, since: new Date().toISOString() };
  const mine = JSON.stringify(me) + '\n';
  // Written whole under a private name first, then linked into place: link() fails when the lock
  // exists, so two processes can never both create it, and nobody reads a half-written lock.
  const tmp = `${file}.${process.pid}.${Date.now()}`;
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, mine);
  } finally {
    closeSync(fd);
  }
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(tmp, file);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const seen = readHolder(file);
      if (!seen) {
        // released meanwhile: try again (bounded, in case others keep taking and releasing it)
        if (attempt >= 10) throw new DataDirBusyError(dir, null);
        continue;
      }
      if (attempt >= 3 || isLive(file, seen.holder, seen.mtimeMs)) throw new DataDirBusyError(dir, seen.holder);
      // Stale: move it aside atomically, and make sure it was the stale lock we judged, not a
      // fresh one another process put there in between.
      const aside = `${file}.stale.${process.pid}`;
      try {
        renameSync(file, aside);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw e;
      }
      const moved = readFileSync(aside, 'utf8');
      if (moved !== seen.text) {
        try {
          linkSync(aside, file);
        } catch {
          // someone else holds it now; either way it is not ours
        }
        unlinkSync(aside);
        throw new DataDirBusyError(dir, readHolder(file)?.holder ?? null);
      }
      unlinkSync(aside);
    }
  } finally {
    unlinkSync(tmp);
  }

  held.add(file);
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // the folder went away; nothing to keep alive
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(file);
    clearInterval(heartbeat);
    process.off('exit', release);
    try {
      if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return { release };
}

import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * DATA_DIR holds the embedded database, the generated app secret and the lock (issue 21 §4): only
 * the server's user may read it. The folder (and every folder in it) is 0700, its files 0600 —
 * made so when the folder is created, and corrected on every start for what an older version or
 * the embedded database's template copy left readable to others. Symbolic links are left alone.
 */
export function createDataDir(dataDir: string): string {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}

/** Tightens every folder (0700) and file (0600) under `dataDir`; answers how many it changed. */
export function secureDataDir(dataDir: string): number {
  const dir = createDataDir(dataDir);
  let changed = 0;
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isSymbolicLink()) continue;
      const want = entry.isDirectory() ? 0o700 : 0o600;
      if ((lstatSync(full).mode & 0o777) !== want) {
        chmodSync(full, want);
        changed++;
      }
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return changed;
}

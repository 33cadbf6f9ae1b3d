import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/*
 * Issue 42's budget: an import of 20 000 items with 2 units each may grow the server by 100 MB at
 * most. What it holds at once is small (the file's rows, the stored records, the report: ~30 MB),
 * but it makes a great deal of short-lived garbage, and V8 lets the old generation grow well past
 * the live data before it collects (measured: 170 MB growth; with --optimize-for-size 37 MB, at
 * twice the time). So a big import asks for a full collection itself: after parsing the file and
 * every 10 000 rows checked or written. Each one stops the process for ~70–340 ms (measured at load
 * 4–6 with ~60–75 MB live), so not more often: every 5 000 rows made the apply of both files
 * 6.2 → 13 s and grew it by 95 MB; every 10 000 rows, 6.2 s and 102 MB.
 * V8's `gc` is reached without starting Node with --expose-gc (the flag set at run time, the
 * function taken from a fresh context); where that fails the import runs as before.
 */
let gc: (() => void) | null | undefined;

function collector(): (() => void) | null {
  if (gc !== undefined) return gc;
  try {
    setFlagsFromString('--expose-gc');
    const found: unknown = runInNewContext('gc');
    gc = typeof found === 'function' ? (found as () => void) : null;
  } catch {
    gc = null;
  }
  return gc;
}

/** Rows (read or written) between two collections. */
export const COLLECT_EVERY = 10_000;

/** A full garbage collection now, if the runtime allows it. */
export function releaseGarbage(): void {
  collector()?.();
}

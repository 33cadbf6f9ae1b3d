/*
 * The client's half of paging (decision 0110): merging pages of day groups. Without zod, so the
 * worksheet home doesn't load it for this (decision 0172); src/shared/paging.ts re-exports it.
 */

/** Merges consecutive pages of day groups: a day split across pages becomes one group again. */
export function mergePages<T extends { date: string; timeFrom: string | null; id: number }>(
  pages: ReadonlyArray<{ groups: ReadonlyArray<{ key: string; worksheet: readonly T[] }> }>,
): Array<{ key: string; worksheet: T[] }> {
  const out: Array<{ key: string; worksheet: T[] }> = [];
  for (const page of pages) {
    for (const g of page.groups) {
      const last = out[out.length - 1];
      if (last && last.key === g.key) {
        last.worksheet = [...last.worksheet, ...g.worksheet].sort(byDayOrder);
      } else out.push({ key: g.key, worksheet: [...g.worksheet] });
    }
  }
  return out;
}

/** Within a day: by start time (entries without one last), then in the order they were entered. */
export function byDayOrder(a: { timeFrom: string | null; id: number }, b: { timeFrom: string | null; id: number }): number {
  if (a.timeFrom !== b.timeFrom) {
    if (a.timeFrom === null) return 1;
    if (b.timeFrom === null) return -1;
    return a.timeFrom < b.timeFrom ? -1 : 1;
  }
  return a.id - b.id;
}

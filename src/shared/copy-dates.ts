/*
 * Issue 22 §5: where a copied entry lands (zod-free, so the client can show the same dates).
 * A target date takes every copy; a target week puts each copy on its source's weekday of that
 * week (ISO 8601 weeks, Monday first).
 */

const DAY_MS = 86_400_000;
const utc = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);
const fmt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 0 = Monday … 6 = Sunday. */
export const weekdayIndex = (isoDate: string) => (new Date(utc(isoDate)).getUTCDay() + 6) % 7;

/** The Monday of the ISO week `YYYY-Www`, or of the week a `YYYY-MM-DD` date lies in; null if neither. */
export function mondayOf(week: string): string | null {
  const w = /^(\d{4})-W(\d{2})$/.exec(week);
  if (w) {
    const year = Number(w[1]);
    const n = Number(w[2]);
    if (n < 1 || n > 53) return null;
    const jan4 = Date.UTC(year, 0, 4);
    const week1 = jan4 - weekdayIndex(fmt(jan4)) * DAY_MS;
    const monday = week1 + (n - 1) * 7 * DAY_MS;
    // Week 53 exists only in years whose 28 December lies in it.
    if (n === 53 && fmt(monday + 3 * DAY_MS).slice(0, 4) !== String(year)) return null;
    return fmt(monday);
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(week) && !Number.isNaN(utc(week)) && fmt(utc(week)) === week) {
    return fmt(utc(week) - weekdayIndex(week) * DAY_MS);
  }
  return null;
}

/** The date a copy of an entry of `sourceDate` lands on. */
export function copyTargetDate(sourceDate: string, target: { toDate?: string | null; toWeek?: string | null }): string {
  if (target.toDate) return target.toDate;
  const monday = mondayOf(target.toWeek ?? '');
  if (monday === null) throw new Error('copyTargetDate: no target');
  return fmt(utc(monday) + weekdayIndex(sourceDate) * DAY_MS);
}

/**
 * The date "Copy to…" proposes for entries of `sourceDate` (issue 40 §5): the next day, but never a
 * Saturday or Sunday unless the source is one — then the Monday after.
 */
export function defaultCopyDate(sourceDate: string): string {
  const next = fmt(utc(sourceDate) + DAY_MS);
  if (weekdayIndex(sourceDate) >= 5) return next;
  const day = weekdayIndex(next);
  return day >= 5 ? fmt(utc(next) + (7 - day) * DAY_MS) : next;
}

/** ISO 8601 weeks ('2026-W48'): Monday to Sunday; week 1 holds the year's first Thursday. Pure, used by server and client. */

export const WEEK_PATTERN = /^(\d{4})-W(\d{2})$/;

const DAY_MS = 86_400_000;
const toIso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const fromIso = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** Monday (UTC ms) of ISO week 1 of `year`. */
function week1Monday(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const dow = (new Date(jan4).getUTCDay() + 6) % 7; // 0 = Monday
  return jan4 - dow * DAY_MS;
}

/** How many ISO weeks `year` has (52 or 53). */
export function weeksInYear(year: number): number {
  return Math.round((week1Monday(year + 1) - week1Monday(year)) / (7 * DAY_MS));
}

/** Whether `week` is a real ISO week in 1900–2999. */
export function isValidWeek(week: string): boolean {
  const m = WEEK_PATTERN.exec(week);
  if (!m) return false;
  const year = Number(m[1]);
  const n = Number(m[2]);
  return year >= 1900 && year <= 2999 && n >= 1 && n <= weeksInYear(year);
}

/** The seven dates ('YYYY-MM-DD') of a valid ISO week, Monday first. */
export function weekDays(week: string): string[] {
  const m = WEEK_PATTERN.exec(week);
  if (!m) throw new Error(`not a week: ${week}`);
  const monday = week1Monday(Number(m[1])) + (Number(m[2]) - 1) * 7 * DAY_MS;
  return Array.from({ length: 7 }, (_, i) => toIso(monday + i * DAY_MS));
}

/** The ISO week ('2026-W48') a date ('YYYY-MM-DD') falls in. */
export function weekOf(date: string): string {
  const ms = fromIso(date);
  const dow = (new Date(ms).getUTCDay() + 6) % 7;
  const thursday = new Date(ms + (3 - dow) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const n = Math.floor((thursday.getTime() - week1Monday(year)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(n).padStart(2, '0')}`;
}

/** The week `delta` weeks after `week` (negative: before). */
export function addWeeks(week: string, delta: number): string {
  const monday = weekDays(week)[0]!;
  return weekOf(toIso(fromIso(monday) + delta * 7 * DAY_MS));
}

/** The week number of a week ('2026-W48' → 48). */
export const weekNumber = (week: string) => Number(week.slice(6));

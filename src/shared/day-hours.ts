/*
 * Issue 40: "a day over 24 h in sum" is refused — by the week grid in place and by the server on
 * every write (decision 0470). One definition of which entries are hours, for both sides.
 */

/** A person's day has at most 24 hours. */
export const DAY_HOURS_MAX = 24;

/** Units of measure that are hours (the standard codes the lists pluralise as hours, unit-words.ts). */
export const HOUR_UNITS: readonly string[] = ['HOUR', 'HOURS', 'TIME', 'TIMER'];
const HOUR_UNIT_SET = new Set(HOUR_UNITS);
export const isHourUnit = (code: string) => HOUR_UNIT_SET.has(code.toUpperCase());

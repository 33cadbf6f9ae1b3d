import { DAY_HOURS_MAX } from '../../../shared/day-hours';
import { ERR } from '../../../shared/errors';
import { quantity } from '../../../shared/fields';
import { parseLocaleNumber } from '../../../shared/locale-number';
import { round2 } from '../../../shared/unit-sums';
import { minutesToTime, timeToMinutes } from '../../../shared/worksheet-rules';

/*
 * Issue 40 §4: the week grid's pure rules (decision 0420) — what a typed cell reads as, whether it
 * may be saved, and what saving it means (create, update, delete or nothing). No React, no calls:
 * tests/unit/week-grid-logic.test.ts holds them.
 */

/** A day has at most 24 hours (issue 40 "a day over 24 h in sum"): the grid's check, the server's too (decision 0470). */
export { DAY_HOURS_MAX, isHourUnit } from '../../../shared/day-hours';

/**
 * What a cell's text reads as: null = empty (a cleared cell), a number, or why not — `error` is a
 * catalogue token of the shared schemas (translateText renders it) or 'DAY_LIMIT' (the grid's own).
 */
export type CellRead = { ok: true; value: number | null } | { ok: false; error: string };

const other = (locale: string) => (locale.toLowerCase().startsWith('da') ? 'en' : 'da');

/**
 * Hours as a worker types them: "7,5" or "7.5" in either language (the user's locale first, so
 * Danish "1.500" stays 1500; a text the locale cannot read is tried in the other one, so a Dane's
 * "7.5" is 7,5), or "7:30" (hours and minutes → 7.5). The number is then checked with the shared
 * quantity schema (the server's own: not zero, not negative, at most 2 decimals), and an hours
 * row refuses more than 24 in one cell.
 */
export function readCell(text: string, locale: string, hours: boolean): CellRead {
  const s = text.trim();
  if (s === '') return { ok: true, value: null };
  let value: number;
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(s);
  if (clock) {
    value = round2(Number(clock[1]) + Number(clock[2]) / 60);
  } else {
    let read = parseLocaleNumber(s, locale);
    if (!read.ok && read.reason === 'invalid') read = parseLocaleNumber(s, other(locale));
    if (!read.ok) return { ok: false, error: read.reason === 'tooManyDecimals' ? ERR.tooManyDecimals : ERR.mustBeNumber };
    value = read.value;
  }
  const checked = quantity().safeParse(value);
  if (!checked.success) return { ok: false, error: checked.error.issues[0]?.message ?? ERR.mustBeNumber };
  if (hours && value > DAY_HOURS_MAX) return { ok: false, error: 'DAY_LIMIT' };
  return { ok: true, value };
}

/** What a cell holds now: its one entry (id, version, quantity), or nothing. */
export interface CellNow {
  id: number;
  version: number;
  quantity: number;
}

export type CellPlan = { kind: 'none' } | { kind: 'create'; quantity: number } | { kind: 'update'; id: number; version: number; quantity: number } | { kind: 'delete'; id: number };

/** Empty → create, changed → update, cleared → delete, the same number → nothing. */
export function planCell(now: CellNow | null, value: number | null): CellPlan {
  if (value === null) return now ? { kind: 'delete', id: now.id } : { kind: 'none' };
  if (!now) return { kind: 'create', quantity: value };
  if (Math.abs(now.quantity - value) < 0.005) return { kind: 'none' };
  return { kind: 'update', id: now.id, version: now.version, quantity: value };
}

/**
 * The day's hours after this cell's change: the other hour rows' sums of the day plus the new
 * value; over DAY_HOURS_MAX is refused in place.
 */
export function dayOverLimit(otherRowsHours: number, value: number | null): boolean {
  return round2(otherRowsHours + (value ?? 0)) > DAY_HOURS_MAX;
}

/** The text a stored quantity is shown as in a cell: "7,5" / "7.5" (no grouping, no trailing zeros). */
export function cellText(value: number, locale: string): string {
  if (value === 0) return '';
  const text = String(round2(value));
  return locale.toLowerCase().startsWith('da') ? text.replace('.', ',') : text;
}

/** Where a day's work starts when the grid writes the times of a new entry (time mode). */
export const GRID_DAY_START = '08:00';
const LAST_MINUTE = 23 * 60 + 45;

/**
 * Time mode (spec §4: a resource's hours are the span between two times): the grid writes the
 * times for the typed hours — a new entry from 08:00, an edited one from its own start — ending
 * the typed hours later; a span that would pass 23:45 starts earlier. Hours must be quarter hours
 * (the times' 15-minute steps). `error` is a catalogue token or 'DAY_LIMIT'.
 */
export function timesFor(hours: number, from: string | null): { timeFrom: string; timeTo: string } | { error: string } {
  const minutes = Math.round(hours * 60);
  if (Math.abs(hours * 4 - Math.round(hours * 4)) > 1e-6) return { error: ERR.timeStep };
  if (minutes > LAST_MINUTE) return { error: 'DAY_LIMIT' };
  let start = timeToMinutes(from) ?? (timeToMinutes(GRID_DAY_START) as number);
  start -= start % 15;
  if (start + minutes > LAST_MINUTE) start = LAST_MINUTE - minutes;
  return { timeFrom: minutesToTime(start), timeTo: minutesToTime(start + minutes) };
}

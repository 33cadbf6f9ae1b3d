import { plainDate } from '../lib/plain-dates';
/*
 * The entry form's picker searches answered from the offline copy (issue 14 §2), the same way the
 * server's …/search calls answer them (src/shared/schemas/search.ts): `q` matches the code or the
 * name anywhere, in any case; the record whose code is exactly `q` comes first, then key order;
 * at most `limit`. The copy holds active records only, in key order (offline.masterData).
 */

/** The IndexedDB key of one user's copy: the account and the user, so that no one reads another's. */
export function userKeyOf(info: { accountId: number; username: string }): string {
  return `${info.accountId}:${info.username.toLowerCase()}`;
}

export function searchRows<T>(rows: readonly T[], q: string, limit: number | undefined, code: (row: T) => string, text: (row: T) => string | null): T[] {
  const needle = q.trim().toLowerCase();
  const max = limit ?? Infinity;
  if (needle === '') return rows.slice(0, max);
  let exact: T | undefined;
  const rest: T[] = [];
  for (const row of rows) {
    const c = code(row).toLowerCase();
    if (exact === undefined && c === needle) exact = row;
    else if (c.includes(needle) || (text(row) ?? '').toLowerCase().includes(needle)) rest.push(row);
    // Enough matches and the exact one (if any) may still come: keep scanning only for it.
    if (rest.length >= max && exact !== undefined) break;
  }
  return (exact === undefined ? rest : [exact, ...rest]).slice(0, max);
}

/**
 * "14:02" when the copy is from today, else "21/11 14:02" (in the locale's own order): the age of
 * the offline master data shown on the entry form.
 */
const TIME = { hour: '2-digit', minute: '2-digit' } as const;
const DAY = { day: 'numeric', month: 'numeric' } as const;

export function formatCopyTime(savedAt: number, now: number, locale: string): string {
  const saved = new Date(savedAt);
  const time = plainDate(saved, TIME, locale) ?? new Intl.DateTimeFormat(locale, TIME).format(saved);
  if (saved.toDateString() === new Date(now).toDateString()) return time;
  const day = plainDate(saved, DAY, locale) ?? new Intl.DateTimeFormat(locale, DAY).format(saved);
  return `${day} ${time}`;
}

/** How often the open app refreshes the copy, and how young a copy may be to skip the refresh on start. */
export const REFRESH_EVERY_MS = 15 * 60_000;
export const FRESH_ON_START_MS = 60_000;

/** Whether the copy should be refreshed now (online): none yet, or older than the limit that applies. */
export function refreshDue(savedAt: number | null, now: number, firstThisLoad: boolean): boolean {
  if (savedAt === null) return true;
  return now - savedAt >= (firstThisLoad ? FRESH_ON_START_MS : REFRESH_EVERY_MS);
}

/** A failed write because the browser's storage quota is used up (IndexedDB reports it by name). */
export function isQuotaError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && (error as { name: unknown }).name === 'QuotaExceededError';
}

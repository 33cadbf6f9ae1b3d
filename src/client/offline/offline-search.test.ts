import { describe, expect, it } from 'vitest';
import { FRESH_ON_START_MS, formatCopyTime, isQuotaError, refreshDue, REFRESH_EVERY_MS, searchRows, userKeyOf } from './offline-search';

const rows = [
  { no: 'AC1', name: 'Contains C1' },
  { no: 'C1', name: 'Exact' },
  { no: 'C2', name: 'Other' },
  { no: 'X9', name: null },
];
const find = (q: string, limit?: number) =>
  searchRows(
    rows,
    q,
    limit,
    (r) => r.no,
    (r) => r.name,
  ).map((r) => r.no);

describe('searchRows (the pickers offline)', () => {
  it('matches code or name anywhere, any case, in key order', () => {
    expect(find('other')).toEqual(['C2']);
    expect(find('c')).toEqual(['AC1', 'C1', 'C2']);
    expect(find('  ')).toEqual(['AC1', 'C1', 'C2', 'X9']);
  });
  it('puts the exact code first, so that limit 1 finds a known code', () => {
    expect(find('c1')).toEqual(['C1', 'AC1']);
    expect(find('C1', 1)).toEqual(['C1']);
  });
  it('answers at most limit', () => {
    expect(find('', 2)).toEqual(['AC1', 'C1']);
    expect(find('c', 2)).toEqual(['AC1', 'C1']);
  });
});

describe('userKeyOf', () => {
  it('keys by account and user, case-insensitively', () => {
    expect(userKeyOf({ accountId: 7, username: 'Anna' })).toBe('7:anna');
    expect(userKeyOf({ accountId: 8, username: 'anna' })).not.toBe(userKeyOf({ accountId: 7, username: 'anna' }));
  });
});

describe('formatCopyTime', () => {
  const at = new Date(2026, 10, 23, 14, 2).getTime();
  it('shows the time for a copy from today, date and time for an older one', () => {
    expect(formatCopyTime(at, at + 3_600_000, 'en-GB')).toBe('14:02');
    expect(formatCopyTime(at, at + 86_400_000, 'en-GB')).toBe('23/11 14:02');
    expect(formatCopyTime(at, at + 86_400_000, 'da-DK')).toBe('23.11 14.02');
  });
});

describe('refreshDue', () => {
  const now = 10_000_000;
  it('refreshes a missing copy, on start one older than a minute, later every 15 minutes', () => {
    expect(refreshDue(null, now, false)).toBe(true);
    expect(refreshDue(now - FRESH_ON_START_MS + 1, now, true)).toBe(false);
    expect(refreshDue(now - FRESH_ON_START_MS, now, true)).toBe(true);
    expect(refreshDue(now - 5 * 60_000, now, false)).toBe(false);
    expect(refreshDue(now - REFRESH_EVERY_MS, now, false)).toBe(true);
  });
});

describe('isQuotaError', () => {
  it('recognises the quota error by name', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(new Error('x'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});

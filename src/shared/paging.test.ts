import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, mergePages } from './paging';

describe('cursor', () => {
  it('round-trips a position and is URL-safe', () => {
    const c = encodeCursor({ date: '2026-11-20', id: 123456 });
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c)).toEqual({ date: '2026-11-20', id: 123456 });
  });
  it.each([
    ['', 'empty'],
    ['abc', 'not base64 of a cursor'],
    [btoa('w1:2026-02-29:1'), 'no such day'],
    [btoa('w1:2026-11-20:0'), 'id 0'],
    [btoa('w1:2026-11-20:2147483648'), 'id above int4'],
    [btoa('w9:2026-11-20:1'), 'another version'],
    [btoa('w1:2026-11-20:1;DROP'), 'trailing text'],
  ])('rejects %s (%s)', (text) => {
    expect(decodeCursor(text)).toBeNull();
  });
});

describe('mergePages', () => {
  const r = (id: number, date: string, timeFrom: string | null) => ({ id, date, timeFrom });
  it('joins a day split across pages and orders it by start time, then id', () => {
    const merged = mergePages([
      {
        groups: [
          { key: '2026-11-21', worksheet: [r(9, '2026-11-21', '08:00')] },
          { key: '2026-11-20', worksheet: [r(8, '2026-11-20', null), r(7, '2026-11-20', '10:00')] },
        ],
      },
      {
        groups: [
          { key: '2026-11-20', worksheet: [r(6, '2026-11-20', '07:00'), r(5, '2026-11-20', null)] },
          { key: '2026-11-19', worksheet: [r(4, '2026-11-19', null)] },
        ],
      },
    ]);
    expect(merged.map((g) => g.key)).toEqual(['2026-11-21', '2026-11-20', '2026-11-19']);
    expect(merged[1]!.worksheet.map((x) => x.id)).toEqual([6, 7, 5, 8]);
  });
});

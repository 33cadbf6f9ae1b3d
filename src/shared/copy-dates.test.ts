import { describe, expect, it } from 'vitest';
import { copyTargetDate, defaultCopyDate, mondayOf, weekdayIndex } from './copy-dates';

describe('copy dates (issue 22 §5)', () => {
  it('weekday index: Monday 0 … Sunday 6', () => {
    expect(weekdayIndex('2026-11-23')).toBe(0);
    expect(weekdayIndex('2026-11-29')).toBe(6);
  });

  it('the Monday of an ISO week, or of the week of a date', () => {
    expect(mondayOf('2026-W48')).toBe('2026-11-23');
    expect(mondayOf('2026-W01')).toBe('2025-12-29');
    expect(mondayOf('2020-W53')).toBe('2020-12-28');
    expect(mondayOf('2026-W53')).toBe('2026-12-28');
    expect(mondayOf('2025-W53')).toBeNull();
    expect(mondayOf('2026-W00')).toBeNull();
    expect(mondayOf('2026-11-26')).toBe('2026-11-23');
    expect(mondayOf('2026-02-30')).toBeNull();
    expect(mondayOf('next week')).toBeNull();
  });

  it('a copy lands on the date, or on its weekday of the target week', () => {
    expect(copyTargetDate('2026-11-18', { toDate: '2026-12-01' })).toBe('2026-12-01');
    expect(copyTargetDate('2026-11-18', { toWeek: '2026-W50' })).toBe('2026-12-09');
    expect(copyTargetDate('2026-11-22', { toWeek: '2026-12-07' })).toBe('2026-12-13');
  });
});

describe('defaultCopyDate (issue 40 §5)', () => {
  it('the next day, but a Friday goes to Monday; a Saturday or Sunday source keeps the next day', () => {
    expect(defaultCopyDate('2026-11-23')).toBe('2026-11-24'); // Monday → Tuesday
    expect(defaultCopyDate('2026-11-27')).toBe('2026-11-30'); // Friday → Monday
    expect(defaultCopyDate('2026-11-28')).toBe('2026-11-29'); // Saturday → Sunday
    expect(defaultCopyDate('2026-11-29')).toBe('2026-11-30'); // Sunday → Monday
  });
});

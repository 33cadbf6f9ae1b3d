import { describe, expect, it } from 'vitest';
import { addWeeks, isValidWeek, weekDays, weekOf, weeksInYear } from './week';

describe('ISO weeks', () => {
  it('knows the days of a week', () => {
    expect(weekDays('2026-W48')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(weekDays('2026-W01')[0]).toBe('2025-12-29');
    expect(weekDays('2020-W53')[6]).toBe('2021-01-03');
  });
  it('finds the week of a date', () => {
    expect(weekOf('2026-11-26')).toBe('2026-W48');
    expect(weekOf('2021-01-03')).toBe('2020-W53');
    expect(weekOf('2025-12-29')).toBe('2026-W01');
  });
  it('steps across years', () => {
    expect(addWeeks('2026-W01', -1)).toBe('2025-W52');
    expect(addWeeks('2020-W53', 1)).toBe('2021-W01');
  });
  it('validates', () => {
    expect(weeksInYear(2020)).toBe(53);
    expect(weeksInYear(2026)).toBe(53);
    expect(weeksInYear(2025)).toBe(52);
    expect(isValidWeek('2025-W53')).toBe(false);
    expect(isValidWeek('2026-W00')).toBe(false);
    expect(isValidWeek('2026-48')).toBe(false);
    expect(isValidWeek('1899-W10')).toBe(false);
    expect(isValidWeek('2026-W48')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { ERR } from '../../../shared/errors';
import { cellText, dayOverLimit, isHourUnit, planCell, readCell, timesFor } from './week-grid-logic';

describe('readCell (issue 40 §4: hours as a worker types them)', () => {
  it.each([
    ['7,5', 'da', 7.5],
    ['7.5', 'da', 7.5], // a Dane's point: "7.5" cannot be a thousands group
    ['7,5', 'en', 7.5],
    ['7.5', 'en', 7.5],
    ['7:30', 'da', 7.5],
    ['7:30', 'en', 7.5],
    ['0:15', 'en', 0.25],
    ['8', 'da', 8],
    [' 12,25 ', 'da', 12.25],
    ['7:20', 'en', 7.33],
  ])('%s (%s) reads as %d', (text, locale, value) => {
    expect(readCell(text, locale, true)).toEqual({ ok: true, value });
  });

  it('an empty cell is a cleared one', () => {
    expect(readCell('', 'da', true)).toEqual({ ok: true, value: null });
    expect(readCell('   ', 'en', true)).toEqual({ ok: true, value: null });
  });

  it('refuses what the shared quantity schema refuses, with its tokens', () => {
    expect(readCell('abc', 'en', true)).toEqual({ ok: false, error: ERR.mustBeNumber });
    expect(readCell('7,555', 'da', true)).toEqual({ ok: false, error: ERR.tooManyDecimals });
    expect(readCell('0', 'da', true)).toEqual({ ok: false, error: ERR.quantityZero });
    const negative = readCell('-1', 'da', true);
    expect(negative.ok).toBe(false);
    expect(!negative.ok && negative.error).toMatch(/TOO_LOW/);
    expect(readCell('7:75', 'da', true)).toEqual({ ok: false, error: ERR.mustBeNumber });
  });

  it('25 hours in one cell is over the day; 25 boxes are not', () => {
    expect(readCell('25', 'da', true)).toEqual({ ok: false, error: 'DAY_LIMIT' });
    expect(readCell('24', 'da', true)).toEqual({ ok: true, value: 24 });
    expect(readCell('25', 'da', false)).toEqual({ ok: true, value: 25 });
  });

  it('Danish "1.500" stays 1500 (the locale first)', () => {
    expect(readCell('1.500', 'da', false)).toEqual({ ok: true, value: 1500 });
  });
});

describe('planCell: empty → create, changed → update, cleared → delete', () => {
  const now = { id: 7, version: 3, quantity: 7.5 };
  it('plans each case', () => {
    expect(planCell(null, 7.5)).toEqual({ kind: 'create', quantity: 7.5 });
    expect(planCell(now, 8)).toEqual({ kind: 'update', id: 7, version: 3, quantity: 8 });
    expect(planCell(now, null)).toEqual({ kind: 'delete', id: 7 });
    expect(planCell(now, 7.5)).toEqual({ kind: 'none' });
    expect(planCell(null, null)).toEqual({ kind: 'none' });
  });
});

describe('the day limit and the shown text', () => {
  it('a day of more than 24 hours in sum is over', () => {
    expect(dayOverLimit(16, 8)).toBe(false);
    expect(dayOverLimit(16, 8.25)).toBe(true);
    expect(dayOverLimit(30, null)).toBe(true);
  });
  it('knows the hour units', () => {
    expect(isHourUnit('HOUR')).toBe(true);
    expect(isHourUnit('time')).toBe(true);
    expect(isHourUnit('BOX')).toBe(false);
  });
  it('shows a stored quantity in the locale', () => {
    expect(cellText(7.5, 'da')).toBe('7,5');
    expect(cellText(7.5, 'en')).toBe('7.5');
    expect(cellText(8, 'da')).toBe('8');
  });
});

describe('timesFor: time mode writes the times for the typed hours', () => {
  it('a new entry from 08:00, an edited one from its own start', () => {
    expect(timesFor(7.5, null)).toEqual({ timeFrom: '08:00', timeTo: '15:30' });
    expect(timesFor(2, '13:00')).toEqual({ timeFrom: '13:00', timeTo: '15:00' });
  });
  it('starts earlier rather than pass 23:45; refuses what no day holds and what is no quarter hour', () => {
    expect(timesFor(20, null)).toEqual({ timeFrom: '03:45', timeTo: '23:45' });
    expect(timesFor(24, null)).toEqual({ error: 'DAY_LIMIT' });
    expect(timesFor(7.3, null)).toEqual({ error: ERR.timeStep });
  });
});

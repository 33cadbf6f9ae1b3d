import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLocaleNumber, parseLocaleNumber } from './locale-number';

const value = (text: string, locale: string) => {
  const r = parseLocaleNumber(text, locale);
  return r.ok ? r.value : r.reason;
};

describe('parseLocaleNumber, Danish', () => {
  it.each([
    ['1.500', 1500],
    ['1.234,5', 1234.5],
    ['12,5', 12.5],
    ['12,50', 12.5],
    ['-3,25', -3.25],
    [',5', 0.5],
    ['7', 7],
    ['7,', 7],
    ['1.234.567,89', 1234567.89],
    [' 1 500 ', 1500],
    ['99.999.999,99', 99999999.99],
  ])('%j = %d', (text, expected) => {
    expect(value(text, 'da')).toBe(expected);
  });

  it.each([
    ['12.5', 'invalid'],
    ['1.50', 'invalid'],
    ['1,2,3', 'invalid'],
    ['abc', 'invalid'],
    ['-', 'invalid'],
    [',', 'invalid'],
    ['1-', 'invalid'],
    ['--1', 'invalid'],
    ['1e3', 'invalid'],
    ['12,345', 'tooManyDecimals'],
    ['', 'empty'],
    ['   ', 'empty'],
  ])('%j is %s', (text, reason) => {
    expect(value(text, 'da')).toBe(reason);
  });
});

describe('parseLocaleNumber, English', () => {
  it.each([
    ['1,500', 1500],
    ['12.5', 12.5],
    ['1,234.5', 1234.5],
    ['12,5', 12.5],
    ['12,50', 12.5],
    ['-0,25', -0.25],
    ['-3.25', -3.25],
    ['.5', 0.5],
    ['7.', 7],
    ['99,999,999.99', 99999999.99],
  ])('%j = %d', (text, expected) => {
    expect(value(text, 'en')).toBe(expected);
  });

  it.each([
    ['1.500,5', 'invalid'],
    ['1,50,0', 'invalid'],
    ['12,5000', 'invalid'],
    ['x12', 'invalid'],
    ['12.345', 'tooManyDecimals'],
    ['', 'empty'],
  ])('%j is %s', (text, reason) => {
    expect(value(text, 'en')).toBe(reason);
  });
});

describe('format and parse agree (property)', () => {
  const cents = fc.integer({ min: -9_999_999_999, max: 9_999_999_999 });
  for (const locale of ['da', 'en']) {
    it(`${locale}: every 2-decimal number reads back as itself`, () => {
      fc.assert(
        fc.property(cents, (c) => {
          const n = c / 100;
          expect(value(formatLocaleNumber(n, locale), locale)).toBe(n === 0 ? 0 : n);
        }),
      );
    });
  }

  it('Danish shows a decimal comma and point groups; English the reverse', () => {
    expect(formatLocaleNumber(1234.5, 'da')).toBe('1.234,50');
    expect(formatLocaleNumber(1234.5, 'en')).toBe('1,234.50');
  });

  it('never throws and only ever yields a finite number with at most 2 decimals (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('da', 'en'), (text, locale) => {
        const r = parseLocaleNumber(text, locale);
        if (r.ok) {
          expect(Number.isFinite(r.value)).toBe(true);
          expect(Math.abs(Math.round(r.value * 100) - r.value * 100)).toBeLessThan(1e-6);
        }
      }),
    );
  });
});

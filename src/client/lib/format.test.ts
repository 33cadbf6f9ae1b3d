import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../shared/paraglide/runtime.js';
import { formatDate, formatNumber, intlLocale, plainDecimal } from './format';

afterEach(() => {
  void setLocale('en', { reload: false });
});

describe('formatDate', () => {
  it('English is day first (en-GB), not US month first', () => {
    expect(intlLocale('en')).toBe('en-GB');
    expect(formatDate('2026-11-22', { dateStyle: 'short' })).toBe('22/11/2026');
    expect(formatDate('2026-11-02')).toBe('2 Nov 2026');
  });

  it('Danish stays da-DK with a decimal comma', () => {
    void setLocale('da', { reload: false });
    expect(intlLocale()).toBe('da-DK');
    expect(formatDate('2026-11-22', { dateStyle: 'short' })).toBe('22.11.2026');
    expect(formatNumber(1234.5, { minimumFractionDigits: 2 })).toBe('1.234,50');
  });
});

describe('kept formatters', () => {
  it('one per locale and options: switching the language switches the format', () => {
    expect(formatNumber(1234.5, { minimumFractionDigits: 2 })).toBe('1,234.50');
    void setLocale('da', { reload: false });
    expect(formatNumber(1234.5, { minimumFractionDigits: 2 })).toBe('1.234,50');
    expect(formatDate('2026-11-24', { weekday: 'short' })).toBe('tirs.');
    void setLocale('en', { reload: false });
    expect(formatNumber(1234.5, { minimumFractionDigits: 2 })).toBe('1,234.50');
    expect(formatDate('2026-11-24', { weekday: 'short' })).toBe('Tue');
    expect(formatNumber(2, { maximumFractionDigits: 0 })).toBe('2');
  });
});

describe('plainDecimal (numbers without Intl.NumberFormat, issue 43 §1)', () => {
  const optionSets: (Intl.NumberFormatOptions | undefined)[] = [
    undefined,
    { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    { minimumFractionDigits: 2 },
    { maximumFractionDigits: 0 },
    { minimumFractionDigits: 1, maximumFractionDigits: 4 },
  ];
  // Whole numbers, quarter hours, the halves ICU rounds away from zero, carries (9.995), big and tiny values.
  const values = [0, -0, 1, -1, 7.5, 0.25, 999, 1000, 1234.5, -1234.5, 9.995, 99.995, 0.005, 1.005, 2.675, 0.0005, 123456789.125, 1e15, 2e-7, 0.1 + 0.2];
  let seed = 42;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  for (let i = 0; i < 3000; i++) values.push(Math.round(random() * 10 ** (i % 9)) / 10 ** (i % 5), random() * 10 ** (i % 12));

  for (const locale of ['en-GB', 'da-DK']) {
    it(`writes what Intl.NumberFormat writes in ${locale}`, () => {
      for (const options of optionSets) {
        const intl = new Intl.NumberFormat(locale, options);
        for (const v of values) {
          const own = plainDecimal(v, options, locale);
          if (own !== null) expect(`${v} ${JSON.stringify(options)} → ${own}`).toBe(`${v} ${JSON.stringify(options)} → ${intl.format(v)}`);
        }
      }
    });
  }

  it('leaves other options and locales to Intl', () => {
    expect(plainDecimal(0.5, { style: 'percent' }, 'en-GB')).toBeNull();
    expect(plainDecimal(1, undefined, 'de-DE')).toBeNull();
    expect(plainDecimal(1e21, undefined, 'en-GB')).toBeNull();
    expect(plainDecimal(Number.NaN, undefined, 'en-GB')).toBeNull();
    expect(formatNumber(0.5, { style: 'percent' })).toBe('50%');
  });
});

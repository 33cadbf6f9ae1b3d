import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../shared/paraglide/runtime.js';
import { formatDate, formatNumber, intlLocale } from './format';

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

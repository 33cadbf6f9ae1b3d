import { getLocale } from '../../shared/paraglide/runtime.js';
import { plainDecimal } from '../../shared/plain-decimal';
import { plainDate, plainDateRange } from './plain-dates';

export { plainDecimal };

/**
 * The Intl locale for the active UI language. English means en-GB, not en-US: the users are in
 * Denmark and read dates day first (issue 10 §5); Danish is da-DK.
 */
export function intlLocale(locale: string = getLocale()): string {
  return locale.toLowerCase().startsWith('da') ? 'da-DK' : 'en-GB';
}

/*
 * One formatter per locale and options, kept: creating an Intl formatter costs far more than
 * formatting with it (the week view formats ~100 cells; at 4× CPU slowdown a new DateTimeFormat
 * per cell was 70 ms of its first render, decision 0256). The options are plain literals.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(options?: Intl.NumberFormatOptions, locale: string = intlLocale()): Intl.NumberFormat {
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

export function dateFormat(options: Intl.DateTimeFormatOptions, locale: string = intlLocale()): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

/*
 * The browser's first Intl.NumberFormat or DateTimeFormat loads ICU's data: 170–400 ms at 4× CPU
 * slowdown in Chromium 156, one long task of the phone's home page (issue 43 §1), against 2–40 ms
 * for the first PluralRules. The numbers and dates the app shows are plain decimals and a dozen date
 * patterns in two locales, so `formatNumber`, `formatDate` and `formatDateRange` write them
 * themselves (`plainDecimal`, `plainDate`) and make an Intl formatter only for other options (a
 * percent, a time). format.test.ts and plain-dates.test.ts compare both ways value by value.
 */

/** Dates and numbers in the active locale (Danish: decimal comma, dd.mm.yyyy; English: dd/mm/yyyy). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  const locale = intlLocale();
  return plainDecimal(value, options, locale) ?? numberFormat(options, locale).format(value);
}

/** Accepts a Date or an ISO date (YYYY-MM-DD, read as a calendar day, not as UTC midnight). */
export function formatDate(value: Date | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return plainDate(date, options, intlLocale()) ?? dateFormat(options).format(date);
}

/** "1–30 Nov" / "1.–30. nov.": two ISO dates as one range, as Intl's formatRange writes it. */
export function formatDateRange(from: string, to: string, options: Intl.DateTimeFormatOptions): string {
  const a = new Date(`${from}T00:00:00`);
  const b = new Date(`${to}T00:00:00`);
  const plain = plainDateRange(a, b, options, intlLocale());
  if (plain !== null) return plain;
  try {
    return dateFormat(options).formatRange(a, b);
  } catch {
    return `${formatDate(from, options)}–${formatDate(to, options)}`;
  }
}

export function formatDateTime(value: Date | string): string {
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
}

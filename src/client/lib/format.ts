import { getLocale } from '../../shared/paraglide/runtime.js';

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

/**
 * The browser's first Intl formatter loads its locale data: ~47 ms for a NumberFormat and ~8 ms
 * for a DateTimeFormat at 4× CPU slowdown, measured inside the render that delivered the home page's
 * data (one long task of ~290 ms on a phone, issue 25 §4). Made here instead, each in a task of its
 * own while the first calls are on their way.
 */
export function warmFormats(): void {
  setTimeout(() => {
    numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
    setTimeout(() => dateFormat({ dateStyle: 'medium' }), 0);
  }, 0);
}

/** Dates and numbers in the active locale (Danish: decimal comma, dd.mm.yyyy; English: dd/mm/yyyy). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(options).format(value);
}

/** Accepts a Date or an ISO date (YYYY-MM-DD, read as a calendar day, not as UTC midnight). */
export function formatDate(value: Date | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return dateFormat(options).format(date);
}

export function formatDateTime(value: Date | string): string {
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
}

import { getLocale } from '../../shared/paraglide/runtime.js';

/**
 * The Intl locale for the active UI language. English means en-GB, not en-US: the users are in
 * Denmark and read dates day first (issue 10 §5); Danish is da-DK.
 */
export function intlLocale(locale: string = getLocale()): string {
  return locale.toLowerCase().startsWith('da') ? 'da-DK' : 'en-GB';
}

/** Dates and numbers in the active locale (Danish: decimal comma, dd.mm.yyyy; English: dd/mm/yyyy). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(), options).format(value);
}

/** Accepts a Date or an ISO date (YYYY-MM-DD, read as a calendar day, not as UTC midnight). */
export function formatDate(value: Date | string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return new Intl.DateTimeFormat(intlLocale(), options).format(date);
}

export function formatDateTime(value: Date | string): string {
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
}

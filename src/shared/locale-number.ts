import { plainDecimal } from './plain-decimal';

/**
 * Spec §5 / issue 10 §5: a number typed in the user's locale. Danish writes `1.234,5` (point groups
 * thousands, comma is the decimal mark); English writes `1,234.5`. Reading Danish text with the
 * English rules turned `1.500` into 1.5, so the reader must know the locale.
 *
 * Rules, both locales: optional leading minus, digits with optional thousands groups (each group
 * exactly 3 digits), optional decimal mark with at most 2 decimals. Spaces (also no-break spaces,
 * which Intl uses as a group mark in some locales) are ignored. English additionally accepts a lone
 * comma followed by 1–2 decimals as the decimal mark (`12,5` = 12.5), because the spec says a comma
 * becomes a point for an English user; `1,500` (3 digits) stays a thousands group.
 */

export type LocaleNumberResult = { ok: true; value: number } | { ok: false; reason: 'empty' | 'invalid' | 'tooManyDecimals' };

export const MAX_DECIMALS = 2;

interface Marks {
  group: string;
  decimal: string;
}

/** Danish for any `da…` tag; English (and anything else) otherwise. */
function marksOf(locale: string): Marks {
  return locale.toLowerCase().startsWith('da') ? { group: '.', decimal: ',' } : { group: ',', decimal: '.' };
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function numberPattern({ group, decimal }: Marks): RegExp {
  // Integer part: plain digits, or 1–3 digits followed by groups of exactly 3; may be empty when a
  // decimal part follows (",5"). The decimal part keeps every digit so "too many" can be told apart.
  return new RegExp(`^(-?)(\\d+|\\d{1,3}(?:${esc(group)}\\d{3})+)?(?:${esc(decimal)}(\\d*))?$`);
}

export function parseLocaleNumber(text: string, locale: string): LocaleNumberResult {
  const s = text.replace(/[\s\u00a0\u202f]/g, '').replace(/\u2212/g, '-');
  if (s === '') return { ok: false, reason: 'empty' };
  const marks = marksOf(locale);
  let match = numberPattern(marks).exec(s);
  // English: "12,5" / "-0,25" — a single comma with at most 2 decimals is a decimal comma.
  if (!match && marks.decimal === '.') {
    const lone = /^(-?)(\d*),(\d{1,2})$/.exec(s);
    if (lone) match = lone;
  }
  if (!match) return { ok: false, reason: 'invalid' };
  const [, sign = '', intPart = '', decimals = ''] = match;
  if (intPart === '' && decimals === '') return { ok: false, reason: 'invalid' };
  if (decimals.length > MAX_DECIMALS) return { ok: false, reason: 'tooManyDecimals' };
  const digits = intPart.split(marks.group).join('');
  const value = Number(`${sign}${digits === '' ? '0' : digits}.${decimals === '' ? '0' : decimals}`);
  if (!Number.isFinite(value)) return { ok: false, reason: 'invalid' };
  // -0 reads as 0 (it is a zero quantity either way).
  return { ok: true, value: value === 0 ? 0 : value };
}

/** How a quantity is shown in an input: grouped, always 2 decimals, in the locale's marks. */
export function formatLocaleNumber(value: number, locale: string): string {
  const tag = locale.toLowerCase().startsWith('da') ? 'da-DK' : 'en-GB';
  const options = { minimumFractionDigits: MAX_DECIMALS, maximumFractionDigits: MAX_DECIMALS };
  return plainDecimal(value, options, tag) ?? new Intl.NumberFormat(tag, options).format(value);
}

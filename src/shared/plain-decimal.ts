/*
 * Numbers in en-GB and da-DK written without Intl.NumberFormat (issue 43 §1): a phone's first
 * Intl.NumberFormat loads ICU's number data, one task of 170–400 ms at 4× CPU slowdown in Chromium
 * 156. The app's numbers are plain decimals in two locales; src/client/lib/format.test.ts compares
 * this with Intl over thousands of values.
 */

/** The separators of the two UI locales: en-GB 1,234.5 · da-DK 1.234,5. */
const SEPARATORS: Record<string, { group: string; decimal: string }> = { 'en-GB': { group: ',', decimal: '.' }, 'da-DK': { group: '.', decimal: ',' } };

/**
 * `value` as Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits }) writes it
 * for en-GB and da-DK (grouping by thousands, half away from zero on the decimal digits of the
 * shortest representation, as ICU rounds), or null where it would not be sure (another locale or
 * option, exponent notation, not finite).
 */
export function plainDecimal(value: number, options: Intl.NumberFormatOptions | undefined, locale: string): string | null {
  const sep = SEPARATORS[locale];
  if (!sep || !Number.isFinite(value)) return null;
  const { minimumFractionDigits, maximumFractionDigits, ...rest } = options ?? {};
  if (Object.keys(rest).length > 0) return null;
  const minFd = minimumFractionDigits ?? 0;
  const maxFd = maximumFractionDigits ?? Math.max(minFd, 3);
  if (minFd > maxFd || maxFd > 20) return null;
  const text = String(Math.abs(value));
  if (text.includes('e')) return null;
  const dot = text.indexOf('.');
  let int = dot < 0 ? text : text.slice(0, dot);
  let frac = dot < 0 ? '' : text.slice(dot + 1);
  if (frac.length > maxFd) {
    const up = frac.charCodeAt(maxFd) >= 53; // '5'
    frac = frac.slice(0, maxFd);
    if (up) {
      // Add one in the last kept place, carrying into the integer part.
      const digits = (int + frac).split('');
      let i = digits.length - 1;
      while (i >= 0 && digits[i] === '9') digits[i--] = '0';
      if (i < 0) digits.unshift('1');
      else digits[i] = String(Number(digits[i]) + 1);
      const all = digits.join('');
      int = all.slice(0, all.length - frac.length);
      frac = all.slice(all.length - frac.length);
    }
  }
  frac = frac.replace(/0+$/, '');
  while (frac.length < minFd) frac += '0';
  let grouped = '';
  for (let i = int.length; i > 0; i -= 3) grouped = (i > 3 ? sep.group : '') + int.slice(Math.max(0, i - 3), i) + grouped;
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}${grouped}${frac ? sep.decimal + frac : ''}`;
}

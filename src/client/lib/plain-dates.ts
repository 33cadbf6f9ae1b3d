/*
 * Dates in en-GB and da-DK written without Intl.DateTimeFormat, for the option sets the app uses
 * (issue 43 §1): a phone's first Intl.DateTimeFormat or NumberFormat loads ICU's data, one task of
 * 170–400 ms at 4× CPU slowdown on the home page. Each pattern is what Chromium's and Node's ICU 78
 * write for those options; plain-dates.test.ts compares every day of two years with Intl. Other
 * options (seconds, time zones, eras) return null and go to Intl (lib/format.ts).
 *
 * Tokens: d day · dd two-digit day · M month number · MM two-digit month · MMM short month ·
 * MMMM month · EEE short weekday · EEEE weekday · y year · HH hour (24) · mm minute; text in '' is literal.
 */

interface LocaleWords {
  months: readonly string[];
  shortMonths: readonly string[];
  weekdays: readonly string[];
  shortWeekdays: readonly string[];
  patterns: Record<string, string>;
  /** The range of day + short month (+ year) by what the two ends share (Intl's formatRange). */
  range: { sameMonth: string; sameYear: string; separator: string };
}

const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DA_MONTHS = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december'];

/** Option sets by a key of their fields (see `keyOf`). */
const WORDS: Record<string, LocaleWords> = {
  'en-GB': {
    months: EN_MONTHS,
    shortMonths: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    shortWeekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    patterns: {
      medium: 'd MMM y',
      full: 'EEEE, d MMMM y',
      short: 'dd/MM/y',
      long: 'd MMMM y',
      'd-ML-y-wL': 'EEEE, d MMMM y',
      'd-ML-wL': 'EEEE d MMMM',
      'd-ML-y': 'd MMMM y',
      'd-MS-y': 'd MMM y',
      'd-MS': 'd MMM',
      'd-MS-wS': 'EEE d MMM',
      'd-MN': 'dd/MM',
      d: 'd',
      'MS-y': 'MMM y',
      'ML-y': 'MMMM y',
      wS: 'EEE',
      wL: 'EEEE',
      't-short': 'HH:mm',
      'medium|t-short': 'd MMM y, HH:mm',
      'h2-m2': 'HH:mm',
    },
    range: { sameMonth: 'd', sameYear: 'd MMM', separator: '\u2009–\u2009' },
  },
  'da-DK': {
    months: DA_MONTHS,
    shortMonths: ['jan.', 'feb.', 'mar.', 'apr.', 'maj', 'jun.', 'jul.', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'],
    weekdays: ['søndag', 'mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag'],
    shortWeekdays: ['søn.', 'man.', 'tirs.', 'ons.', 'tors.', 'fre.', 'lør.'],
    patterns: {
      medium: 'd. MMM y',
      full: "EEEE 'den' d. MMMM y",
      short: 'dd.MM.y',
      long: 'd. MMMM y',
      'd-ML-y-wL': "EEEE 'den' d. MMMM y",
      'd-ML-wL': 'EEEE d. MMMM',
      'd-ML-y': 'd. MMMM y',
      'd-MS-y': 'd. MMM y',
      'd-MS': 'd. MMM',
      'd-MS-wS': 'EEE d. MMM',
      'd-MN': 'd.M',
      d: 'd.',
      'MS-y': 'MMM y',
      'ML-y': 'MMMM y',
      wS: 'EEE',
      wL: 'EEEE',
      't-short': 'HH.mm',
      'medium|t-short': 'd. MMM y, HH.mm',
      'h2-m2': 'HH.mm',
    },
    range: { sameMonth: 'd.', sameYear: 'd. MMM', separator: '–' },
  },
};

const FIELD_CODES: Record<string, Record<string, string>> = {
  day: { numeric: 'd' },
  month: { long: 'ML', short: 'MS', numeric: 'MN' },
  year: { numeric: 'y' },
  weekday: { long: 'wL', short: 'wS' },
  hour: { '2-digit': 'h2' },
  minute: { '2-digit': 'm2' },
};

/** The pattern key of an option set ("d-MS-y"), or null if it names anything else. */
function keyOf(options: Intl.DateTimeFormatOptions): string | null {
  const entries = Object.entries(options).filter(([, v]) => v !== undefined);
  if (entries.length > 0 && entries.every(([field]) => field === 'dateStyle' || field === 'timeStyle')) {
    return [options.dateStyle, options.timeStyle && `t-${options.timeStyle}`].filter(Boolean).join('|');
  }
  if (entries.some(([field, value]) => !FIELD_CODES[field]?.[String(value)])) return null;
  // In the order day, month, year, weekday, whatever the options' order.
  return Object.keys(FIELD_CODES)
    .filter((field) => options[field as keyof Intl.DateTimeFormatOptions] !== undefined)
    .map((field) => FIELD_CODES[field]![String(options[field as keyof Intl.DateTimeFormatOptions])])
    .join('-');
}

const pad = (n: number) => String(n).padStart(2, '0');

function write(pattern: string, date: Date, words: LocaleWords): string {
  return pattern.replace(/'([^']*)'|EEEE|EEE|MMMM|MMM|MM|M|dd|d|y|HH|mm/g, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'HH':
        return pad(date.getHours());
      case 'mm':
        return pad(date.getMinutes());
      case 'EEEE':
        return words.weekdays[date.getDay()]!;
      case 'EEE':
        return words.shortWeekdays[date.getDay()]!;
      case 'MMMM':
        return words.months[date.getMonth()]!;
      case 'MMM':
        return words.shortMonths[date.getMonth()]!;
      case 'MM':
        return pad(date.getMonth() + 1);
      case 'M':
        return String(date.getMonth() + 1);
      case 'dd':
        return pad(date.getDate());
      case 'd':
        return String(date.getDate());
      default:
        return String(date.getFullYear());
    }
  });
}

/** `date` as Intl.DateTimeFormat(locale, options) writes it, or null where this module has no pattern. */
export function plainDate(date: Date, options: Intl.DateTimeFormatOptions, locale: string): string | null {
  const words = WORDS[locale];
  const key = keyOf(options);
  const pattern = words && key !== null ? words.patterns[key] : undefined;
  if (!pattern || Number.isNaN(date.getTime()) || date.getFullYear() < 1000 || date.getFullYear() > 9999) return null;
  return write(pattern, date, words!);
}

/** A range of day + short month (+ year) as Intl's formatRange writes it, or null for other options. */
export function plainDateRange(from: Date, to: Date, options: Intl.DateTimeFormatOptions, locale: string): string | null {
  const words = WORDS[locale];
  const key = keyOf(options);
  if (!words || (key !== 'd-MS' && key !== 'd-MS-y')) return null;
  const whole = plainDate(from, options, locale);
  const end = plainDate(to, options, locale);
  if (whole === null || end === null || from > to) return null;
  if (from.getFullYear() !== to.getFullYear()) {
    const withYear = { ...options, year: 'numeric' as const };
    return `${plainDate(from, withYear, locale)}${words.range.separator}${plainDate(to, withYear, locale)}`;
  }
  if (from.getMonth() !== to.getMonth()) return `${write(words.range.sameYear, from, words)}${words.range.separator}${end}`;
  if (from.getDate() !== to.getDate()) return `${write(words.range.sameMonth, from, words)}${words.range.separator}${end}`;
  return whole;
}

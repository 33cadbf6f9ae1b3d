import { describe, expect, it } from 'vitest';
import { plainDate, plainDateRange } from './plain-dates';

/* The hand-written dates must read exactly as Intl writes them (issue 43 §1), day by day. */
const OPTION_SETS: Intl.DateTimeFormatOptions[] = [
  { dateStyle: 'medium' },
  { dateStyle: 'full' },
  { dateStyle: 'short' },
  { dateStyle: 'long' },
  { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  { weekday: 'long', day: 'numeric', month: 'long' },
  { day: 'numeric', month: 'long', year: 'numeric' },
  { day: 'numeric', month: 'short', year: 'numeric' },
  { day: 'numeric', month: 'short' },
  { weekday: 'short', day: 'numeric', month: 'short' },
  { day: 'numeric', month: 'numeric' },
  { day: 'numeric' },
  { month: 'short', year: 'numeric' },
  { month: 'long', year: 'numeric' },
  { weekday: 'short' },
  { weekday: 'long' },
  { timeStyle: 'short' },
  { dateStyle: 'medium', timeStyle: 'short' },
  { hour: '2-digit', minute: '2-digit' },
];

function days(from: string, count: number): Date[] {
  const start = new Date(`${from}T00:00:00`);
  // A different time of day on each day (every hour and minute comes round).
  return Array.from({ length: count }, (_, i) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + i, i % 24, (i * 7) % 60));
}

describe('plainDate', () => {
  for (const locale of ['en-GB', 'da-DK']) {
    it(`writes what Intl.DateTimeFormat writes in ${locale}, every day of 2025–2026`, () => {
      for (const options of OPTION_SETS) {
        const intl = new Intl.DateTimeFormat(locale, options);
        for (const d of days('2025-01-01', 730)) expect(`${JSON.stringify(options)} ${plainDate(d, options, locale)}`).toBe(`${JSON.stringify(options)} ${intl.format(d)}`);
      }
    });

    it(`writes ranges as formatRange does in ${locale}`, () => {
      const ends = days('2025-12-20', 50);
      for (const options of [
        { day: 'numeric', month: 'short' },
        { day: 'numeric', month: 'short', year: 'numeric' },
      ] as const) {
        const intl = new Intl.DateTimeFormat(locale, options);
        for (const a of ends) for (const b of ends) if (a <= b) expect(plainDateRange(a, b, options, locale)).toBe(intl.formatRange(a, b));
      }
    });
  }

  it('leaves times, time zones and other locales to Intl', () => {
    const d = new Date('2026-11-28T10:00:00');
    expect(plainDate(d, { dateStyle: 'medium', timeStyle: 'medium' }, 'en-GB')).toBeNull();
    expect(plainDate(d, { hour: '2-digit', minute: '2-digit', second: '2-digit' }, 'en-GB')).toBeNull();
    expect(plainDate(d, { day: 'numeric', timeZone: 'UTC' }, 'en-GB')).toBeNull();
    expect(plainDate(d, { dateStyle: 'medium' }, 'de-DE')).toBeNull();
    expect(plainDate(new Date(Number.NaN), { dateStyle: 'medium' }, 'en-GB')).toBeNull();
    expect(plainDateRange(d, d, { dateStyle: 'medium' }, 'en-GB')).toBeNull();
  });
});

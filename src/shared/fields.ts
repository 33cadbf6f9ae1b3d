import { z } from 'zod';
import { ERR, tooLong } from './errors';
import { QUANTITY_MAX, QUANTITY_MIN, TIME_STEP_MINUTES } from './limits';

/** Letters (any script), digits, space, hyphen, underscore, slash and period (spec §5). */
export const CODE_PATTERN = /^[\p{L}\p{N} _\-/.]*$/u;

const str = () => z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? ERR.required : ERR.mustBeString) });

/** A required, trimmed text of at most `max` characters. */
export const requiredText = (max: number) => str().trim().min(1, ERR.required).max(max, tooLong(max));

/** An optional text: '' / null / undefined become null. */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    str().trim().max(max, tooLong(max)).nullish(),
  ).transform((v) => v ?? null);

/** A required code (spec §5 "valid code"). */
export const code = (max: number) => requiredText(max).regex(CODE_PATTERN, ERR.invalidChars);

/** An optional code; empty becomes null. */
export const optionalCode = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    str().trim().max(max, tooLong(max)).regex(CODE_PATTERN, ERR.invalidChars).nullish(),
  ).transform((v) => v ?? null);

/** Team codes are stored in upper case. */
export const teamCode = (max: number) =>
  optionalCode(max).transform((v) => (v === null ? null : v.toUpperCase()));

/** Booleans from JSON, query strings ("true"/"false") and multipart fields. */
export const bool = () =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 'on' ? true : v === 'false' || v === '0' ? false : v),
    z.boolean({ error: ERR.mustBeBoolean }),
  );

/** What /api/openapi.json says of a date: no year 0000, months 01–12, days 01–31 (the calendar check is format: date). */
const DATE_PATTERN_DOC = '^(?!0000)\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

/** ISO date YYYY-MM-DD that exists in the calendar. */
export const isoDate = () =>
  str()
    .min(1, { error: ERR.required, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: ERR.invalidDate, abort: true })
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      // Year 0000 exists in JS but not in PostgreSQL: the range is 0001-01-01 … 9999-12-31.
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && !s.startsWith('0000');
    }, ERR.invalidDate)
    .meta({ format: 'date', pattern: DATE_PATTERN_DOC, description: 'YYYY-MM-DD, 0001-01-01 … 9999-12-31, a real calendar day' });

export const optionalIsoDate = () =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), isoDate().nullable());

/** "HHmm", "HH:mm" or "HH:mm:ss" → "HH:mm". */
export function parseTime(value: string): string | null {
  const m = /^(\d{2}):?(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59 || (m[3] !== undefined && Number(m[3]) > 59)) return null;
  return `${m[1]}:${m[2]}`;
}

export const time15 = () =>
  str()
    .transform((v, ctx) => {
      const t = parseTime(v);
      if (t === null) {
        ctx.addIssue({ code: 'custom', message: ERR.invalidTime });
        return z.NEVER;
      }
      return t;
    })
    .refine((t) => Number(t.slice(3, 5)) % TIME_STEP_MINUTES === 0, ERR.timeStep)
    .meta({ pattern: '^([01]\\d|2[0-3]):?(00|15|30|45)(:[0-5]\\d)?$', description: 'HH:mm, HHmm or HH:mm:ss in 15-minute steps' });

export const optionalTime15 = () => z.preprocess((v) => (v === '' || v === undefined ? null : v), time15().nullable());

/** Numbers from JSON or strings; a comma becomes a point (spec §5). */
export const decimal = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim().replace(',', '.'))) : v),
    z.number({ error: (iss) => (iss.input === undefined ? ERR.required : ERR.mustBeNumber) }).finite(ERR.mustBeNumber),
  );

export const quantity = () =>
  decimal()
    .refine((q) => q !== 0, ERR.quantityZero)
    .refine((q) => q >= QUANTITY_MIN, `Quantity cannot be lower than ${QUANTITY_MIN}`)
    .refine((q) => q <= QUANTITY_MAX, `Quantity cannot be higher than ${QUANTITY_MAX}`)
    .refine((q) => Math.abs(Math.round(q * 100) - q * 100) < 1e-6, ERR.tooManyDecimals)
    .meta({ exclusiveMinimum: QUANTITY_MIN, maximum: QUANTITY_MAX, multipleOf: 0.01, description: 'Not zero; at most 2 decimals' });

export const id = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: (iss) => (iss.input === undefined ? ERR.required : ERR.mustBeNumber) }).int().positive().max(2147483647),
  );

export const enumOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (iss) => (iss.input === undefined || iss.input === '' ? ERR.required : `Field cannot be: ${String(iss.input)}`) });

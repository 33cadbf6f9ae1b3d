import { z } from 'zod';
import { errorToken } from './error-tokens';
import { ERR, tooLong } from './errors';
import { DATE_MAX, DATE_MIN, QUANTITY_MAX, QUANTITY_MIN, TIME_STEP_MINUTES } from './limits';

/** Letters (any script), digits, space, hyphen, underscore, slash and period (spec §5). */
export const CODE_PATTERN = /^[\p{L}\p{N} _\-/.]*$/u;

/**
 * True when a text carries a NUL character. PostgreSQL cannot store one in `text` (22021), and no
 * person types it, so every string input refuses it with a field error instead of a 500.
 */
export const hasNul = (s: string) => s.includes('\u0000');

/** A string schema that refuses NUL first (abort: no further messages for such a value). */
export const plainString = (error: Parameters<typeof z.string>[0] = { error: ERR.mustBeString }) => z.string(error).refine((s) => !hasNul(s), { error: ERR.nulChar, abort: true });

const str = () => plainString({ error: (iss) => (iss.input === undefined || iss.input === null ? ERR.required : ERR.mustBeString) });

/** A required, trimmed text of at most `max` characters. */
export const requiredText = (max: number) => str().trim().min(1, ERR.required).max(max, tooLong(max));

/** An optional text: '' / null / undefined become null. */
export const optionalText = (max: number) =>
  z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), str().trim().max(max, tooLong(max)).nullish())
    .transform((v) => v ?? null)
    .meta({ 'x-empty-as-null': true });

/** A required code (spec §5 "valid code"). */
export const code = (max: number) => requiredText(max).regex(CODE_PATTERN, ERR.invalidChars);

/** An optional code; empty becomes null. */
export const optionalCode = (max: number) =>
  z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), str().trim().max(max, tooLong(max)).regex(CODE_PATTERN, ERR.invalidChars).nullish())
    .transform((v) => v ?? null)
    .meta({ 'x-empty-as-null': true });

/** Team codes are stored in upper case. */
export const teamCode = (max: number) => optionalCode(max).transform((v) => (v === null ? null : v.toUpperCase()));

/** Booleans from JSON, query strings ("true"/"false") and multipart fields. */
export const bool = () =>
  z
    .preprocess((v) => (v === 'true' || v === '1' || v === 'on' ? true : v === 'false' || v === '0' ? false : v), z.boolean({ error: ERR.mustBeBoolean }))
    .meta({ 'x-boolean-text': ['true', 'false', '1', '0', 'on'] });

/** What /api/openapi.json says of a date: years 1900–2999, months 01–12, days 01–31 (the calendar check is format: date). */
const DATE_PATTERN_DOC = '^(19\\d{2}|2\\d{3})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

/**
 * ISO date YYYY-MM-DD that exists in the calendar, between DATE_MIN and DATE_MAX: year 0000 is
 * no date PostgreSQL accepts (22008), and no entry, filter or expiration needs one that far out.
 */
export const isoDate = () =>
  str()
    .min(1, { error: ERR.required, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: ERR.invalidDate, abort: true })
    .refine(
      (s) => {
        const d = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
      },
      { error: ERR.invalidDate, abort: true },
    )
    // Same-length ISO strings order like the dates they name.
    .refine((s) => s >= DATE_MIN && s <= DATE_MAX, ERR.dateOutOfRange)
    .meta({ format: 'date', pattern: DATE_PATTERN_DOC, description: `YYYY-MM-DD, ${DATE_MIN} … ${DATE_MAX}, a real calendar day` });

export const optionalIsoDate = () => z.preprocess((v) => (v === '' || v === undefined ? null : v), isoDate().nullable()).meta({ 'x-empty-as-null': true });

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

export const optionalTime15 = () => z.preprocess((v) => (v === '' || v === undefined ? null : v), time15().nullable()).meta({ 'x-empty-as-null': true });

/**
 * The decimal forms spec §5 allows in a string: an optional minus, digits, and an optional point
 * or comma with decimals. Their count is checked afterwards (`tooManyDecimals` says more than
 * "must be a number"). `Number()` alone would also take "0x10", "1e2", "Infinity" and " ".
 */
export const DECIMAL_PATTERN = /^-?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/** A string in a DECIMAL_PATTERN form → its number; anything else → NaN (refused as "must be a number"). */
export function parseDecimal(value: string): number {
  const s = value.trim();
  return DECIMAL_PATTERN.test(s) ? Number(s.replace(',', '.')) : Number.NaN;
}

/** Numbers from JSON or strings; a comma becomes a point (spec §5). */
export const decimal = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : parseDecimal(v)) : v),
    z.number({ error: (iss) => (iss.input === undefined ? ERR.required : ERR.mustBeNumber) }).finite(ERR.mustBeNumber),
  );

/** A quantity as a string, exactly as `quantity()` takes one (checked against it in fields.test.ts). */
export const QUANTITY_STRING_PATTERN = '^\\s*(?![0.,]*\\s*$)0*(?:\\d{1,8}(?:[.,]\\d{0,2}0*)?|[.,]\\d{1,2}0*)\\s*$';

export const quantity = () =>
  decimal()
    .refine((q) => q !== 0, ERR.quantityZero)
    .refine((q) => q >= QUANTITY_MIN, errorToken('TOO_LOW', { property: 'Quantity', min: QUANTITY_MIN }))
    .refine((q) => q <= QUANTITY_MAX, errorToken('TOO_HIGH', { property: 'Quantity', max: QUANTITY_MAX }))
    .refine((q) => Math.abs(Math.round(q * 100) - q * 100) < 1e-6, ERR.tooManyDecimals)
    .meta({
      exclusiveMinimum: QUANTITY_MIN,
      maximum: QUANTITY_MAX,
      description: 'Not zero; at most 2 decimals',
      // The document's string form (src/server/http/openapi.ts rewriteDecimals): what DECIMAL_PATTERN
      // and the rules above take — up to 8 digits, up to 2 decimals after a point or comma, not zero.
      'x-decimal': { pattern: QUANTITY_STRING_PATTERN, examples: [7.5] },
    });

export const id = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? ERR.required : ERR.mustBeNumber) })
      .int()
      .positive()
      .max(2147483647),
  );

export const enumOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (iss) => (iss.input === undefined || iss.input === '' ? ERR.required : errorToken('VALUE_NOT_ALLOWED', { value: String(iss.input) })) });

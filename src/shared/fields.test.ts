import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorToken } from './error-codes';
import { ERR } from './errors';
import { code, isoDate, optionalCode, optionalIsoDate, optionalText, parseDecimal, quantity, QUANTITY_STRING_PATTERN, requiredText } from './fields';
import { ZLoginInput } from './schemas/auth';
import { ZSearchInput } from './schemas/search';
import { ZUsernameInput } from './schemas/user';
import { ZWorksheetFields, ZWorksheetListInput } from './schemas/worksheet';

type Schema = { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } };
const messages = (schema: Schema, input: unknown): string[] => {
  const r = schema.safeParse(input);
  return r.success ? [] : (r.error?.issues ?? []).map((i) => i.message);
};
const fieldMessages = (schema: Schema, input: unknown, field: string): string[] => {
  const r = schema.safeParse(input);
  return r.success ? [] : (r.error?.issues ?? []).filter((i) => i.path.join('.') === field).map((i) => i.message);
};

describe('NUL characters (issue 8 §2: PostgreSQL 22021 must never be reached)', () => {
  const builders: Array<[string, Schema]> = [
    ['requiredText', requiredText(100)],
    ['optionalText', optionalText(100)],
    ['code', code(20)],
    ['optionalCode', optionalCode(20)],
    ['isoDate', isoDate()],
  ];

  it.each(builders)('%s refuses any text with a NUL, with one message', (_name, schema) => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), (a, b) => {
        expect(messages(schema, `${a}\u0000${b}`)).toEqual([ERR.nulChar]);
      }),
      { numRuns: 200 },
    );
  });

  it('every string input of the schemas refuses it: login, search q, user/single, worksheet text', () => {
    expect(fieldMessages(ZLoginInput, { username: 'a\u0000b', password: 'x' }, 'username')).toEqual([ERR.nulChar]);
    expect(fieldMessages(ZLoginInput, { username: 'ab', password: 'x\u0000' }, 'password')).toEqual([ERR.nulChar]);
    expect(fieldMessages(ZSearchInput, { q: '\u0000' }, 'q')).toEqual([ERR.nulChar]);
    expect(fieldMessages(ZUsernameInput, { username: 'anna\u0000' }, 'username')).toEqual([ERR.nulChar]);
    expect(fieldMessages(ZWorksheetFields, { description: 'x\u0000y' }, 'description')).toEqual([ERR.nulChar]);
  });

  it('text without NUL passes as before', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 50 }).filter((s) => !s.includes('\u0000') && s.trim() !== ''),
        (s) => {
          expect(requiredText(100).safeParse(s).success).toBe(true);
        },
      ),
    );
  });
});

describe('dates between 1900-01-01 and 2999-12-31 (issue 8 §2: PostgreSQL 22008)', () => {
  it('refuses dates outside the range', () => {
    for (const d of ['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31']) expect(messages(isoDate(), d)).toEqual([ERR.dateOutOfRange]);
  });

  it('accepts the bounds and any valid date between them', () => {
    expect(isoDate().parse('1900-01-01')).toBe('1900-01-01');
    expect(isoDate().parse('2999-12-31')).toBe('2999-12-31');
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const s = d.toISOString().slice(0, 10);
        expect(isoDate().parse(s)).toBe(s);
      }),
    );
  });

  it('keeps one message for an impossible date', () => {
    expect(messages(isoDate(), '2024-02-30')).toEqual([ERR.invalidDate]);
  });

  it('applies to every date input: entry date, archive from/to, expiration', () => {
    expect(fieldMessages(ZWorksheetFields, { date: '0000-01-01' }, 'date')).toEqual([ERR.dateOutOfRange]);
    expect(fieldMessages(ZWorksheetListInput, { from: '0000-01-01' }, 'from')).toEqual([ERR.dateOutOfRange]);
    expect(fieldMessages(ZWorksheetListInput, { to: '3000-01-01' }, 'to')).toEqual([ERR.dateOutOfRange]);
    expect(messages(optionalIsoDate(), '1000-06-01')).toEqual([ERR.dateOutOfRange]);
  });
});

describe('quantity: only the decimal forms of spec §5', () => {
  it('refuses hex, exponent, Infinity and inner junk', () => {
    for (const v of ['0x10', '1e2', '1E2', 'Infinity', '-Infinity', 'NaN', '1 2', '12abc', '+5', '0b1', '0o7', '1..2', '1,2,3', '--1', '.', '-', '1_000'])
      expect(messages(quantity(), v), v).toEqual([ERR.mustBeNumber]);
  });

  it('accepts an optional minus, digits, a point or a comma and decimals; surrounding spaces are trimmed', () => {
    expect(quantity().parse('12')).toBe(12);
    expect(quantity().parse(' 12 ')).toBe(12);
    expect(quantity().parse('1,5')).toBe(1.5);
    expect(quantity().parse('1.25')).toBe(1.25);
    expect(quantity().parse('.5')).toBe(0.5);
    expect(quantity().parse('2.')).toBe(2);
    expect(quantity().parse(7.5)).toBe(7.5);
    expect(messages(quantity(), '1.234')).toEqual([ERR.tooManyDecimals]);
    expect(messages(quantity(), '-1')).toEqual([errorToken('TOO_LOW', { property: 'Quantity', min: 0 })]);
  });

  it('parseDecimal agrees with the number for every decimal string of up to 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -9_999_999_999, max: 9_999_999_999 }), fc.boolean(), (cents, comma) => {
        const text = (cents / 100).toFixed(2).replace('.', comma ? ',' : '.');
        expect(parseDecimal(text)).toBeCloseTo(cents / 100, 6);
      }),
    );
  });

  it('parseDecimal gives NaN for any string that is not a plain decimal', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }).filter((s) => !/^-?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/.test(s.trim())),
        (s) => {
          expect(parseDecimal(s)).toBeNaN();
        },
      ),
    );
  });
});

describe('the OpenAPI form of a quantity (issue 19 point 1)', () => {
  const re = new RegExp(QUANTITY_STRING_PATTERN, 'u');
  const q = quantity();
  it('takes exactly the strings the server takes', () => {
    for (const s of ['0.29', '1.15', '99999999.99', '1,5', '7,50', '.5', ',25', '12.', ' 3 ', '00000001', '0.01']) {
      expect([s, re.test(s)]).toEqual([s, true]);
      expect([s, q.safeParse(s).success]).toEqual([s, true]);
    }
    for (const s of ['0', '0,00', '-1', '1.234', '100000000', '1e2', '0x10', 'abc', '', ' ', '1,2,3', 'Infinity']) {
      expect([s, re.test(s)]).toEqual([s, false]);
      expect([s, q.safeParse(s).success]).toEqual([s, false]);
    }
    fc.assert(
      fc.property(fc.stringMatching(/^\s?-?\d{0,9}[.,]?\d{0,3}\s?$/), (s) => re.test(s) === q.safeParse(s).success),
      { numRuns: 3000 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { ZCreateCustomerInput, ZUpdateCustomerInput } from './customer';
import { ZCreateItemInput, ZUpdateItemInput } from './item';
import { ZCreateJobInput, ZUpdateJobInput } from './job';
import { ZCreateJobTaskInput } from './job-task';
import { ZCreateLocationInput, ZDeleteLocationInput } from './location';
import { ZCreateResourceInput } from './resource';
import { ZJobSearchInput, ZSearchInput, ZUnitSearchInput } from './search';
import { ZCreateUnitInput, ZUnitListInput } from './unit';
import { ZCreateWorkTypeInput } from './work-type';
import { englishOf } from '../error-codes';

/** Field errors of a parse, as the REST adapter reports them. */
function errors(schema: ZodType, input: unknown): Record<string, string[]> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) (out[issue.path.join('.')] ??= []).push(englishOf(issue.message));
  return out;
}

const s = (n: number, c = 'a') => c.repeat(n);
const tooLong = (n: number) => [`Field cannot be longer than ${n} characters`];
const invalid = ['Field contains invalid characters'];
const required = ['Field is required'];

/** Each case: schema, a valid base input, the field, its max length and whether it is a code. */
const cases: Array<{ name: string; schema: ZodType; base: Record<string, unknown>; field: string; max: number; code: boolean; optional?: boolean }> = [
  { name: 'item no', schema: ZCreateItemInput, base: { description: 'd' }, field: 'no', max: 20, code: true },
  { name: 'item description', schema: ZCreateItemInput, base: { no: '1' }, field: 'description', max: 100, code: false },
  { name: 'item update description', schema: ZUpdateItemInput, base: { no: '1' }, field: 'description', max: 100, code: false },
  { name: 'resource no', schema: ZCreateResourceInput, base: { description: 'd' }, field: 'no', max: 20, code: true },
  { name: 'resource description', schema: ZCreateResourceInput, base: { no: 'R' }, field: 'description', max: 100, code: false },
  { name: 'unit code', schema: ZCreateUnitInput, base: { unitType: 'Item', unitNo: '1', description: 'd' }, field: 'code', max: 10, code: true },
  { name: 'unit description', schema: ZCreateUnitInput, base: { unitType: 'Item', unitNo: '1', code: 'C' }, field: 'description', max: 50, code: false },
  { name: 'unit unitNo', schema: ZCreateUnitInput, base: { unitType: 'Item', code: 'C', description: 'd' }, field: 'unitNo', max: 20, code: true },
  { name: 'location code', schema: ZCreateLocationInput, base: {}, field: 'code', max: 10, code: true },
  { name: 'work type code', schema: ZCreateWorkTypeInput, base: { description: 'd' }, field: 'code', max: 10, code: true },
  { name: 'work type description', schema: ZCreateWorkTypeInput, base: { code: 'W' }, field: 'description', max: 100, code: false },
  { name: 'work type unitOfMeasureCode', schema: ZCreateWorkTypeInput, base: { code: 'W', description: 'd' }, field: 'unitOfMeasureCode', max: 10, code: true, optional: true },
  { name: 'customer no', schema: ZCreateCustomerInput, base: { name: 'n' }, field: 'no', max: 20, code: true },
  { name: 'customer name', schema: ZCreateCustomerInput, base: { no: 'C' }, field: 'name', max: 100, code: false },
  { name: 'customer update name', schema: ZUpdateCustomerInput, base: { no: 'C' }, field: 'name', max: 100, code: false },
  { name: 'job code', schema: ZCreateJobInput, base: { billToCustomerNo: 'C' }, field: 'code', max: 20, code: true },
  { name: 'job description', schema: ZCreateJobInput, base: { code: 'J', billToCustomerNo: 'C' }, field: 'description', max: 100, code: false, optional: true },
  { name: 'job billToCustomerNo', schema: ZCreateJobInput, base: { code: 'J' }, field: 'billToCustomerNo', max: 20, code: true },
  { name: 'job teamCode', schema: ZCreateJobInput, base: { code: 'J', billToCustomerNo: 'C' }, field: 'teamCode', max: 20, code: true, optional: true },
  { name: 'job update billToCustomerNo', schema: ZUpdateJobInput, base: { code: 'J' }, field: 'billToCustomerNo', max: 20, code: true },
  { name: 'job task code', schema: ZCreateJobTaskInput, base: { jobCode: 'J', description: 'd' }, field: 'code', max: 20, code: true },
  { name: 'job task description', schema: ZCreateJobTaskInput, base: { jobCode: 'J', code: 'T' }, field: 'description', max: 100, code: false },
];

describe.each(cases)('$name', ({ schema, base, field, max, code, optional }) => {
  it(`accepts exactly ${max} characters`, () => {
    expect(errors(schema, { ...base, [field]: s(max, 'x') })).toEqual({});
  });
  it(`refuses ${max + 1} characters`, () => {
    expect(errors(schema, { ...base, [field]: s(max + 1, 'x') })).toEqual({ [field]: tooLong(max) });
  });
  it('trims before measuring', () => {
    expect(errors(schema, { ...base, [field]: `  ${s(max, 'x')}  ` })).toEqual({});
  });
  it(optional ? 'may be left out or empty' : 'is required (absent, empty or blank)', () => {
    for (const value of [undefined, '', '   ']) {
      expect(errors(schema, { ...base, [field]: value })).toEqual(optional ? {} : { [field]: required });
    }
  });
  if (code) {
    it('accepts letters, digits, space, hyphen, underscore, slash and period', () => {
      expect(errors(schema, { ...base, [field]: 'Æb 1-_/.' })).toEqual({});
    });
    it.each(['a#', 'a;b', 'a<b', 'a*', 'a,b', "a'b", 'a\tb'])('refuses invalid characters: %j', (value) => {
      expect(errors(schema, { ...base, [field]: value })).toEqual({ [field]: invalid });
    });
  }
});

describe('special rules', () => {
  it('job team codes are stored in upper case', () => {
    expect(ZCreateJobInput.parse({ code: 'J', billToCustomerNo: 'C', teamCode: 'ab' }).teamCode).toBe('AB');
  });
  it('job startingDate is an ISO calendar date', () => {
    expect(errors(ZCreateJobInput, { code: 'J', billToCustomerNo: 'C', startingDate: '2026-02-29' })).toEqual({ startingDate: ['Field must be a valid date'] });
    expect(errors(ZCreateJobInput, { code: 'J', billToCustomerNo: 'C', startingDate: '2028-02-29' })).toEqual({});
  });
  it('unit types are Item or Resource, in any case', () => {
    expect(ZUnitListInput.parse({ unitType: 'resource' }).unitType).toBe('Resource');
    expect(errors(ZUnitListInput, { unitType: 'Box' })).toEqual({ unitType: ['Field cannot be: Box'] });
    expect(errors(ZCreateUnitInput, { unitNo: '1', code: 'C', description: 'd' })).toEqual({ unitType: required });
  });
  it('location delete needs an id or a code', () => {
    expect(errors(ZDeleteLocationInput, {})).toEqual({ code: required });
    expect(errors(ZDeleteLocationInput, { id: '12', accountId: 3 })).toEqual({});
    expect(errors(ZDeleteLocationInput, { code: 'CPH' })).toEqual({});
  });
  it('accountId in a create body is accepted and dropped', () => {
    expect(ZCreateItemInput.parse({ accountId: 'anything', no: '1', description: 'd' }).accountId).toBeUndefined();
  });
  it('search: q is trimmed, limit is a positive whole number from a query string', () => {
    expect(ZSearchInput.parse({})).toEqual({ q: '', limit: undefined });
    expect(ZSearchInput.parse({ q: '  pipe ', limit: '25' })).toEqual({ q: 'pipe', limit: 25 });
    expect(errors(ZSearchInput, { limit: '0' })).toHaveProperty('limit');
    expect(errors(ZSearchInput, { limit: '1.5' })).toHaveProperty('limit');
    expect(errors(ZSearchInput, { q: s(101) })).toEqual({ q: tooLong(100) });
    expect(ZJobSearchInput.parse({ customerNo: '' }).customerNo).toBe(null);
    expect(errors(ZUnitSearchInput, { unitType: 'Item' })).toEqual({ unitNo: required });
  });
});

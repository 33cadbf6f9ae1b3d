import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readErrorToken } from '../shared/error-codes';
import { appRouter } from './routers/app';
import { zodFieldErrors } from './zod-issues';

/**
 * Issue 37 §2: every failure of every input schema answers a catalogue code — never `null` in
 * `errorCodes`. Each field of each procedure's (strict) input gets the values that break a rule of
 * some kind (type, size, format, enum, array item, unknown key), and every message must read back
 * to a code of the catalogue.
 */
const BAD_VALUES: unknown[] = [null, 1e20, -1e20, 0, 1.234, '', ' ', 'x'.repeat(5000), '=1', 'not-a-date', '25:99', true, [], ['nope'], [1e20], [{}], { nested: 1 }, 'é\u0000'];

type Schema = z.ZodType;
const shapeOf = (s: Schema): Record<string, Schema> | undefined => {
  const def = s._zod.def as unknown as { type: string; shape?: Record<string, Schema>; in?: Schema; innerType?: Schema };
  if (def.type === 'object') return def.shape;
  if (def.in) return shapeOf(def.in);
  if (def.innerType) return shapeOf(def.innerType);
  return undefined;
};

describe('every input failure has a catalogue code', () => {
  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { inputs: Schema[] } }>);
  it('walks every input schema', () => {
    let failures = 0;
    const uncoded: string[] = [];
    for (const [name, procedure] of procedures) {
      const input = procedure._def.inputs[0];
      if (!input) continue;
      const shape = shapeOf(input) ?? {};
      const candidates: unknown[] = [undefined, null, 'x', [], { zzUnknown: 1 }, {}];
      for (const field of Object.keys(shape)) for (const v of BAD_VALUES) candidates.push({ [field]: v, zzUnknown: 1 });
      for (const value of candidates) {
        const parsed = input.safeParse(value);
        if (parsed.success) continue;
        for (const [field, messages] of Object.entries(zodFieldErrors(parsed.error))) {
          for (const m of messages) {
            failures++;
            if (!readErrorToken(m)) uncoded.push(`${name} ${field}: ${m}`);
          }
        }
      }
    }
    expect(uncoded.slice(0, 20)).toEqual([]);
    expect(failures).toBeGreaterThan(1000);
  });

  it('maps the kinds zod leaves uncoded to codes with params', () => {
    const schema = z.strictObject({
      quantity: z.number().max(99),
      limit: z.coerce.number().int().min(1),
      events: z.array(z.enum(['a', 'b'])),
      tags: z.array(z.string()).max(1),
      name: z.string().max(3),
    });
    const r = schema.safeParse({ quantity: 1e20, limit: '0', events: ['nope'], tags: ['a', 'b'], name: 'long', extra: 1 });
    expect(r.success).toBe(false);
    const errors = zodFieldErrors(r.error!);
    const codes = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.map((m) => readErrorToken(m))]));
    expect(codes).toEqual({
      quantity: [{ code: 'TOO_HIGH', params: { property: 'Quantity', max: '99' } }],
      limit: [{ code: 'TOO_LOW', params: { property: 'Limit', min: '1' } }],
      'events.0': [{ code: 'NOT_ONE_OF', params: { allowed: 'a, b' } }],
      tags: [{ code: 'TOO_MANY_ITEMS', params: { max: '1' } }],
      name: [{ code: 'TOO_LONG', params: { max: '3' } }],
      extra: [{ code: 'UNKNOWN_FIELD', params: { field: 'extra' } }],
    });
  });
});

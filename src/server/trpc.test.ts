import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { applyOutputCheck, outputCheckMode, outputDifferences, publicProcedure, router } from './trpc';
import type { Context } from './context';

/** Issue 25 §3 (decision 0235): output validation strict in tests and dev, off in production. */
describe('output check', () => {
  const build = () =>
    router({
      leaky: publicProcedure
        .output(z.object({ id: z.number(), items: z.array(z.object({ name: z.string() })) }))
        .query(() => ({ id: 1, secret: 'x', items: [{ name: 'a', hash: 'h' }] })),
      clean: publicProcedure.output(z.object({ id: z.number() })).query(() => ({ id: 2 })),
    });
  const call = (r: ReturnType<typeof build>, name: 'leaky' | 'clean') => r.createCaller({} as Context)[name]();

  it('strict: an answer with a field its schema does not declare is an error, naming the field', async () => {
    const r = applyOutputCheck(build(), 'strict');
    await expect(call(r, 'leaky')).rejects.toThrow(/leaky differs from its schema's parse: \.secret \(not declared\), \.items\[0\]\.hash \(not declared\)/);
    expect(await call(r, 'clean')).toEqual({ id: 2 });
  });

  it('off: the answer is what the procedure built (no parse), strip: tRPC strips as before', async () => {
    expect(await call(applyOutputCheck(build(), 'off'), 'leaky')).toEqual({ id: 1, secret: 'x', items: [{ name: 'a', hash: 'h' }] });
    expect(await call(applyOutputCheck(build(), 'strip'), 'leaky')).toEqual({ id: 1, items: [{ name: 'a' }] });
  });

  it('chooses off in production and for the build, strict in tests, development and from the sources', () => {
    expect(outputCheckMode({ NODE_ENV: 'production' }, true)).toBe('off');
    expect(outputCheckMode({}, false)).toBe('off');
    expect(outputCheckMode({}, true)).toBe('strict');
    expect(outputCheckMode({ NODE_ENV: 'test' }, false)).toBe('strict');
    expect(outputCheckMode({ NODE_ENV: 'production', WEBTID_OUTPUT_CHECK: 'strict' }, false)).toBe('strict');
    expect(outputDifferences([{ a: 1, b: undefined, at: new Date(0) }], [{ a: 1, at: '1970-01-01T00:00:00.000Z' }])).toEqual([]);
    expect(outputDifferences({ a: 1 }, { a: 1, tags: [] })).toEqual(['.tags (added by the schema)']);
    expect(outputDifferences({ n: 1.005 }, { n: 1 })).toEqual(['.n (changed)']);
  });
});

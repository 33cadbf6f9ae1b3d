import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { publicProcedure, router } from '../trpc';
import { applyStrictInput } from '../strict-input';
import type { Context } from '../context';
import { procedureTable, rewriteProcedures } from './trpc-adapter';

/*
 * Issue 39 §3: tRPC's internals are read in one file (trpc-adapter.ts). These tests fail first
 * when a tRPC upgrade changes what that file relies on: the exact version pinned, and the shape of
 * a built procedure (`_def.inputs`, `_def.output`, `_def.middlewares` with the 'input' and 'output'
 * markers) as our in-process runner and the start-up rewrites use it.
 */
const ROOT = join(import.meta.dirname, '../../..');
const ctx = {} as Context;

describe("tRPC's internals, as trpc-adapter.ts reads them", () => {
  it('@trpc/server, /client and /react-query are pinned to one exact version, the one installed', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const pinned = ['@trpc/server', '@trpc/client', '@trpc/react-query'].map((name) => pkg.dependencies[name]);
    expect(new Set(pinned).size).toBe(1);
    expect(pinned[0]).toMatch(/^\d+\.\d+\.\d+$/);
    const require = createRequire(join(ROOT, 'package.json'));
    const installed = (JSON.parse(readFileSync(require.resolve('@trpc/server/package.json'), 'utf8')) as { version: string }).version;
    // A new version: read trpc-adapter.ts against tRPC's procedureBuilder and callRecursive, then change this line.
    expect(installed).toBe(pinned[0]);
    expect(installed).toBe('11.19.0');
  });

  const build = () =>
    router({
      echo: publicProcedure
        .input(z.object({ n: z.number() }))
        .output(z.object({ doubled: z.number() }))
        .query(({ input }) => ({ doubled: input.n * 2, extra: 'x' })),
    });

  it('a built procedure holds its input schema, its output schema and the marked middlewares', () => {
    const seen: Array<{ path: string; inputs: number; output: boolean }> = [];
    rewriteProcedures(build(), ({ path, inputs, output }) => {
      seen.push({ path, inputs: inputs.length, output: output !== undefined });
      return undefined;
    });
    expect(seen).toEqual([{ path: 'echo', inputs: 1, output: true }]);
    const info = procedureTable(build()).get('echo')!;
    expect(info.type).toBe('query');
    expect(info.input).toBeInstanceOf(z.ZodObject);
    expect(info.output).toBeInstanceOf(z.ZodObject);
  });

  it("our runner answers as tRPC's own caller does, after the rewrites (strict input, output check)", async () => {
    const r = applyStrictInput(build());
    const viaTable = await procedureTable(r)
      .get('echo')!
      .call({ ctx, input: { n: 2 }, batchIndex: 0 });
    expect(viaTable).toEqual(await r.createCaller(ctx).echo({ n: 2 }));
    // The strict input replaced tRPC's input middleware: an unknown key is refused (our parse ran).
    await expect(r.createCaller(ctx).echo({ n: 2, m: 1 } as { n: number })).rejects.toThrow();
    await expect(
      procedureTable(r)
        .get('echo')!
        .call({ ctx, input: { n: 2, m: 1 }, batchIndex: 0 }),
    ).rejects.toThrow();
    // 'drop' removes tRPC's output middleware: the answer is the resolver's own.
    const dropped = rewriteProcedures(build(), () => ({ output: 'drop' }));
    expect(await dropped.createCaller(ctx).echo({ n: 1 })).toEqual({ doubled: 2, extra: 'x' });
  });

  it('refuses to rewrite a router whose table was already read', () => {
    const r = build();
    procedureTable(r);
    expect(() => rewriteProcedures(r, () => undefined)).toThrow(/after procedureTable/);
  });
});

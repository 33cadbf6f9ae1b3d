import type { AnyRouter } from '@trpc/server';
import { z, type ZodType } from 'zod';
import { rewriteProcedures } from './http/trpc-adapter';

/*
 * Strict inputs (issue 37 §1, decision 0300). A key an input schema does not declare is refused
 * (400, UNKNOWN_FIELD per key) instead of being stripped: a misspelled `jobtaskCode` must not turn
 * into a record without its task. The shared schemas stay plain `z.object`s — the client's forms
 * parse them, and other engineers add schemas every day — and strictness is applied once, where
 * the app router is built: every procedure's input schema is replaced by a deep copy in which each
 * object refuses unknown keys. A new procedure is strict without doing anything; the OpenAPI
 * document reads the same copy and so says `additionalProperties: false` on every request object.
 */

type AnySchema = z.core.$ZodType;
const isSchema = (v: unknown): v is AnySchema => v instanceof z.core.$ZodType;

const strictCopies = new WeakMap<AnySchema, AnySchema>();

/** Keys of a zod def that hold no child schema (or a child we must not rewrite). */
const SKIP_KEYS = new Set(['checks', 'error', 'type', 'coerce', 'discriminator', 'defaultValue', 'catchValue', 'transform', 'fn', 'getter']);

/**
 * A deep copy of `schema` whose objects refuse unknown keys (`catchall: never`). An object that
 * already says what to do with extra keys (`z.looseObject`, a `catchall`) keeps it; records keep
 * their value schema (their keys are data). Children are rewritten wherever a def holds a schema
 * (shape, element, innerType, options, in/out of a pipe, …), so wrappers and unions are covered.
 */
export function strictSchema<T extends AnySchema>(schema: T): T {
  const known = strictCopies.get(schema);
  if (known) return known as T;
  const def = schema._zod.def as unknown as Record<string, unknown>;
  // Placeholder against cycles through z.lazy: a lazy getter asks again only when it is parsed.
  strictCopies.set(schema, schema);
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const key of Object.keys(def)) {
    const value = def[key];
    if (SKIP_KEYS.has(key)) {
      next[key] = value;
      continue;
    }
    if (key === 'shape' && value && typeof value === 'object') {
      const shape: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(value as Record<string, unknown>)) {
        const copy = isSchema(child) ? strictSchema(child) : child;
        if (copy !== child) changed = true;
        shape[name] = copy;
      }
      next[key] = shape;
    } else if (isSchema(value)) {
      const copy = strictSchema(value);
      if (copy !== value) changed = true;
      next[key] = copy;
    } else if (Array.isArray(value) && value.every(isSchema)) {
      const copies = value.map((v) => strictSchema(v));
      if (copies.some((c, i) => c !== value[i])) changed = true;
      next[key] = copies;
    } else {
      next[key] = value;
    }
  }
  if (def.type === 'object' && def.catchall === undefined) {
    next.catchall = z.never();
    changed = true;
  }
  if (def.type === 'lazy' && typeof def.getter === 'function') {
    const getter = def.getter as () => AnySchema;
    let cached: AnySchema | undefined;
    next.getter = () => (cached ??= strictSchema(getter()));
    changed = true;
  }
  if (!changed) {
    strictCopies.set(schema, schema);
    return schema;
  }
  const copy = new schema._zod.constr(next as never) as T;
  // Descriptions and examples live in zod's registry, keyed by the instance: the copy keeps them.
  const meta = z.globalRegistry.get(schema);
  if (meta) z.globalRegistry.add(copy, meta);
  strictCopies.set(schema, copy);
  return copy;
}

/** Whether every object reachable in `schema` refuses unknown keys (the router check and a test use it). */
export function looseObjectPaths(schema: AnySchema, path = '', seen = new Set<AnySchema>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const out: string[] = [];
  if (def.type === 'object' && def.catchall === undefined) out.push(path || '.');
  for (const [key, value] of Object.entries(def)) {
    if (SKIP_KEYS.has(key)) continue;
    if (key === 'shape' && value && typeof value === 'object') {
      for (const [name, child] of Object.entries(value as Record<string, unknown>)) if (isSchema(child)) out.push(...looseObjectPaths(child, `${path}.${name}`, seen));
    } else if (isSchema(value)) out.push(...looseObjectPaths(value, path, seen));
    else if (Array.isArray(value)) for (const v of value) if (isSchema(v)) out.push(...looseObjectPaths(v, path, seen));
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * tRPC's React Query client adds `direction` ('forward' | 'backward') to the input of every
 * infinite query page: the transport's key, not data of ours, so it is not refused.
 */
function withoutTransportKeys(raw: unknown): unknown {
  if (!isObject(raw) || !('direction' in raw) || (raw.direction !== 'forward' && raw.direction !== 'backward')) return raw;
  const { direction: _direction, ...rest } = raw;
  return rest;
}

/**
 * Makes every procedure's input strict (once, where the app router is built): each input schema
 * becomes its `strictSchema` copy, in `_def.inputs` (what the REST adapter and the OpenAPI
 * document read) and in the input middleware that parses it.
 */
export function applyStrictInput<R extends AnyRouter>(appRouter: R): R {
  return rewriteProcedures(appRouter, ({ inputs }) => {
    if (!inputs.length) return undefined;
    const strict = inputs.map((s) => (isSchema(s) ? strictSchema(s) : s));
    return {
      inputs: strict,
      parseInput: (index) => {
        const schema = strict[index];
        return isSchema(schema) ? (raw) => (schema as ZodType).parseAsync(withoutTransportKeys(raw)) : undefined;
      },
    };
  });
}

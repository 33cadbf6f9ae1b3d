import { z, type ZodType } from 'zod';

/* zod schemas as the JSON Schema the document shows (the wire forms a client sends and receives), and operation ids (split from openapi.ts, issue 39 §1). */
export type JsonSchema = Record<string, unknown>;

export function toJsonSchema(type: ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const s = z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
    delete s.$schema;
    return rewriteWireForms(s, io) as JsonSchema;
  } catch {
    return {};
  }
}

/**
 * A decimal field (fields.ts `quantity`, marked `x-decimal`) in terms a standard validator reads
 * exactly as the server does (issue 19 point 1): `multipleOf: 0.01` on a float refuses 0.29 and
 * 1.15 in Ajv and Prism, so the two-decimals rule is said in words for a JSON number, and as a
 * pattern for the string form, which also takes a decimal comma (`"1,5"`, spec §5) — the form a
 * multipart field always has.
 */
export function rewriteWireForms(node: unknown, io: 'input' | 'output'): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteWireForms(n, io));
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = rewriteWireForms(v, io);
  // An optional field whose empty text means "none" (fields.ts optionalText/Code/IsoDate/Time15).
  if (out['x-empty-as-null']) {
    delete out['x-empty-as-null'];
    if (io === 'output') return out;
    const { description, ...rest } = out;
    const alternatives = Array.isArray(rest.anyOf) ? (rest.anyOf as unknown[]) : [rest];
    return { ...(description ? { description } : {}), anyOf: [...alternatives, { type: 'string', pattern: '^\\s*$', description: 'Empty: none (as null)' }] };
  }
  // A field whose wire forms a schema says in full (`x-input`): the input is that schema.
  const input = out['x-input'] as JsonSchema | undefined;
  if (input) {
    delete out['x-input'];
    if (io === 'output') return out;
    return { ...(out.description ? { description: out.description } : {}), ...input };
  }
  const booleanText = out['x-boolean-text'] as string[] | undefined;
  if (booleanText) {
    delete out['x-boolean-text'];
    if (io === 'output') return out;
    const { type: _type, ...rest } = out;
    return {
      ...rest,
      description: 'A JSON boolean, or its text form (a form field): `true`/`false`, `1`/`0`, `on`',
      anyOf: [{ type: 'boolean' }, { type: 'string', enum: booleanText }],
    };
  }
  const decimal = out['x-decimal'] as { pattern: string; examples?: unknown[] } | undefined;
  if (!decimal) return out;
  delete out['x-decimal'];
  const { description, exclusiveMinimum, minimum, maximum } = out;
  const number: JsonSchema = {
    type: 'number',
    ...(exclusiveMinimum !== undefined ? { exclusiveMinimum } : {}),
    ...(minimum !== undefined ? { minimum } : {}),
    ...(maximum !== undefined ? { maximum } : {}),
  };
  if (io === 'output') return { ...number, description };
  return {
    description: `${String(description ?? '')}. A JSON number, or a string with a decimal point or comma (\`"7,5"\`).`,
    anyOf: [number, { type: 'string', pattern: decimal.pattern }],
    ...(decimal.examples ? { examples: decimal.examples } : {}),
  };
}

export function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((s) => s && s !== 'api' && !s.startsWith('{'))
    .flatMap((s) => s.split('-'));
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

import type { z } from 'zod';
import { errorToken, readErrorToken, tokenOf, type CodedError } from '../shared/error-codes';

/*
 * Every zod issue → a catalogue code with params (issue 37 §2, decision 0301). The shared schemas
 * give most rules a token message (`ERR.required`, `tooLong(20)` …); what they leave to zod — a
 * `max()` without message, an enum, an array's size, an unknown key, a query parameter — got zod's
 * English and `null` in `errorCodes`, which a client switching on `code` cannot read. Here each
 * issue kind has its code, so no schema can produce an uncoded error, now or when one is added.
 */

type Issue = z.core.$ZodIssue;

const pathOf = (path: readonly PropertyKey[]) => (path.length ? path.map(String).join('.') : '_');

/** "quantity" → "Quantity": the `{property}` of TOO_HIGH/TOO_LOW, as the schemas' own tokens name it. */
function propertyOf(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((p): p is string => typeof p === 'string');
  return last ? last.charAt(0).toUpperCase() + last.slice(1) : 'Field';
}

const limit = (v: unknown) => String(v);

/** The code and params of one issue kind (when its message is no token of ours). */
export function codeOfIssue(issue: Issue): CodedError {
  switch (issue.code) {
    case 'invalid_type': {
      const expected = String(issue.expected);
      if (expected === 'string') return { code: 'MUST_BE_STRING', params: {} };
      if (expected === 'number' || expected === 'int' || expected === 'bigint') return { code: 'MUST_BE_NUMBER', params: {} };
      if (expected === 'boolean') return { code: 'MUST_BE_BOOLEAN', params: {} };
      if (expected === 'array' || expected === 'tuple' || expected === 'set') return { code: 'MUST_BE_LIST', params: {} };
      if (expected === 'object' || expected === 'record' || expected === 'map') return { code: 'MUST_BE_OBJECT', params: {} };
      if (expected === 'never') return { code: 'UNKNOWN_FIELD', params: { field: pathOf(issue.path) } };
      return { code: 'MUST_BE_TYPE', params: { expected } };
    }
    case 'too_big':
      if (issue.origin === 'string') return { code: 'TOO_LONG', params: { max: limit(issue.maximum) } };
      if (issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'file') return { code: 'TOO_MANY_ITEMS', params: { max: limit(issue.maximum) } };
      return { code: 'TOO_HIGH', params: { property: propertyOf(issue.path), max: limit(issue.maximum) } };
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? { code: 'REQUIRED', params: {} } : { code: 'TOO_SHORT', params: { min: limit(issue.minimum) } };
      if (issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'file') return { code: 'TOO_FEW_ITEMS', params: { min: limit(issue.minimum) } };
      return { code: 'TOO_LOW', params: { property: propertyOf(issue.path), min: limit(issue.minimum) } };
    case 'invalid_format':
      if (issue.format === 'date') return { code: 'INVALID_DATE', params: {} };
      if (issue.format === 'time') return { code: 'INVALID_TIME', params: {} };
      if (issue.format === 'regex') return { code: 'INVALID_CHARS', params: {} };
      return { code: 'INVALID_FORMAT', params: { format: String(issue.format) } };
    case 'not_multiple_of':
      return { code: 'NOT_MULTIPLE_OF', params: { divisor: String(issue.divisor) } };
    case 'invalid_value':
      return { code: 'NOT_ONE_OF', params: { allowed: issue.values.map(String).join(', ') } };
    case 'unrecognized_keys':
      return { code: 'UNKNOWN_FIELD', params: { field: issue.keys.join(', ') } };
    default:
      // invalid_union, invalid_key, invalid_element, custom: the value as a whole is refused.
      return { code: 'INVALID_VALUE', params: {} };
  }
}

/** One issue as field → token messages: a token of the schema stays; any other text gets its kind's code. */
function messagesOf(issue: Issue): Array<[string, string]> {
  if (issue.code === 'unrecognized_keys') {
    // One entry per key, on the key's own path, so that `errorCodes` names each unknown field.
    return issue.keys.map((key) => {
      const field = pathOf([...issue.path, key]);
      return [field, errorToken('UNKNOWN_FIELD', { field })];
    });
  }
  const token = readErrorToken(issue.message);
  if (token) return [[pathOf(issue.path), issue.message]];
  const c = codeOfIssue(issue);
  return [[pathOf(issue.path), tokenOf(c)]];
}

/** Field path → messages, each a catalogue token (for 400 answers). */
export function zodFieldErrors(error: { issues: readonly Issue[] }): Record<string, string[]> {
  // No prototype: a client's key such as "valueOf" or "__proto__" is a field name like any other
  // (with {} it found Object.prototype's function and the answer was a 500).
  const out: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const issue of error.issues) {
    for (const [key, message] of messagesOf(issue)) (out[key] ??= []).push(message);
  }
  return out;
}

/** The unknown keys of a zod error (their paths), for the refusal's own code. */
export function unknownFields(error: { issues: readonly Issue[] }): string[] {
  return error.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys.map((k) => pathOf([...i.path, k])) : []));
}

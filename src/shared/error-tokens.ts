import type { ERROR_TEMPLATES } from './error-codes';

/*
 * The catalogue's codes as data and as one-string tokens (decision 0284): all that the shared
 * schemas and the browser need. The English sentences (ERROR_TEMPLATES) stay in error-codes.ts,
 * which the server and the tests load and the client never does: the client translates by code.
 */

/** English names of the worksheet fields used in "{field} cannot be: {value}" answers. */
export const WS_FIELD_NAMES = {
  username: 'User',
  customerNo: 'Customer',
  jobCode: 'Job',
  jobTaskCode: 'Task',
  locationCode: 'Location',
  workTypeCode: 'Work type',
  unitNo: 'Unit',
  unitOfMeasureCode: 'Unit of measure',
  existingAttachments: 'Attachment',
} as const;

export type ErrorCode = keyof typeof ERROR_TEMPLATES;

/** The `{name}` placeholders of a template, as a union of names. */
type ParamNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}` ? P | ParamNames<Rest> : never;
/** The params a code needs: `{}` for a sentence without placeholders. */
export type ParamsOf<C extends ErrorCode> = { [K in ParamNames<(typeof ERROR_TEMPLATES)[C]>]: string | number };
export type ErrorParams = Record<string, string>;

/** An error as data: what the wire carries beside the English text. */
export interface CodedError {
  code: ErrorCode;
  params: ErrorParams;
}

/** The coded form of an error; the server throws these, `renderError` gives its English. */
export function coded<C extends ErrorCode>(code: C, ...[params]: keyof ParamsOf<C> extends never ? [] : [ParamsOf<C>]): CodedError {
  const out: ErrorParams = {};
  for (const [k, v] of Object.entries((params ?? {}) as Record<string, string | number>)) out[k] = String(v);
  return { code, params: out };
}

/**
 * A catalogue error as one string, for the places that only carry a string: zod messages of the
 * shared schemas, and the `*_ERR` constants. It is the code, then its params as JSON when it has
 * any (`TOO_LONG {"max":"20"}`); `readErrorToken` gives the code back, never by matching English.
 */
export function errorToken<C extends ErrorCode>(code: C, ...params: keyof ParamsOf<C> extends never ? [] : [ParamsOf<C>]): string {
  return tokenOf(coded(code, ...params));
}

/** The token of a coded error (see `errorToken`). */
export function tokenOf(c: CodedError): string {
  return Object.keys(c.params).length === 0 ? c.code : `${c.code} ${JSON.stringify(c.params)}`;
}

const TOKEN = /^([A-Z][A-Z0-9_]*)(?: (\{.*\}))?$/s;

/**
 * The code and params of a string shaped like an `errorToken`; undefined for any other string. The
 * code is not checked against the catalogue here (error-codes.ts `readErrorToken` does): a caller
 * that translates treats a code it does not know as text.
 */
export function parseErrorToken(text: string): { code: string; params: ErrorParams } | undefined {
  const match = TOKEN.exec(text);
  if (!match) return undefined;
  if (match[2] === undefined) return { code: match[1]!, params: {} };
  try {
    const params = JSON.parse(match[2]) as unknown;
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return undefined;
    return { code: match[1]!, params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) };
  } catch {
    return undefined;
  }
}

import { TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { zodFieldErrors, unknownFields } from './zod-issues';
import { coded, readErrorToken, renderError, type CodedError, type ErrorCode, type ErrorParams } from '../shared/error-codes';

/*
 * The server's one error type and its one wire form (decision 0241; Documenso's AppError is the
 * model). A refusal is an `AppError`: its kind (the HTTP class), a code of the catalogue
 * (src/shared/error-codes.ts) with params, and field errors. `toWire` turns any thrown value into
 * what the wire says; the problem+json writer (http/problem.ts) and tRPC's error formatter
 * (trpc.ts) both print that, so REST and tRPC answer the same error alike.
 */

/** The HTTP class of a refusal, by tRPC's names (plus the one HTTP status tRPC has no name for). */
export const KIND_STATUS = {
  BAD_REQUEST: 400,
  PARSE_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type AppErrorKind = keyof typeof KIND_STATUS;

/** A catalogue error: its code and params, or its `errorToken` (what zod messages and `*_ERR` hold). */
export type ErrorMessage = string | CodedError;
/** Field path → messages. */
export type FieldMessages = Record<string, ErrorMessage[]>;

/** What a message says on the wire: the English detail, and its code and params when it has one. */
export interface Described {
  detail: string;
  coded: CodedError | undefined;
}

/** A token is read back to its code; any other string (a library's own text) stays a text without code. */
export function describe(message: ErrorMessage): Described {
  if (typeof message !== 'string') return { detail: renderError(message), coded: message };
  const c = readErrorToken(message);
  return c ? { detail: renderError(c), coded: c } : { detail: message, coded: undefined };
}

/**
 * Field errors in both forms: `errors` (field → English sentences, spec §5/§8 and DESIGN §6) and
 * the parallel `errorCodes` (field → `{ code, params }`). Never null (issue 37 §2): a message
 * without a code of its own (a library's text) is INVALID_VALUE, its text kept in `errors`.
 */
export interface WireFieldErrors {
  errors: Record<string, string[]>;
  errorCodes: Record<string, CodedError[]>;
}

export function describeFields(fields: FieldMessages | undefined): WireFieldErrors | undefined {
  if (!fields || Object.keys(fields).length === 0) return undefined;
  // No prototype: field names come from the client (e.g. an unknown key "__proto__").
  const out: WireFieldErrors = { errors: Object.create(null) as WireFieldErrors['errors'], errorCodes: Object.create(null) as WireFieldErrors['errorCodes'] };
  for (const [field, list] of Object.entries(fields)) {
    const described = list.map(describe);
    out.errors[field] = described.map((d) => d.detail);
    out.errorCodes[field] = described.map((d) => d.coded ?? { code: 'INVALID_VALUE', params: {} });
  }
  return out;
}

/**
 * A refusal (DESIGN §6): `kind` gives the HTTP status; `message` is a catalogue code with params
 * (or its token); `fields` maps a field to its messages (400s, and a duplicate key on its field).
 * Independent of tRPC: procedures, raw routes and the HTTP layer throw the same class.
 */
export class AppError extends Error {
  /** the catalogue error; undefined only for a message that is no token (a bug: it answers without a code) */
  readonly coded: CodedError | undefined;
  readonly status: number;
  /** response headers the refusal carries (a lockout's Retry-After) */
  readonly headers: Record<string, string> | undefined;
  constructor(
    readonly kind: AppErrorKind,
    message: ErrorMessage,
    readonly fields?: FieldMessages,
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    const { detail, coded: c } = describe(message);
    super(detail, options);
    this.name = 'AppError';
    this.status = KIND_STATUS[kind];
    this.coded = c;
    this.headers = options?.headers;
  }

  /** The catalogue code. */
  get code(): ErrorCode {
    return this.coded?.code ?? 'INTERNAL';
  }

  get params(): ErrorParams {
    return this.coded?.params ?? {};
  }

  /** Field → English messages (what `errors` of a problem body says). */
  get errors(): Record<string, string[]> | undefined {
    return describeFields(this.fields)?.errors;
  }
}

/** One field error as a 400. */
export const fieldError = (field: string, message: ErrorMessage) => new AppError('BAD_REQUEST', message, { [field]: [message] });

export { zodFieldErrors } from './zod-issues';

/**
 * A database that went away (terminated connection, restart, refused connect) is a 503 the caller
 * may retry, not a 500 bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      // 57P01 admin_shutdown (pg_terminate_backend), 57P02/57P03 crash/cannot connect now, class 08 connection exceptions
      if (/^(57P0[123]|08\d\d\d|53300)$/.test(code)) return true;
      if (
        [
          'ECONNREFUSED',
          'ECONNRESET',
          'EPIPE',
          'ETIMEDOUT',
          'ENOTFOUND',
          'EHOSTUNREACH',
          'CONNECTION_CLOSED',
          'CONNECTION_ENDED',
          'CONNECTION_DESTROYED',
          'CONNECT_TIMEOUT',
        ].includes(code)
      )
        return true;
    }
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect|Cannot use a pool after calling end|is not currently accepting connections|the database system is (starting up|shutting down)/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}

/** What the wire says of an error, whichever transport carries it. */
export interface WireError {
  status: number;
  /** tRPC's name of the status (`data.code` of a tRPC error) */
  kind: keyof typeof TRPC_ERROR_CODES_BY_KEY;
  detail: string;
  code?: ErrorCode | undefined;
  params?: ErrorParams | undefined;
  errors?: Record<string, string[]> | undefined;
  errorCodes?: Record<string, CodedError[]> | undefined;
  headers?: Record<string, string> | undefined;
  /** set for a fault of ours (500) or of the database (503): the caller logs it with the request id */
  fault?: 'error' | 'warn' | undefined;
}

const KIND_OF_STATUS = new Map<number, WireError['kind']>([
  [400, 'BAD_REQUEST'],
  [401, 'UNAUTHORIZED'],
  [403, 'FORBIDDEN'],
  [404, 'NOT_FOUND'],
  [405, 'METHOD_NOT_SUPPORTED'],
  [409, 'CONFLICT'],
  [413, 'PAYLOAD_TOO_LARGE'],
  [415, 'UNSUPPORTED_MEDIA_TYPE'],
  [422, 'UNPROCESSABLE_CONTENT'],
  [429, 'TOO_MANY_REQUESTS'],
  [503, 'SERVICE_UNAVAILABLE'],
]);

function wire(status: number, message: ErrorMessage, fields?: FieldMessages, kind?: WireError['kind']): WireError {
  const { detail, coded: c } = describe(message);
  const out: WireError = { status, kind: kind ?? KIND_OF_STATUS.get(status) ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST'), detail };
  if (c) {
    out.code = c.code;
    out.params = c.params;
  }
  const described = describeFields(fields);
  if (described) {
    out.errors = described.errors;
    out.errorCodes = described.errorCodes;
  }
  return out;
}

/** A refusal's wire form from its status and message (the refusals the HTTP layer answers itself). */
export const refusalWire = (status: number, message: ErrorMessage, fields?: FieldMessages): WireError => wire(status, message, fields);

/**
 * Any thrown value → its wire form: an AppError as it says; invalid input as VALIDATION with the
 * field errors; a lost database as a 503 to retry; anything else a 500 that says nothing of itself.
 */
export function toWire(error: unknown): WireError {
  if (isDatabaseUnavailable(error)) return { ...wire(503, coded('DB_UNAVAILABLE')), headers: { 'Retry-After': '5' }, fault: 'warn' };
  if (error instanceof AppError) {
    const w = wire(error.status, error.coded ?? error.message, error.fields, error.kind === 'URI_TOO_LONG' ? 'BAD_REQUEST' : error.kind);
    return error.headers ? { ...w, headers: error.headers } : w;
  }
  if (error instanceof ZodError) {
    // An unknown key is the caller's bug, not a value to correct: the refusal says so by its code.
    const unknown = unknownFields(error);
    return wire(400, unknown.length ? coded('UNKNOWN_FIELD', { field: unknown.join(', ') }) : coded('VALIDATION'), zodFieldErrors(error), 'BAD_REQUEST');
  }
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError || error.cause instanceof ZodError) return toWire(error.cause);
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500) return { ...wire(500, coded('INTERNAL')), fault: 'error' };
    // tRPC's own refusals (an input it could not parse …): its text, without a code of ours.
    return wire(status, error.message, undefined, error.code);
  }
  return { ...wire(500, coded('INTERNAL')), fault: 'error' };
}

/** tRPC's error envelope of a wire error (what @trpc/client reads; decision 0160's `data`). */
export function trpcErrorShape(w: WireError) {
  return {
    message: w.detail,
    code: TRPC_ERROR_CODES_BY_KEY[w.kind],
    data: { code: w.kind, httpStatus: w.status, appCode: w.code, params: w.params, errors: w.errors, errorCodes: w.errorCodes },
  };
}

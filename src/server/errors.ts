import { TRPCError } from '@trpc/server';
import { identifyError, renderError, type CodedError } from '../shared/error-codes';

export type AppErrorCode = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'TOO_MANY_REQUESTS';

/** A catalogue sentence (src/shared/error-codes.ts): its code, or its English (then identified). */
export type ErrorMessage = string | CodedError;
/** Field path → messages. */
export type FieldMessages = Record<string, ErrorMessage[]>;

/** What an error says on the wire: the English detail, and its code and params when the catalogue knows it. */
export interface Described {
  detail: string;
  coded: CodedError | undefined;
}

export function describe(message: ErrorMessage): Described {
  return typeof message === 'string' ? { detail: message, coded: identifyError(message) } : { detail: renderError(message), coded: message };
}

/**
 * Field errors in both forms: `errors` (field → English sentences, spec §5/§8 and DESIGN §6) and
 * the parallel `errorCodes` (field → `{ code, params }`, null where a sentence has no code).
 */
export interface WireFieldErrors {
  errors: Record<string, string[]>;
  errorCodes: Record<string, Array<CodedError | null>>;
}

export function describeFields(fields: FieldMessages | undefined): WireFieldErrors | undefined {
  if (!fields || Object.keys(fields).length === 0) return undefined;
  const out: WireFieldErrors = { errors: {}, errorCodes: {} };
  for (const [field, list] of Object.entries(fields)) {
    const described = list.map(describe);
    out.errors[field] = described.map((d) => d.detail);
    out.errorCodes[field] = described.map((d) => d.coded ?? null);
  }
  return out;
}

/**
 * A business error (DESIGN §6) built from the catalogue: `message` is a code with params (or its
 * English sentence); `fields` maps a field to its messages (400s, and a duplicate key on its field).
 */
export class AppError extends TRPCError {
  readonly coded: CodedError | undefined;
  readonly fields: FieldMessages | undefined;
  constructor(code: AppErrorCode, message: ErrorMessage, fields?: FieldMessages) {
    const { detail, coded } = describe(message);
    super({ code, message: detail });
    this.coded = coded;
    this.fields = fields;
  }

  /** Field → English messages (what `errors` of a problem body says). */
  get errors(): Record<string, string[]> | undefined {
    return describeFields(this.fields)?.errors;
  }
}

export const STATUS: Record<string, number> = {
  BAD_REQUEST: 400,
  PARSE_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

/** One field error as a 400. */
export const fieldError = (field: string, message: ErrorMessage) => new AppError('BAD_REQUEST', message, { [field]: [message] });

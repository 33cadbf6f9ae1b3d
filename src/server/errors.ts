import { TRPCError } from '@trpc/server';

export type AppErrorCode = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'TOO_MANY_REQUESTS';

/**
 * A business error with the spec's English sentence as message (DESIGN §6). `errors` maps a field
 * to its messages for 400s.
 */
export class AppError extends TRPCError {
  readonly errors: Record<string, string[]> | undefined;
  constructor(code: AppErrorCode, message: string, errors?: Record<string, string[]>) {
    super({ code, message });
    this.errors = errors;
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
export const fieldError = (field: string, message: string) => new AppError('BAD_REQUEST', message, { [field]: [message] });

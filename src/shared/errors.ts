import { errorToken } from './error-tokens';

/**
 * Short names for the catalogue's errors (src/shared/error-codes.ts) as tokens (`errorToken`): the
 * zod messages of the shared schemas. The server sends them as code + params + English detail;
 * the client translates them by code (src/client/lib/errors.ts).
 */
export const ERR = {
  required: errorToken('REQUIRED'),
  invalidChars: errorToken('INVALID_CHARS'),
  mustBeString: errorToken('MUST_BE_STRING'),
  mustBeNumber: errorToken('MUST_BE_NUMBER'),
  mustBeBoolean: errorToken('MUST_BE_BOOLEAN'),
  passwordsMustMatch: errorToken('PASSWORDS_MUST_MATCH'),
  timeOrder: errorToken('TIME_ORDER'),
  quantityZero: errorToken('QUANTITY_ZERO'),
  timeStep: errorToken('TIME_STEP'),
  invalidDate: errorToken('INVALID_DATE'),
  invalidTime: errorToken('INVALID_TIME'),
  tooManyDecimals: errorToken('TOO_MANY_DECIMALS'),
  authFailed: errorToken('AUTH_FAILED'),
  lockedOut: errorToken('LOCKED_OUT'),
  notAllowedToLogin: errorToken('NOT_ALLOWED_TO_LOGIN'),
  usernameTaken: errorToken('USERNAME_TAKEN'),
  noAccount: errorToken('NO_ACCOUNT'),
  notFound: errorToken('NOT_FOUND'),
  forbidden: errorToken('FORBIDDEN'),
  unauthorized: errorToken('UNAUTHORIZED'),
  csrf: errorToken('CSRF'),
  validation: errorToken('VALIDATION'),
  internal: errorToken('INTERNAL'),
  nulChar: errorToken('NUL_CHAR'),
  dateOutOfRange: errorToken('DATE_OUT_OF_RANGE'),
} as const;

export const tooLong = (max: number) => errorToken('TOO_LONG', { max });
export const tooHigh = (property: string, max: number | string) => errorToken('TOO_HIGH', { property, max });
export const tooLow = (property: string, min: number | string) => errorToken('TOO_LOW', { property, min });
export const cannotBe = (field: string, value: string) => errorToken('CANNOT_BE', { field, value });

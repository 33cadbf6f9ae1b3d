import { ERROR_TEMPLATES as T, errorText } from './error-codes';

/**
 * Short names for the catalogue's English sentences (src/shared/error-codes.ts), as zod messages
 * and in tests. The server sends them with their code; integrators read them as they are.
 */
export const ERR = {
  required: T.REQUIRED,
  invalidChars: T.INVALID_CHARS,
  mustBeString: T.MUST_BE_STRING,
  mustBeNumber: T.MUST_BE_NUMBER,
  mustBeBoolean: T.MUST_BE_BOOLEAN,
  passwordsMustMatch: T.PASSWORDS_MUST_MATCH,
  timeOrder: T.TIME_ORDER,
  quantityZero: T.QUANTITY_ZERO,
  timeStep: T.TIME_STEP,
  invalidDate: T.INVALID_DATE,
  invalidTime: T.INVALID_TIME,
  tooManyDecimals: T.TOO_MANY_DECIMALS,
  authFailed: T.AUTH_FAILED,
  lockedOut: T.LOCKED_OUT,
  notAllowedToLogin: T.NOT_ALLOWED_TO_LOGIN,
  usernameTaken: T.USERNAME_TAKEN,
  noAccount: T.NO_ACCOUNT,
  notFound: T.NOT_FOUND,
  forbidden: T.FORBIDDEN,
  unauthorized: T.UNAUTHORIZED,
  csrf: T.CSRF,
  validation: T.VALIDATION,
  internal: T.INTERNAL,
  nulChar: T.NUL_CHAR,
  dateOutOfRange: T.DATE_OUT_OF_RANGE,
} as const;

export const tooLong = (max: number) => errorText('TOO_LONG', { max });
export const tooHigh = (property: string, max: number | string) => errorText('TOO_HIGH', { property, max });
export const tooLow = (property: string, min: number | string) => errorText('TOO_LOW', { property, min });
export const cannotBe = (field: string, value: string) => errorText('CANNOT_BE', { field, value });

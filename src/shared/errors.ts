/**
 * The English sentences the server sends (spec §5, §8). The client maps them to translated
 * messages (src/client/lib/translate-error.ts); integrators read them as they are.
 */
export const ERR = {
  required: 'Field is required',
  invalidChars: 'Field contains invalid characters',
  mustBeString: 'Field must be a string',
  mustBeNumber: 'Field must be a number',
  mustBeBoolean: 'Field must be true/false',
  passwordsMustMatch: 'Passwords must match',
  timeOrder: 'Time to must be later than Time from',
  quantityZero: 'Quantity cannot be zero',
  timeStep: 'Time must be in steps of 15 minutes',
  invalidDate: 'Field must be a valid date',
  invalidTime: 'Field must be a valid time',
  tooManyDecimals: 'Field can have at most 2 decimals',
  authFailed: 'User authentication failed',
  lockedOut: 'User is locked out',
  notAllowedToLogin: 'User not allowed to log in',
  usernameTaken: 'Username already exists for this account',
  noAccount: 'Cannot find the account to create user for',
  notFound: 'Not found',
  forbidden: 'You are not allowed to do this',
  unauthorized: 'Not logged in',
  csrf: 'Cross-site request refused',
  validation: 'Validation failed',
  internal: 'Something went wrong',
  nulChar: 'Field cannot contain a NUL character',
  dateOutOfRange: 'Date must be between 1900-01-01 and 2999-12-31',
} as const;

export const tooLong = (max: number) => `Field cannot be longer than ${max} characters`;
export const tooHigh = (property: string, max: number | string) => `${property} cannot be higher than ${max}`;
export const tooLow = (property: string, min: number | string) => `${property} cannot be lower than ${min}`;
export const cannotBe = (field: string, value: string) => `${field} cannot be: ${value}`;

import { coded, parseErrorToken, type CodedError, type ErrorCode, type ParamsOf } from './error-tokens';

export * from './error-tokens';

/**
 * The one catalogue of the errors the server sends (docs/decisions/0160-error-codes.md): a stable
 * machine code → the English sentence with named `{params}`. The server renders every `detail`
 * from here and sends `code` + `params` beside it; the client translates by code
 * (src/client/lib/errors.ts) and shows the English `detail` for a code it does not know.
 *
 * Codes are stable: integrators may switch on them. Rename the English, never the code.
 */
export const ERROR_TEMPLATES = {
  // Field rules (spec §5)
  REQUIRED: 'Field is required',
  INVALID_CHARS: 'Field contains invalid characters',
  MUST_BE_STRING: 'Field must be a string',
  MUST_BE_NUMBER: 'Field must be a number',
  MUST_BE_BOOLEAN: 'Field must be true/false',
  MUST_BE_ANY: 'Field must be a string, number or true/false',
  PASSWORDS_MUST_MATCH: 'Passwords must match',
  TIME_ORDER: 'Time to must be later than Time from',
  QUANTITY_ZERO: 'Quantity cannot be zero',
  TIME_STEP: 'Time must be in steps of 15 minutes',
  INVALID_DATE: 'Field must be a valid date',
  INVALID_TIME: 'Field must be a valid time',
  TOO_MANY_DECIMALS: 'Field can have at most 2 decimals',
  NUL_CHAR: 'Field cannot contain a NUL character',
  DATE_OUT_OF_RANGE: 'Date must be between 1900-01-01 and 2999-12-31',
  TOO_LONG: 'Field cannot be longer than {max} characters',
  TOO_HIGH: '{property} cannot be higher than {max}',
  TOO_LOW: '{property} cannot be lower than {min}',
  CANNOT_BE: '{field} cannot be: {value}',
  DATE_RANGE: 'From date cannot be later than To date',
  VALUE_NOT_ALLOWED: 'Field cannot be: {value}',
  MUST_BE_ID_LIST: 'Field must be a list of record ids',
  INVALID_CURSOR: 'Invalid cursor',
  PAGE_TOO_LARGE: 'At most {max} records per page',
  ENTRY_PAGE_TOO_LARGE: 'At most {max} entries per page',
  /** a key the input does not know (issue 37): refused, never dropped */
  UNKNOWN_FIELD: 'Unknown field {field}',
  MUST_BE_TYPE: 'Field must be of type {expected}',
  MUST_BE_LIST: 'Field must be a list',
  MUST_BE_OBJECT: 'Field must be an object',
  TOO_SHORT: 'Field must be at least {min} characters',
  TOO_MANY_ITEMS: 'At most {max} items',
  TOO_FEW_ITEMS: 'At least {min} items',
  INVALID_FORMAT: 'Field has an invalid format ({format})',
  NOT_ONE_OF: 'Field must be one of: {allowed}',
  NOT_MULTIPLE_OF: 'Field must be a multiple of {divisor}',
  INVALID_VALUE: 'Field has an invalid value',

  // Auth and access (spec §8)
  AUTH_FAILED: 'User authentication failed',
  /** Spec §8's exact sentence; a lockout adds params.minutes and Retry-After (issue 37 §4). */
  LOCKED_OUT: 'User is locked out',
  /** No longer sent (issue 37 §4: the detail stays exact); kept because codes are stable. */
  LOCKED_OUT_FOR: 'User is locked out. Try again in {minutes} min',
  NOT_ALLOWED_TO_LOGIN: 'User not allowed to log in',
  USERNAME_TAKEN: 'Username already exists for this account',
  NO_ACCOUNT: 'Cannot find the account to create user for',
  NOT_FOUND: 'Not found',
  FORBIDDEN: 'You are not allowed to do this',
  UNAUTHORIZED: 'Not logged in',
  INVALID_API_KEY: 'Invalid API key',
  CSRF: 'Cross-site request refused',
  VALIDATION: 'Validation failed',
  INTERNAL: 'Something went wrong',
  ACCOUNT_CODE_TAKEN: 'Account code {code} already exists',

  // Second factor (issue 41)
  LOGIN_CHALLENGE_EXPIRED: 'The sign-in took too long. Start again',
  SECOND_FACTOR_INVALID: 'The code is not valid',
  SECOND_FACTOR_REUSED: 'This code was already used. Wait for the next code',
  TOTP_NOT_ENROLLED: 'Two-factor authentication is not set up',
  TOTP_NOT_STARTED: 'Start setting up two-factor authentication first',
  TOTP_ALREADY_ENROLLED: 'Two-factor authentication is already on',
  SECOND_FACTOR_REQUIRED: 'Your account requires two-factor authentication; it cannot be turned off',

  // Passkeys (issue 41 §3, decision 0400)
  PASSKEY_UNKNOWN: 'This passkey is not registered with Webtid',
  PASSKEY_CHALLENGE_EXPIRED: 'The passkey request has expired or was already used. Try again',
  PASSKEY_WRONG_ORIGIN: 'The passkey answer came from another website',
  PASSKEY_COUNTER: 'This passkey may have been copied: its counter went back. Sign in another way and remove it',
  PASSKEY_OTHER_ACCOUNT: 'This passkey belongs to another user',
  PASSKEY_INVALID: 'The passkey could not be verified',
  PASSKEY_CANCELLED: 'The passkey was not used. Try again, or sign in another way',

  // Single sign-on (issue 41, decision 0390)
  SSO_ISSUER_URL: 'The issuer must be an https:// address',
  SSO_DOMAIN_FORMAT: 'Not an e-mail domain',
  SSO_NOT_CONFIGURED: 'Single sign-on is not set up for this account',
  SSO_PROVIDER_UNAVAILABLE: 'The sign-in provider did not answer. Try again, or sign in with your password',
  SSO_PROVIDER_REFUSED: 'The sign-in provider refused the sign-in',
  SSO_STATE_INVALID: 'The sign-in has expired or was already used. Start again',
  SSO_TOKEN_INVALID: "The sign-in provider's answer could not be verified",
  SSO_TENANT_MISMATCH: 'This Microsoft organisation may not sign in to this account',
  SSO_OTHER_ACCOUNT: 'This sign-in belongs to a user of another account',
  SSO_DOMAIN_NOT_ALLOWED: 'Your e-mail domain may not sign in to this account',
  SSO_NO_USER: 'No user has your e-mail address. Ask your administrator to create you',
  SSO_REQUIRED: "Your account signs in with single sign-on. Use your company's sign-in button",

  // Users
  EMAIL_FORMAT: 'Not an e-mail address',
  EMAIL_TAKEN: 'Another user of the account has this e-mail address',
  PASSWORD_TOO_SHORT: 'Password must be at least {min} characters',
  OWN_ROLE: 'You cannot change your own role',
  OWN_EXPIRATION: 'You cannot change your own expiration date',
  OWN_DEACTIVATE: 'You cannot deactivate yourself',
  OWN_DELETE: 'You cannot delete yourself',
  USER_HAS_ENTRIES: 'The user has worksheet entries and cannot be deleted; deactivate the user instead',
  RESOURCE_NOT_ACTIVE: 'Choose an active resource of the account',
  LAST_ADMIN: 'The account must keep at least one active Admin without an expiration date',

  // Worksheet records
  APPROVED_LOCKED: 'The record is approved and cannot be changed',
  EXPORTED_LOCKED: 'The record is exported and cannot be changed',
  STALE: 'The record was changed by someone else in the meantime. Reload it and try again',
  NOT_BILL_TO: 'The customer is not the bill-to customer of the job',
  WORK_TYPE_UOM: "The unit of measure must be the work type's unit of measure",
  TOO_MANY_ATTACHMENTS: 'A record can have at most {max} attachments',
  FILE_TYPE: 'Only JPEG, PNG, WebP and HEIC images can be attached',
  FILE_TOO_LARGE: 'An attachment cannot be larger than {max} MB',
  TOO_MANY_PIXELS: 'An image cannot be larger than {max} megapixels',
  COPY_TOO_MANY: 'At most {max} entries can be copied at once',
  COPY_TARGET: 'Give either a target date (toDate) or a target week (toWeek), not both',
  COPY_NOT_FOUND: 'Entry {id} was not found',
  COPY_TARGET_EXPORTED: '{user} has exported entries on {date}; nothing can be copied to that day',
  COPY_ENTRY_REFUSED: 'Entry {id} of {date} cannot be copied: {reason}',
  BULK_TOO_MANY: 'At most {max} entries can be approved at once; narrow the filter',
  BULK_TARGET: 'Give either ids or a filter, not both',
  FILTER_NOT_IN_TEAM: '{user} is not in your team',
  FILTER_ONLY_SELF: 'Your own list shows only your entries',
  RETURN_TARGET: 'Give either ids or a person and a week, not both',
  PERIOD_CLOSED: 'The period up to {date} is closed; entries on or before that date cannot be changed',
  WEEK_SUBMITTED: 'Week {week} is submitted; it can be changed again when your team leader sends it back',
  WEEK_NOT_SUBMITTED: 'Week {week} of {user} is not submitted',
  WEEK_SUBMIT_OFF: 'Weeks are not submitted in this account',
  DAY_OVER_24_HOURS: 'The hours of {date} would come to {hours}; a day has at most 24 hours',

  // Master data (entity and parent are MasterDataEntity names)
  MD_EXISTS: '{entity} {key} already exists',
  MD_EXISTS_FOR: '{entity} {key} already exists for {parent} {parentKey}',
  MD_IN_USE: '{entity} {key} is still in use; deactivate it instead',
  MD_DEFAULT_RESOURCE: 'Resource {key} is the default resource of a user; deactivate it instead',
  BILL_TO_NOT_ACTIVE: 'Bill-to customer must be an active customer',
  UNKNOWN_UOM: 'Unit of measure code does not exist',

  // Master-data import (issue 42)
  IMPORT_NO_FILE: 'Choose a file to import',
  IMPORT_FILE_TYPE: 'Only CSV files and Excel workbooks (.xlsx) can be imported',
  IMPORT_UNREADABLE: 'The file could not be read',
  IMPORT_EMPTY: 'The file has no rows',
  IMPORT_TOO_MANY_ROWS: 'A file can have at most {max} rows',
  IMPORT_UNPACKED_TOO_LARGE: 'The workbook unpacks to more than {max} MB',
  IMPORT_SEVERAL_SHEETS: 'The workbook has data on several sheets ({sheets}); keep the data on one sheet',
  IMPORT_MISSING_COLUMN: 'No column is mapped to {field}',
  IMPORT_FORMULA: 'The cell holds a formula; import values only',
  IMPORT_DUPLICATE: '{key} is in the file more than once (first in row {row})',
  IMPORT_PARENT_MISSING: '{entity} {key} does not exist',
  IMPORT_USER_ROLE: 'The role and the active state of an existing user are changed in the user screen, not by an import',
  IMPORT_FAILED: 'The import failed; nothing was written',
  IMPORT_INTERRUPTED: 'The import was interrupted (the server restarted); nothing was written',
  IMPORT_NO_REPORT: 'This import has no report to download ({status})',
  PASSWORD_LINK_INVALID: 'This link to set a password is not valid',
  PASSWORD_LINK_EXPIRED: 'This link to set a password has expired; ask your administrator for a new one',
  PASSWORD_LINK_USED: 'This link to set a password has already been used',

  // Export
  EXPORT_TOO_MANY: 'At most {max} entries can be downloaded at once',
  EXPORT_NEEDS_USER: 'Download preferences belong to a user; an API key has none',
  EXPORT_ARCHIVED_MARK: 'Archived entries cannot be marked as exported again',
  EXPORT_NOTHING: 'Nothing to export: no entry matches the filters',

  // Reports (issue 26)
  REPORT_UNKNOWN: 'Unknown {what}: {value}; choose from {allowed}',
  REPORT_TOO_MANY_GROUPS: 'Group by at most {max} levels',
  REPORT_PERIOD_TOO_LONG: 'The period can be at most {max} years',
  REPORT_PERSON: 'You cannot see the entries of user {user}',

  // Webhooks
  WEBHOOK_URL: 'Enter an http(s) URL',
  WEBHOOK_PRIVATE_ADDRESS: 'The URL must resolve to a public address',
  WEBHOOK_UNRESOLVABLE: 'The host name could not be resolved',
  WEBHOOK_TOO_MANY: 'At most {max} webhook endpoints per account',
  WEBHOOK_EVENTS: 'Choose at least one event',
  WEBHOOK_DISABLED: 'The endpoint is disabled',

  // The HTTP layer
  TOO_LARGE_RESULT: 'The result is too large; narrow the filter',
  DB_UNAVAILABLE: 'The database is unavailable; try again shortly',
  SHUTTING_DOWN: 'The server is restarting; try again shortly',
  BAD_ENCODING: 'Malformed percent-encoding in the path',
  MALFORMED_MULTIPART: 'Malformed multipart body',
  MALFORMED_JSON: 'Malformed JSON body',
  BODY_NOT_OBJECT: 'The request body must be a JSON object',
  BODY_TOO_LARGE: 'Request body is too large',
  BODY_TOO_SHORT: 'Request body longer than its Content-Length',
  REQUEST_ABORTED: 'Request aborted',
  UNSUPPORTED_CONTENT_TYPE: 'Unsupported content type {type}',
  METHOD_NOT_ALLOWED: 'Method {method} is not allowed here',
  URL_TOO_LONG: 'The URL is longer than {max} bytes',
  FIELD_TOO_LARGE: 'Field {name} is too large',
  UPLOAD_TOO_LARGE: 'File {name} is larger than {max} MB',
  TOO_MANY_FILES: 'At most {max} files per request',
  TOO_MANY_FIELDS: 'Too many fields',
  TOO_MANY_PARTS: 'Too many parts',
  TOO_MANY_CALLS: 'At most {max} calls per batch',
  PART_WITHOUT_NAME: 'Malformed multipart body: a part has no name',
  NO_API_PATH: 'No API path {method} {path}',
  BATCH_NEEDED: 'Several procedures need ?batch=1',
  MALFORMED_PROCEDURE_PATH: 'Malformed procedure path',
  NO_PROCEDURE: 'No procedure found on path "{path}"',
  PROCEDURE_METHOD: 'Unsupported {method}-request to {type} procedure at path "{path}"',
  UNSUPPORTED_METHOD: 'Unsupported {method} request',
  MALFORMED_INPUT: 'Malformed JSON in "input"',
  BATCH_INPUT_NOT_OBJECT: '"input" needs to be an object when doing a batch call',
  IDEMPOTENCY_KEY: 'Idempotency-Key must be 1–255 printable ASCII characters',
  IDEMPOTENCY_MISMATCH: 'This Idempotency-Key was already used for a different request',
  IDEMPOTENCY_RUNNING: 'A request with this Idempotency-Key is still being processed; retry later',
} as const;

export const ERROR_CODES = Object.keys(ERROR_TEMPLATES) as ErrorCode[];

/** The English sentence of a code with its params filled in. */
export function renderError(error: CodedError): string {
  return ERROR_TEMPLATES[error.code].replace(/\{(\w+)\}/g, (whole, name: string) => error.params[name] ?? whole);
}

/** English text of a code: `errorText('TOO_LONG', { max: 20 })`. */
export function errorText<C extends ErrorCode>(code: C, ...params: keyof ParamsOf<C> extends never ? [] : [ParamsOf<C>]): string {
  return renderError(coded(code, ...params));
}

/** The code and params of an `errorToken` of this catalogue; undefined for any other string (a text shown as it is). */
export function readErrorToken(text: string): CodedError | undefined {
  const token = parseErrorToken(text);
  return token && Object.hasOwn(ERROR_TEMPLATES, token.code) ? { code: token.code as ErrorCode, params: token.params } : undefined;
}

/** A token or a catalogue error in English (a string that is no token is already a text). */
export function englishOf(message: string | CodedError): string {
  if (typeof message !== 'string') return renderError(message);
  const c = readErrorToken(message);
  return c ? renderError(c) : message;
}

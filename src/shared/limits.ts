/** Every number of spec §9 (and DESIGN §4) in one place. */
export const IDLE_TIMEOUT_MS = 10 * 60 * 1000;
export const IDLE_RELOAD_MS = 3000;
export const TIME_STEP_MINUTES = 15;
export const QUANTITY_MAX = 99999999.99;
export const QUANTITY_MIN = 0;
export const QUANTITY_DECIMALS = 2;

export const MAX = {
  username: 20,
  itemNo: 20,
  resourceNo: 20,
  customerNo: 20,
  jobCode: 20,
  jobTaskCode: 20,
  teamCode: 20,
  workTypeCode: 10,
  unitCode: 10,
  locationCode: 10,
  name: 100,
  description: 100,
  unitDescription: 50,
  password: 200,
  accountCode: 20,
} as const;

export const MODES = ['YOURS', 'TEAM', 'ALL'] as const;
export type Mode = (typeof MODES)[number];
export const UNIT_TYPES = ['Item', 'Resource'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
export const RESOURCE_UNITS = ['Time', 'Quantity'] as const;
export type ResourceUnits = (typeof RESOURCE_UNITS)[number];
export const LANGUAGE_CODES = ['ENU', 'DAN'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const PROFILE_TYPES = ['Basic', 'Teamleader', 'Admin'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

export const BREAKPOINTS = { phone: 0, tablet: 640, laptop: 1024, desktop: 1280 } as const;
export const BREADCRUMB_DEPTH = 3;
export const CSV_FILE_NAME = 'worsheet.csv';

/** Login throttling (DESIGN §4). */
export const LOGIN_MAX_FAILURES = 5;
/** Issue 41: who must use a second factor, an account setting. */
export const SECOND_FACTOR_REQUIRED = ['none', 'privileged', 'everyone'] as const;
export type SecondFactorRequired = (typeof SECOND_FACTOR_REQUIRED)[number];
/** Wrong second-factor codes a user may try per window (LOGIN_LOCK_MINUTES) before a lock (issue 41: "10 wrong codes"). */
export const SECOND_FACTOR_MAX_FAILURES = 10;
/** Minutes between a right password and its second factor. */
export const LOGIN_CHALLENGE_MINUTES = 5;
/** Recovery codes handed out at once, each good once. */
export const RECOVERY_CODE_COUNT = 10;
/** Passkeys one user may register (issue 41 §3). */
export const PASSKEY_MAX_PER_USER = 20;
export const LOGIN_LOCK_MINUTES = 15;
/** Sessions (DESIGN §4). */
export const SESSION_REMEMBER_DAYS = 30;
export const SESSION_BROWSER_HOURS = 12;

/** Attachments (DESIGN §4). */
export const ATTACHMENT_MAX_FILES = 10;
export const ATTACHMENT_MAX_BYTES = 15 * 1024 * 1024;
export const MULTIPART_MAX_FIELD_BYTES = 64 * 1024;
export const MULTIPART_MAX_FIELDS = 100;
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/** The range of every date input (entries, filters, expirations): see isoDate in fields.ts. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2999-12-31';
/** Largest image (width × height) an attachment may have: decoding costs CPU and memory by pixels, not bytes. */
export const ATTACHMENT_MAX_PIXELS = 50_000_000;
/** Login throttling per username across all addresses (DESIGN §4): against distributed guessing. */
export const LOGIN_MAX_FAILURES_PER_USERNAME = 50;
/**
 * Login throttling per client address across all usernames (issue 21 §3, decision 0192): against
 * password spraying (one password tried on many names). Evaluated attempts per 15 minutes.
 */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 30;
/** Lists (issue 9): entries per page by default, and the most one request may ask for (more → 400). */
export const PAGE_SIZE_DEFAULT = 200;
export const PAGE_SIZE_MAX = 1000;
/** HTTP limits, the same on REST and tRPC (docs/http-limits.md). */
export const TRPC_MAX_BATCH = 10;
/** Request line + headers (Node's maxHeaderSize): the query string of a GET lives here too. */
export const HEADERS_MAX_BYTES = 16 * 1024;
export const URL_MAX_BYTES = 8 * 1024;
/** A JSON answer larger than this is refused with 413 instead of being built (until lists are paged). */
export const RESPONSE_MAX_BYTES = 64 * 1024 * 1024;

/** Issue 22 §5: the most entries one "Copy to…" call takes (more answers 400 before any work). */
export const COPY_MAX = 500;
/** Issue 23 §2: the most entries one bulk approve / unapprove call changes (more answers 400 before any work). */
export const BULK_APPROVE_MAX = 1000;
/** Issue 40 §1: the longest reason of a return. */
export const RETURN_REASON_MAX = 500;
/** Issue 40 §3: how many closes and reopens the admin page lists. */
export const PERIOD_LOG_MAX = 50;
/** Issue 23 §1: the approval filter of the lists. */
export const APPROVAL_FILTERS = ['notApproved', 'approved', 'returned', 'all'] as const;
export type ApprovalFilter = (typeof APPROVAL_FILTERS)[number];
/** Issue 40 §2: the list's week-submission filter (the owner's week submitted, or not). */
export const SUBMISSION_FILTERS = ['submitted', 'notSubmitted'] as const;
export type SubmissionFilter = (typeof SUBMISSION_FILTERS)[number];

/** Issue 42: master-data import. Rows per file, and what an xlsx may unpack to (a zip bomb is refused unread). */
export const IMPORT_MAX_ROWS = 25_000;
export const IMPORT_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** Rows the import report lists in full (counts cover all); refused rows always come first. */
export const IMPORT_REPORT_MAX_ROWS = 5_000;
/** Records one bulk upsert takes (PUT /api/<entity>/bulk, issue 42 §3) and its JSON body's size. */
export const BULK_MAX_RECORDS = 5_000;
export const BULK_BODY_MAX_BYTES = 8 * 1024 * 1024;
/** A set-password link for an imported user lives this long (issue 42 §6). */
export const PASSWORD_LINK_DAYS = 7;

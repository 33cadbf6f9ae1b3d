import { WS_FIELD_NAMES } from '../../shared/error-tokens';
import { m } from '../../shared/paraglide/messages.js';
import { translateText, type ErrorMessages } from './errors';
import { formatNumber } from './format';

/*
 * Every code of the catalogue (src/shared/error-codes.ts) → its text in the active language. A
 * chunk of its own (decision 0286): a page loads it with the first failure it shows, never at its
 * first paint (lib/errors.ts loadErrorMessages, issue 25 §4).
 */

const entities: Record<string, () => string> = {
  Item: m.admin_entity_item,
  Resource: m.admin_entity_resource,
  'Unit of measure': m.admin_entity_unit,
  Location: m.admin_entity_location,
  'Work type': m.admin_entity_worktype,
  Customer: m.admin_entity_customer,
  Job: m.admin_entity_job,
  'Job task': m.admin_entity_jobtask,
};

/** English field names the server puts into "{property} …" and "{field} cannot be: …". */
const fieldNames: Record<string, () => string> = {
  Quantity: m.field_quantity,
  [WS_FIELD_NAMES.username]: m.ws_col_user,
  [WS_FIELD_NAMES.customerNo]: m.ws_field_customer,
  [WS_FIELD_NAMES.jobCode]: m.ws_field_job,
  [WS_FIELD_NAMES.jobTaskCode]: m.ws_field_task,
  [WS_FIELD_NAMES.locationCode]: m.ws_field_location,
  [WS_FIELD_NAMES.workTypeCode]: m.ws_field_work_type,
  [WS_FIELD_NAMES.unitNo]: m.ws_field_unit,
  [WS_FIELD_NAMES.unitOfMeasureCode]: m.ws_field_uom,
  [WS_FIELD_NAMES.existingAttachments]: m.ws_attachment,
};

const entity = (name = '') => entities[name]?.() ?? name;
const field = (name = '') => fieldNames[name]?.() ?? name;
const number = (value = '') => (/^-?\d+(\.\d+)?$/.test(value) ? formatNumber(Number(value)) : value);

/** Every code of the catalogue → its text in the active language (a test checks none is missing). */
export const ERROR_MESSAGES: ErrorMessages = {
  REQUIRED: () => m.error_required(),
  INVALID_CHARS: () => m.error_invalid_chars(),
  MUST_BE_STRING: () => m.error_must_be_string(),
  MUST_BE_NUMBER: () => m.error_must_be_number(),
  MUST_BE_BOOLEAN: () => m.error_must_be_boolean(),
  MUST_BE_ANY: () => m.error_must_be_any(),
  PASSWORDS_MUST_MATCH: () => m.error_passwords_must_match(),
  TIME_ORDER: () => m.error_time_order(),
  QUANTITY_ZERO: () => m.error_quantity_zero(),
  TIME_STEP: () => m.error_time_step(),
  INVALID_DATE: () => m.error_invalid_date(),
  INVALID_TIME: () => m.error_invalid_time(),
  TOO_MANY_DECIMALS: () => m.error_too_many_decimals(),
  NUL_CHAR: () => m.error_nul_char(),
  DATE_OUT_OF_RANGE: () => m.error_date_out_of_range(),
  TOO_LONG: (p) => m.error_too_long({ max: number(p.max) }),
  TOO_HIGH: (p) => m.error_too_high({ property: field(p.property), max: number(p.max) }),
  TOO_LOW: (p) => m.error_too_low({ property: field(p.property), min: number(p.min) }),
  CANNOT_BE: (p) => (p.field === 'Username' ? m.users_err_username_reserved({ value: p.value ?? '' }) : m.error_cannot_be({ field: field(p.field), value: p.value ?? '' })),
  DATE_RANGE: () => m.ws_err_date_range(),
  VALUE_NOT_ALLOWED: (p) => m.error_value_not_allowed({ value: p.value ?? '' }),
  MUST_BE_ID_LIST: () => m.error_must_be_id_list(),
  INVALID_CURSOR: () => m.error_invalid_cursor(),
  PAGE_TOO_LARGE: (p) => m.error_page_too_large({ max: number(p.max) }),
  ENTRY_PAGE_TOO_LARGE: (p) => m.error_page_too_large({ max: number(p.max) }),

  // Spec §8: the login failure is shown as "Invalid login information".
  AUTH_FAILED: () => m.error_invalid_login(),
  LOCKED_OUT: () => m.error_locked_out(),
  LOCKED_OUT_FOR: (p) => m.error_locked_out_for({ minutes: number(p.minutes) }),
  UNKNOWN_FIELD: (p) => m.error_unknown_field({ field: p.field ?? '' }),
  LOGIN_CHALLENGE_EXPIRED: () => m.error_login_challenge_expired(),
  SECOND_FACTOR_INVALID: () => m.error_second_factor_invalid(),
  SECOND_FACTOR_REUSED: () => m.error_second_factor_reused(),
  TOTP_NOT_ENROLLED: () => m.error_totp_not_enrolled(),
  TOTP_NOT_STARTED: () => m.error_totp_not_started(),
  TOTP_ALREADY_ENROLLED: () => m.error_totp_already_enrolled(),
  SECOND_FACTOR_REQUIRED: () => m.error_second_factor_required(),
  NOT_ALLOWED_TO_LOGIN: () => m.error_not_allowed_to_login(),
  USERNAME_TAKEN: () => m.error_username_taken(),
  NO_ACCOUNT: () => m.error_no_account(),
  NOT_FOUND: () => m.error_not_found(),
  FORBIDDEN: () => m.error_forbidden(),
  UNAUTHORIZED: () => m.error_unauthorized(),
  INVALID_API_KEY: () => m.error_invalid_api_key(),
  CSRF: () => m.error_csrf(),
  VALIDATION: () => m.error_validation(),
  INTERNAL: () => m.error_internal(),
  ACCOUNT_CODE_TAKEN: (p) => m.error_account_code_taken({ code: p.code ?? '' }),

  PASSWORD_TOO_SHORT: (p) => m.users_err_password_too_short({ min: p.min ?? '' }),
  OWN_ROLE: () => m.users_err_own_role(),
  OWN_EXPIRATION: () => m.users_err_own_expiration(),
  OWN_DEACTIVATE: () => m.users_err_own_deactivate(),
  OWN_DELETE: () => m.users_err_own_delete(),
  USER_HAS_ENTRIES: () => m.users_err_has_entries(),
  RESOURCE_NOT_ACTIVE: () => m.users_err_resource_not_active(),
  LAST_ADMIN: () => m.users_err_last_admin(),

  APPROVED_LOCKED: () => m.ws_err_approved_locked(),
  EXPORTED_LOCKED: () => m.ws_err_exported_locked(),
  STALE: () => m.admin_error_stale(),
  NOT_BILL_TO: () => m.ws_err_not_bill_to(),
  WORK_TYPE_UOM: () => m.ws_err_work_type_uom(),
  TOO_MANY_ATTACHMENTS: () => m.ws_err_too_many_attachments(),
  FILE_TYPE: () => m.ws_err_file_type(),
  FILE_TOO_LARGE: () => m.ws_err_file_too_large(),
  TOO_MANY_PIXELS: () => m.ws_err_too_many_pixels(),
  COPY_TOO_MANY: (p) => m.ws_err_copy_too_many({ max: number(p.max) }),
  COPY_TARGET: () => m.ws_err_copy_target(),
  COPY_NOT_FOUND: (p) => m.ws_err_copy_not_found({ id: p.id ?? '' }),
  COPY_TARGET_EXPORTED: (p) => m.ws_err_copy_target_exported({ user: p.user ?? '', date: p.date ?? '' }),
  COPY_ENTRY_REFUSED: (p) => m.ws_err_copy_entry_refused({ id: p.id ?? '', date: p.date ?? '', reason: p.reasonCode ? translateText(p.reasonCode) : (p.reason ?? '') }),
  BULK_TOO_MANY: (p) => m.ws_err_bulk_too_many({ max: number(p.max) }),
  BULK_TARGET: () => m.ws_err_bulk_target(),
  FILTER_NOT_IN_TEAM: (p) => m.ws_err_filter_not_in_team({ user: p.user ?? '' }),
  FILTER_ONLY_SELF: () => m.ws_err_filter_only_self(),

  MD_EXISTS: (p) => m.admin_error_exists({ entity: entity(p.entity), key: p.key ?? '' }),
  MD_EXISTS_FOR: (p) => m.admin_error_exists_for({ entity: entity(p.entity), key: p.key ?? '', parent: entity(p.parent).toLowerCase(), parentKey: p.parentKey ?? '' }),
  MD_IN_USE: (p) => m.admin_error_in_use({ entity: entity(p.entity), key: p.key ?? '' }),
  MD_DEFAULT_RESOURCE: (p) => m.admin_error_default_resource({ key: p.key ?? '' }),
  BILL_TO_NOT_ACTIVE: () => m.admin_error_bill_to_not_active(),
  UNKNOWN_UOM: () => m.admin_error_unknown_uom(),

  EXPORT_TOO_MANY: () => m.exp_err_too_many(),
  EXPORT_NEEDS_USER: () => m.error_export_needs_user(),
  EXPORT_ARCHIVED_MARK: () => m.exp_err_archived_mark(),
  EXPORT_NOTHING: () => m.exp_err_nothing(),

  REPORT_UNKNOWN: (p) => m.rep_err_unknown({ what: p.what ?? '', value: p.value ?? '' }),
  REPORT_TOO_MANY_GROUPS: (p) => m.rep_err_too_many_groups({ max: number(p.max) }),
  REPORT_PERIOD_TOO_LONG: (p) => m.rep_err_period({ max: number(p.max) }),
  REPORT_PERSON: (p) => m.rep_err_person({ user: p.user ?? '' }),

  WEBHOOK_URL: () => m.error_webhook_url(),
  WEBHOOK_PRIVATE_ADDRESS: () => m.error_webhook_private_address(),
  WEBHOOK_UNRESOLVABLE: () => m.error_webhook_unresolvable(),
  WEBHOOK_TOO_MANY: (p) => m.error_webhook_too_many({ max: number(p.max) }),
  WEBHOOK_EVENTS: () => m.error_webhook_events(),
  WEBHOOK_DISABLED: () => m.error_webhook_disabled(),

  TOO_LARGE_RESULT: () => m.error_too_large_result(),
  DB_UNAVAILABLE: () => m.error_db_unavailable(),
  SHUTTING_DOWN: () => m.error_shutting_down(),
  BAD_ENCODING: () => m.error_bad_request(),
  MALFORMED_MULTIPART: () => m.error_bad_request(),
  MALFORMED_JSON: () => m.error_bad_request(),
  BODY_NOT_OBJECT: () => m.error_bad_request(),
  BODY_TOO_LARGE: () => m.error_body_too_large(),
  BODY_TOO_SHORT: () => m.error_bad_request(),
  REQUEST_ABORTED: () => m.error_bad_request(),
  UNSUPPORTED_CONTENT_TYPE: (p) => m.error_unsupported_content_type({ type: p.type ?? '' }),
  METHOD_NOT_ALLOWED: (p) => m.error_method_not_allowed({ method: p.method ?? '' }),
  URL_TOO_LONG: (p) => m.error_url_too_long({ max: number(p.max) }),
  FIELD_TOO_LARGE: (p) => m.error_field_too_large({ name: p.name ?? '' }),
  UPLOAD_TOO_LARGE: (p) => m.error_upload_too_large({ name: p.name ?? '', max: number(p.max) }),
  TOO_MANY_FILES: (p) => m.error_too_many_files({ max: number(p.max) }),
  TOO_MANY_FIELDS: () => m.error_body_too_large(),
  TOO_MANY_PARTS: () => m.error_body_too_large(),
  TOO_MANY_CALLS: (p) => m.error_too_many_calls({ max: number(p.max) }),
  PART_WITHOUT_NAME: () => m.error_bad_request(),
  NO_API_PATH: () => m.error_no_api_path(),
  BATCH_NEEDED: () => m.error_bad_request(),
  MALFORMED_PROCEDURE_PATH: () => m.error_bad_request(),
  NO_PROCEDURE: () => m.error_no_api_path(),
  PROCEDURE_METHOD: () => m.error_bad_request(),
  UNSUPPORTED_METHOD: (p) => m.error_method_not_allowed({ method: p.method ?? '' }),
  MALFORMED_INPUT: () => m.error_bad_request(),
  BATCH_INPUT_NOT_OBJECT: () => m.error_bad_request(),
  IDEMPOTENCY_KEY: () => m.error_idempotency_key(),
  IDEMPOTENCY_MISMATCH: () => m.error_idempotency_mismatch(),
  IDEMPOTENCY_RUNNING: () => m.error_idempotency_running(),
};


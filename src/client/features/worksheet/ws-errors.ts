import type { ZodError } from 'zod';
import { m } from '../../../shared/paraglide/messages.js';
import { WS_ERR, WS_FIELD_NAMES } from '../../../shared/schemas/worksheet-errors';
import { errorMessage, translateError } from '../../lib/translate-error';

/*
 * The worksheet's own server sentences (src/shared/schemas/worksheet.ts WS_ERR) and field names
 * in the active language; everything else goes through the shared catalogue.
 */
const exact: Record<string, () => string> = {
  [WS_ERR.approvedLocked]: m.ws_err_approved_locked,
  [WS_ERR.exportedLocked]: m.ws_err_exported_locked,
  [WS_ERR.stale]: m.ws_err_stale,
  [WS_ERR.notBillTo]: m.ws_err_not_bill_to,
  [WS_ERR.workTypeUnitOfMeasure]: m.ws_err_work_type_uom,
  [WS_ERR.tooManyAttachments]: m.ws_err_too_many_attachments,
  [WS_ERR.fileType]: m.ws_err_file_type,
  [WS_ERR.fileTooLarge]: m.ws_err_file_too_large,
  [WS_ERR.tooManyPixels]: m.ws_err_too_many_pixels,
  [WS_ERR.dateRange]: m.ws_err_date_range,
  [WS_ERR.creationFailed]: m.ws_toast_create_failed,
  'Quantity cannot be lower than 0': () => m.error_too_low({ property: m.ws_field_quantity(), min: '0' }),
};

const fieldNames: Record<string, () => string> = {
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

export function translateWsError(text: string): string {
  const known = exact[text];
  if (known) return known();
  const cannot = /^(.+?) cannot be: (.*)$/.exec(text);
  if (cannot && fieldNames[cannot[1] ?? '']) return m.error_cannot_be({ field: fieldNames[cannot[1]!]!(), value: cannot[2] ?? '' });
  return translateError(text);
}

/** The failure of a worksheet call (REST multipart or tRPC), as the server described it. */
export class WorksheetCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/** A failed call's message in the active language. */
export function wsErrorMessage(error: unknown): string {
  if (error instanceof WorksheetCallError) return translateWsError(error.message);
  if (error instanceof Error && error.message !== 'Failed to fetch') return translateWsError(error.message);
  return errorMessage(error);
}

export type FormErrors = Partial<Record<string, string>>;

/** First translated message per field of a 400. */
export function serverFieldErrors(error: unknown): FormErrors {
  const out: FormErrors = {};
  const errors =
    error instanceof WorksheetCallError
      ? error.errors
      : ((error as { data?: { errors?: Record<string, string[]> } } | undefined)?.data?.errors ?? {});
  for (const [field, list] of Object.entries(errors)) {
    const first = list[0];
    if (first) out[field] = translateWsError(first);
  }
  return out;
}

/** First translated message per field from the shared zod schema. */
export function zodFormErrors(error: ZodError): FormErrors {
  const out: FormErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    out[field] ??= translateWsError(issue.message);
  }
  return out;
}

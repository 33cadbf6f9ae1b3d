import { errorText } from '../error-codes';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, ATTACHMENT_MAX_PIXELS } from '../limits';

// Without zod, so the client's error translation doesn't load it (decision 0172); re-exported by ./worksheet.

/** Worksheet sentences, built from the one catalogue (src/shared/error-codes.ts, decision 0160). */
export const WS_ERR = {
  approvedLocked: errorText('APPROVED_LOCKED'),
  exportedLocked: errorText('EXPORTED_LOCKED'),
  stale: errorText('STALE'),
  notBillTo: errorText('NOT_BILL_TO'),
  workTypeUnitOfMeasure: errorText('WORK_TYPE_UOM'),
  tooManyAttachments: errorText('TOO_MANY_ATTACHMENTS', { max: ATTACHMENT_MAX_FILES }),
  fileType: errorText('FILE_TYPE'),
  fileTooLarge: errorText('FILE_TOO_LARGE', { max: Math.round(ATTACHMENT_MAX_BYTES / 1024 / 1024) }),
  tooManyPixels: errorText('TOO_MANY_PIXELS', { max: ATTACHMENT_MAX_PIXELS / 1_000_000 }),
  dateRange: errorText('DATE_RANGE'),
  creationFailed: 'Worksheet record creation failed',
} as const;

/** English names of the fields used in "{field} cannot be: {value}" answers (zod-free, for the client's translator). */
export { WS_FIELD_NAMES } from '../error-codes';

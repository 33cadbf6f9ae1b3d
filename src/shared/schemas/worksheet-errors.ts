import { errorToken } from '../error-tokens';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, ATTACHMENT_MAX_PIXELS } from '../limits';

// Without zod, so the client's error translation doesn't load it (decision 0172); re-exported by ./worksheet.

/** Worksheet sentences, built from the one catalogue (src/shared/error-codes.ts, decision 0160). */
export const WS_ERR = {
  approvedLocked: errorToken('APPROVED_LOCKED'),
  exportedLocked: errorToken('EXPORTED_LOCKED'),
  stale: errorToken('STALE'),
  notBillTo: errorToken('NOT_BILL_TO'),
  workTypeUnitOfMeasure: errorToken('WORK_TYPE_UOM'),
  tooManyAttachments: errorToken('TOO_MANY_ATTACHMENTS', { max: ATTACHMENT_MAX_FILES }),
  fileType: errorToken('FILE_TYPE'),
  fileTooLarge: errorToken('FILE_TOO_LARGE', { max: Math.round(ATTACHMENT_MAX_BYTES / 1024 / 1024) }),
  tooManyPixels: errorToken('TOO_MANY_PIXELS', { max: ATTACHMENT_MAX_PIXELS / 1_000_000 }),
  dateRange: errorToken('DATE_RANGE'),
} as const;

/** English names of the fields used in "{field} cannot be: {value}" answers (zod-free, for the client's translator). */
export { WS_FIELD_NAMES } from '../error-tokens';

import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, ATTACHMENT_MAX_PIXELS } from '../limits';

// Without zod, so the client's error translation doesn't load it (decision 0172); re-exported by ./worksheet.

/**
 * Worksheet sentences that are not in src/shared/errors.ts. The client translates them in
 * src/client/features/worksheet/ws-errors.ts.
 */
export const WS_ERR = {
  approvedLocked: 'The record is approved and cannot be changed',
  exportedLocked: 'The record is exported and cannot be changed',
  stale: 'The record was changed by someone else in the meantime. Reload it and try again',
  notBillTo: 'The customer is not the bill-to customer of the job',
  workTypeUnitOfMeasure: "The unit of measure must be the work type's unit of measure",
  tooManyAttachments: `A record can have at most ${ATTACHMENT_MAX_FILES} attachments`,
  fileType: 'Only JPEG, PNG, WebP and HEIC images can be attached',
  fileTooLarge: `An attachment cannot be larger than ${Math.round(ATTACHMENT_MAX_BYTES / 1024 / 1024)} MB`,
  tooManyPixels: `An image cannot be larger than ${ATTACHMENT_MAX_PIXELS / 1_000_000} megapixels`,
  dateRange: 'From date cannot be later than To date',
  creationFailed: 'Worksheet record creation failed',
} as const;

/** English names of the fields used in "{field} cannot be: {value}" answers. */
export const WS_FIELD_NAMES = {
  username: 'User',
  customerNo: 'Customer',
  jobCode: 'Job',
  jobTaskCode: 'Task',
  locationCode: 'Location',
  workTypeCode: 'Work type',
  unitNo: 'Unit',
  unitOfMeasureCode: 'Unit of measure',
  existingAttachments: 'Attachment',
} as const;


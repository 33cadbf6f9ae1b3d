import { m } from '../../../shared/paraglide/messages.js';
import { AppCallError, serverFieldErrors } from '../../lib/errors';
import { FORM_FIELD_LABELS } from './field-labels';

/*
 * What a refused create or update says (issue 22 §1): never only "creation failed" — the first
 * field the server named, with its message, and for the work type's unit-of-measure rule the codes
 * ("Work type NORMAL requires HOUR, not M …"), shown at Work type, the field to change.
 */

/** The form's fields in the order they show: the first one with an error is named. */
const FIELD_ORDER = [
  'date',
  'customerNo',
  'jobCode',
  'jobTaskCode',
  'locationCode',
  'workTypeCode',
  'unitType',
  'unitNo',
  'description',
  'timeFrom',
  'timeTo',
  'quantity',
  'unitOfMeasureCode',
] as const;

export interface FailureContext {
  workTypeCode: string;
  unitOfMeasureCode: string;
  /** The work type's unit of measure, when known. */
  forcedUom: string | null;
}

export interface Failure {
  /** The toast's text after "… creation failed: "; undefined when no field was named. */
  detail: string | undefined;
  /** The message to show at Work type (the server's WORK_TYPE_UOM on the unit of measure). */
  workTypeError: string | undefined;
}

export function describeFailure(error: unknown, ctx: FailureContext): Failure {
  const fields = serverFieldErrors(error);
  const uomCode = error instanceof AppCallError ? error.errorCodes.unitOfMeasureCode?.[0]?.code : undefined;
  if (uomCode === 'WORK_TYPE_UOM' && ctx.workTypeCode !== '') {
    const text = m.ws_err_work_type_requires({ workType: ctx.workTypeCode, code: ctx.forcedUom ?? '?', chosen: ctx.unitOfMeasureCode });
    return { detail: text, workTypeError: text };
  }
  const first = FIELD_ORDER.find((f) => fields[f] !== undefined) ?? Object.keys(fields).find((f) => fields[f] !== undefined);
  if (!first) return { detail: undefined, workTypeError: undefined };
  const label = FORM_FIELD_LABELS[first]?.() ?? first;
  return { detail: `${label}: ${fields[first]}`, workTypeError: undefined };
}

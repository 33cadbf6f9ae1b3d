import { m } from '../../../shared/paraglide/messages.js';
import { AppCallError, serverFieldErrors } from '../../lib/errors';

/*
 * What a refused create or update says (issue 22 §1): never only "creation failed" — the first
 * field the server named, with its message, and for the work type's unit-of-measure rule the codes
 * ("Work type NORMAL requires HOUR, not M …"), shown at Work type, the field to change.
 */

/** The form's fields in the order they show: the first one with an error is named. */
const FIELD_ORDER = ['date', 'customerNo', 'jobCode', 'jobTaskCode', 'locationCode', 'workTypeCode', 'unitType', 'unitNo', 'description', 'timeFrom', 'timeTo', 'quantity', 'unitOfMeasureCode'] as const;

const fieldLabel: Record<(typeof FIELD_ORDER)[number], () => string> = {
  date: m.ws_field_date,
  customerNo: m.ws_field_customer,
  jobCode: m.ws_field_job,
  jobTaskCode: m.ws_field_task,
  locationCode: m.ws_field_location,
  workTypeCode: m.ws_field_work_type,
  unitType: m.ws_field_unit_type,
  unitNo: m.ws_field_unit,
  description: m.ws_field_description,
  timeFrom: m.ws_field_time_from,
  timeTo: m.ws_field_time_to,
  quantity: m.ws_field_quantity,
  unitOfMeasureCode: m.ws_field_uom,
};

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
  const label = (fieldLabel as Record<string, (() => string) | undefined>)[first]?.() ?? first;
  return { detail: `${label}: ${fields[first]}`, workTypeError: undefined };
}

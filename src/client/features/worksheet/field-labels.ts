import { m } from '../../../shared/paraglide/messages.js';

/** The entry form's field labels by field name: one list for error messages and the edit history. */
export const FORM_FIELD_LABELS: Record<string, (() => string) | undefined> = {
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

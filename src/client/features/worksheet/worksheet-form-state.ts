import type { UnitType } from '../../../shared/limits';
import { formatLocaleNumber, parseLocaleNumber } from '../../../shared/locale-number';
import type { TWorksheetFormSettings, TWorksheetRecord } from '../../../shared/schemas/worksheet';
import type { WorksheetFieldsOut } from './ws-api';
import {
  afterCreateAndNew,
  afterCustomerChange,
  afterJobChange,
  afterUnitChange,
  autoSelect,
  hoursBetween,
  isTimeMode,
  prefillDescription,
  roundUpTime,
  unitForType,
  unitOfMeasureUnder,
  workTypeUomRule,
} from '../../../shared/worksheet-rules';

/*
 * The entry form's state and its spec §4 transitions as pure functions (values in, values out):
 * the hook (use-worksheet-form.ts) applies them in event handlers — a choice, or the answer of the
 * look-up that choice started — and the unit tests run them without a DOM. No React here.
 */

export interface FormValues {
  date: string;
  customerNo: string;
  jobCode: string;
  jobTaskCode: string;
  locationCode: string;
  workTypeCode: string;
  unitType: UnitType | '';
  unitNo: string;
  description: string;
  timeFrom: string;
  timeTo: string;
  /** As typed, in the user's locale ("1.234,5" in Danish). */
  quantity: string;
  unitOfMeasureCode: string;
  /** The user typed a description: choosing a unit no longer prefills it (spec §4). */
  descriptionEdited: boolean;
}

/** What the transitions need besides the values. */
export interface FormContext {
  settings: TWorksheetFormSettings;
  /** Edit mode: the record as loaded. */
  record?: TWorksheetRecord | undefined;
}

export function initialValues(settings: TWorksheetFormSettings, today: string): FormValues {
  const unitType = settings.defaultUnitType;
  return {
    date: today,
    customerNo: '',
    jobCode: '',
    jobTaskCode: '',
    locationCode: '',
    workTypeCode: '',
    unitType,
    unitNo: unitForType(unitType, settings.defaultResource, settings.lockDefaultResource).unitNo,
    description: '',
    timeFrom: '',
    timeTo: '',
    quantity: '',
    unitOfMeasureCode: '',
    descriptionEdited: false,
  };
}

export function valuesOfRecord(r: TWorksheetRecord, locale: string): FormValues {
  return {
    date: r.date,
    customerNo: r.customerNo ?? '',
    jobCode: r.jobCode,
    jobTaskCode: r.jobTaskCode ?? '',
    locationCode: r.locationCode ?? '',
    workTypeCode: r.workTypeCode ?? '',
    unitType: r.unitType,
    unitNo: r.unitNo,
    description: r.description,
    timeFrom: r.timeFrom ?? '',
    timeTo: r.timeTo ?? '',
    quantity: formatLocaleNumber(r.quantity, locale),
    unitOfMeasureCode: r.unitOfMeasureCode,
    descriptionEdited: true,
  };
}

/** Codes plus the record's own value when it is no longer offered (kept on edit). */
export function withCurrentCode(codes: readonly string[], current: string | null | undefined): string[] {
  return !current || codes.includes(current) ? [...codes] : [current, ...codes];
}

/** On edit, the record's own unit (still shown as recorded even if it is no longer active). */
export const isRecordUnit = (v: Pick<FormValues, 'unitType' | 'unitNo'>, record: TWorksheetRecord | undefined) =>
  record !== undefined && record.unitType === v.unitType && record.unitNo === v.unitNo;

/** The chosen unit's unit-of-measure codes as offered (the record's own kept on edit). */
export function unitUomCodes(v: Pick<FormValues, 'unitType' | 'unitNo'>, loaded: readonly string[] | undefined, record: TWorksheetRecord | undefined): string[] | undefined {
  if (loaded === undefined) return undefined;
  return isRecordUnit(v, record) ? withCurrentCode(loaded, record?.unitOfMeasureCode) : [...loaded];
}

// ---- choices ----

/**
 * A customer chosen: a chosen job not billed to it is cleared (spec §4). Whether exactly one job
 * remains is asked of the server; its answer comes through `singleJobFound`.
 */
export function customerChosen(v: FormValues, customerNo: string, chosenJob: { code: string; billToCustomerNo: string } | undefined): FormValues {
  return afterCustomerChange(v, customerNo, chosenJob ? [chosenJob] : []);
}

/** The jobs billed to a customer just chosen (at most 2 asked): a single one is chosen, if the user chose none meanwhile. */
export function singleJobFound(v: FormValues, customerNo: string, jobCodes: readonly string[]): FormValues {
  if (v.customerNo !== customerNo || v.jobCode !== '' || jobCodes.length !== 1 || !jobCodes[0]) return v;
  return { ...v, jobCode: jobCodes[0], jobTaskCode: '' };
}

/** A job chosen: it takes its bill-to customer (when customers are shown) and starts without a task. */
export function jobChosen(v: FormValues, jobCode: string, billTo: string | undefined, ctx: FormContext): FormValues {
  return afterJobChange(v, jobCode, ctx.settings.showCustomer ? billTo : undefined);
}

/** The chosen job looked up (typed as a code rather than picked): its bill-to customer is the single remaining customer. */
export function jobFound(v: FormValues, jobCode: string, billTo: string, ctx: FormContext): FormValues {
  if (v.jobCode !== jobCode || !ctx.settings.showCustomer || v.customerNo === billTo) return v;
  return { ...v, customerNo: billTo };
}

/** A job's tasks loaded: a single one is chosen (when tasks are shown); a task not of the job is cleared. */
export function tasksLoaded(v: FormValues, jobCode: string, taskCodes: readonly string[], ctx: FormContext): FormValues {
  if (v.jobCode !== jobCode || !ctx.settings.showJobTask) return v;
  const own = ctx.record && ctx.record.jobCode === jobCode ? ctx.record.jobTaskCode : null;
  const jobTaskCode = autoSelect(withCurrentCode(taskCodes, own), v.jobTaskCode);
  return jobTaskCode === v.jobTaskCode ? v : { ...v, jobTaskCode };
}

/**
 * A work type chosen: its unit of measure is forced — when the unit has it (or no unit's codes are
 * known yet). On a conflict the unit's own choice stays and the form explains (issue 10 §8).
 */
export function workTypeChosen(v: FormValues, workTypeCode: string, forcedUom: string | null, unitUoms: readonly string[] | undefined): FormValues {
  return { ...v, workTypeCode, unitOfMeasureCode: unitOfMeasureUnder(workTypeUomRule(forcedUom, unitUoms), unitUoms, v.unitOfMeasureCode) };
}

/** A description prefilled (not typed) for no unit yet: the user's default description, or nothing. */
const unprefilled = (ctx: FormContext) => ctx.settings.defaultDescription?.trim() || '';

/**
 * The unit type changed: the unit resets to the default resource or empty (spec §4). A work type
 * that forces a unit of measure is cleared when the type becomes Item (decision 0205: Business
 * Central uses work types on resource lines; an item never takes HOUR), and a description that was
 * prefilled from the previous unit goes with it (the new unit's comes with its choice or look-up).
 */
export function unitTypeChosen(v: FormValues, unitType: UnitType, forcedUom: string | null, ctx: FormContext): FormValues {
  const { unitNo } = unitForType(unitType, ctx.settings.defaultResource, ctx.settings.lockDefaultResource);
  const dropWorkType = unitType === 'Item' && v.workTypeCode !== '' && forcedUom !== null && !ctx.record;
  const next = afterUnitChange({ ...v, unitType, workTypeCode: dropWorkType ? '' : v.workTypeCode }, unitNo, dropWorkType ? null : forcedUom);
  // The default resource's description arrives with its look-up (`unitLoaded`).
  return v.descriptionEdited ? next : { ...next, description: unprefilled(ctx) };
}

/** A unit chosen (with its description when picked from the list): time and quantity start over, the description is prefilled. */
export function unitChosen(v: FormValues, unitNo: string, unitDescription: string | null, forcedUom: string | null, ctx: FormContext): FormValues {
  const next = afterUnitChange(v, unitNo, forcedUom);
  if (!unitNo) return next;
  const description = prefillDescription({ edited: v.descriptionEdited, current: v.description, defaultDescription: ctx.settings.defaultDescription, unitDescription });
  return { ...next, description };
}

export interface UnitLoaded {
  unitType: UnitType | '';
  unitNo: string;
  /** The unit as the server knows it; undefined when it is missing or inactive. */
  unit: { description: string | null } | undefined;
  /** Its unit-of-measure codes as loaded. */
  uoms: readonly string[];
  /**
   * The work type when the unit was chosen (carried over): cleared if the unit lacks its unit of
   * measure — unless the user chose another work type while the look-up ran (decision 0205).
   */
  carriedWorkType?: string | undefined;
}

/**
 * The chosen unit's look-ups answered: a missing unit is cleared (except the record's own on edit);
 * a description not yet there is prefilled; the unit of measure follows the rule (the only one is
 * chosen, a work type's forced one stays — unless the unit lacks it).
 */
export function unitLoaded(v: FormValues, loaded: UnitLoaded, forcedUom: string | null, ctx: FormContext): FormValues {
  if (v.unitType !== loaded.unitType || v.unitNo !== loaded.unitNo || v.unitNo === '') return v;
  if (!loaded.unit && !isRecordUnit(v, ctx.record)) return { ...v, unitNo: '', unitOfMeasureCode: '' };
  let next = v;
  // A description the user did not type came from a prefill: the unit's own replaces it (spec §4).
  if (!ctx.record && !v.descriptionEdited && loaded.unit) {
    const description =
      prefillDescription({ edited: false, current: '', defaultDescription: ctx.settings.defaultDescription, unitDescription: loaded.unit.description }) || v.description;
    if (description !== v.description) next = { ...next, description };
  }
  const codes = unitUomCodes(v, loaded.uoms, ctx.record);
  let rule = workTypeUomRule(forcedUom, codes);
  // Decision 0205: the unit was the last choice, so a carried-over work type whose unit of measure
  // it lacks is cleared rather than left to fail on Create (on edit the record's own stays).
  if (rule.kind === 'conflict' && !ctx.record && v.workTypeCode !== '' && (loaded.carriedWorkType === undefined || loaded.carriedWorkType === v.workTypeCode)) {
    next = { ...next, workTypeCode: '' };
    rule = { kind: 'free' };
  }
  const unitOfMeasureCode = unitOfMeasureUnder(rule, codes, v.unitOfMeasureCode);
  return unitOfMeasureCode === next.unitOfMeasureCode ? next : { ...next, unitOfMeasureCode };
}

/** The user typed a description. */
export const descriptionTyped = (v: FormValues, description: string): FormValues => ({ ...v, description, descriptionEdited: true });

/** A time field left: rounded up to the next 15 minutes (spec §4). */
export const timeLeft = (v: FormValues, field: 'timeFrom' | 'timeTo'): FormValues => {
  const rounded = roundUpTime(v[field]);
  return rounded === v[field] ? v : { ...v, [field]: rounded };
};

/** Quantity left: shown in the locale's marks when it reads as a number ("1.234,50"). */
export function quantityLeft(v: FormValues, locale: string): FormValues {
  const typed = parseLocaleNumber(v.quantity, locale);
  return typed.ok ? { ...v, quantity: formatLocaleNumber(typed.value, locale) } : v;
}

/** After Create & New: the context stays; quantity and times are cleared (spec §4). */
export const createdAndNew = (v: FormValues): FormValues => afterCreateAndNew(v);

// ---- the payload (its schema: worksheet-form-schema.ts, loaded when first needed) ----

/** The quantity of time mode: the hours between the two times (spec §4); null without both. */
export const computedQuantity = (v: FormValues, settings: TWorksheetFormSettings): number | null =>
  isTimeMode(settings.resourceUnits, v.unitType) ? hoursBetween(roundUpTime(v.timeFrom), roundUpTime(v.timeTo)) : null;

/** The fields as sent (POST/PUT /api/worksheet): ws-api.ts's own type, not a copy. */
export type WorksheetPayload = WorksheetFieldsOut;

export function toPayload(v: FormValues, settings: TWorksheetFormSettings, locale: string): WorksheetPayload {
  const timeMode = isTimeMode(settings.resourceUnits, v.unitType);
  const computed = computedQuantity(v, settings);
  const typed = parseLocaleNumber(v.quantity, locale);
  return {
    date: v.date,
    customerNo: settings.showCustomer ? v.customerNo : '',
    jobCode: v.jobCode,
    jobTaskCode: settings.showJobTask ? v.jobTaskCode : '',
    locationCode: settings.showLocation ? v.locationCode : '',
    workTypeCode: settings.showWorkType ? v.workTypeCode : '',
    unitType: v.unitType,
    unitNo: v.unitNo,
    description: v.description,
    timeFrom: timeMode ? roundUpTime(v.timeFrom) : '',
    timeTo: timeMode ? roundUpTime(v.timeTo) : '',
    // The typed text read in the user's locale ("1.234,5" in Danish → "1234.5"); invalid text as is.
    quantity: timeMode ? (computed !== null && computed > 0 ? String(computed) : '') : typed.ok ? String(typed.value) : v.quantity.trim(),
    unitOfMeasureCode: v.unitOfMeasureCode,
  };
}

import type { Database } from '../../../db/database';
import { type WorksheetRowInScope } from '../../../db/queries/worksheet';
import { lookupReferences, type CreatedRecordValues, type References } from '../../../db/queries/worksheet-create';
import { cannotBe, ERR } from '../../shared/errors';
import { canWriteFor } from '../../shared/permissions';
import { WS_ERR, WS_FIELD_NAMES, type TWorksheetFields } from '../../shared/schemas/worksheet';
import { conditionalErrors, hoursBetween, isTimeMode } from '../../shared/worksheet-rules';
import type { Actor } from '../context';
import { AppError } from '../errors';
import { TRACKED_FIELDS, type TrackedValues } from './history';
import { badRequest, hhmm, notFound, type Trx } from './worksheet-record';

/** The values a write stores, after every check against the account's master data (the columns a create writes, less who and when). */
export type ResolvedValues = Omit<CreatedRecordValues, 'accountId' | 'createdBy' | 'modifiedBy' | 'modifiedDate'>;

type Errors = Record<string, string>;

/**
 * Spec §5 and issue 4: every code exists in the account and is active (a value the record already
 * had may stay even if it was deactivated since), the task belongs to the job, the customer is the
 * job's bill-to customer, the unit of measure belongs to the unit, a work type's unit of measure is
 * enforced, the account's mandatory flags apply, and in time mode the server computes the quantity.
 * The checks fill one errors object in a fixed order (the order of the 400's field lists).
 */
export async function resolveValues(
  trx: Database | Trx,
  actor: Actor,
  f: TWorksheetFields,
  current: WorksheetRowInScope | null,
): Promise<{ values: ResolvedValues; ownerTeam: string | null; jobTeam: string | null; submitWeeks: boolean }> {
  const errors: Errors = {};
  const owner = ownerOf(actor, f, current, errors);
  const ref = await lookupReferences(trx, actor.accountId, {
    username: owner,
    customerNo: f.customerNo,
    jobCode: f.jobCode,
    jobTaskCode: f.jobTaskCode,
    locationCode: f.locationCode,
    workTypeCode: f.workTypeCode,
    unitType: f.unitType,
    unitNo: f.unitNo,
    unitOfMeasureCode: f.unitOfMeasureCode,
  });
  if (!ref) throw notFound();

  Object.assign(errors, conditionalErrors(ref, f), errors);
  checkOwner(actor, ref, owner, current, errors);
  const codes = checkCodes(ref, f, current, errors);
  const time = timeAndQuantity(ref, f, errors);
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  return {
    submitWeeks: ref.submitWeeks,
    ownerTeam: ref.userTeam,
    jobTeam: ref.jobTeam,
    values: {
      username: ref.userName ?? owner,
      date: f.date,
      customerNo: codes.customerNo,
      customerName: codes.customerName,
      jobCode: f.jobCode,
      jobDescription: ref.jobDescription,
      jobTaskCode: f.jobTaskCode,
      jobTaskDescription: f.jobTaskCode ? ref.taskDescription : null,
      locationCode: f.locationCode,
      workTypeCode: f.workTypeCode,
      workTypeDescription: f.workTypeCode ? ref.workTypeDescription : null,
      unitType: f.unitType,
      unitNo: f.unitNo,
      unitDescription: codes.unitDescription,
      description: f.description,
      timeFrom: time.timeFrom,
      timeTo: time.timeTo,
      quantity: time.quantity ?? 0,
      unitOfMeasureCode: f.unitOfMeasureCode,
      unitOfMeasureDescription: ref.uomDescription,
    },
  };
}

/** Whose record it is: the given name, else the record's owner, else the signed-in caller ('' and a required error for an API key). */
function ownerOf(actor: Actor, f: TWorksheetFields, current: WorksheetRowInScope | null, errors: Errors): string {
  const owner = f.username ?? current?.username ?? (actor.kind === 'apiKey' ? null : actor.username);
  if (owner !== null) return owner;
  errors.username = ERR.required;
  return '';
}

/** The owner: an active user of the account, and one the caller may write for. */
function checkOwner(actor: Actor, ref: References, owner: string, current: WorksheetRowInScope | null, errors: Errors): void {
  if (owner === '') return;
  const ownerChanged = !current || current.username.toLowerCase() !== owner.toLowerCase();
  if (!ref.userName || (ownerChanged && ref.userActive === false)) errors.username = cannotBe(WS_FIELD_NAMES.username, owner);
  else if (ownerChanged && !canWriteFor(actor, owner, ref.userTeam)) throw new AppError('FORBIDDEN', ERR.forbidden);
}

/** The master-data codes: each exists and is active (or kept from the record), and they fit together. */
function checkCodes(ref: References, f: TWorksheetFields, current: WorksheetRowInScope | null, errors: Errors) {
  const kept = (field: keyof WorksheetRowInScope, value: unknown) => current !== null && current[field] === value;
  const check = (field: keyof typeof WS_FIELD_NAMES, value: string | null, found: unknown, active: boolean | null) => {
    if (value === null) return;
    if (found === null || found === undefined || (active === false && !kept(field as keyof WorksheetRowInScope, value))) {
      errors[field] = cannotBe(WS_FIELD_NAMES[field], value);
    }
  };

  check('jobCode', f.jobCode, ref.jobCode, ref.jobActive);
  let customerNo = f.customerNo;
  let customerName: string | null = null;
  if (f.customerNo !== null) {
    check('customerNo', f.customerNo, ref.customerNo, ref.customerActive);
    if (!errors.customerNo && ref.jobCode && ref.billToCustomerNo !== f.customerNo) errors.customerNo = WS_ERR.notBillTo;
    customerName = ref.customerName;
  } else if (ref.jobCode) {
    // Not shown on this account: the job's bill-to customer is the record's customer anyway.
    customerNo = ref.billToCustomerNo;
    customerName = ref.billToCustomerName;
  }
  check('jobTaskCode', f.jobTaskCode, ref.taskCode, ref.taskActive);
  check('locationCode', f.locationCode, ref.locationCode, ref.locationActive);
  check('workTypeCode', f.workTypeCode, ref.workTypeCode, ref.workTypeActive);
  const unit = unitOf(ref, f.unitType);
  check('unitNo', f.unitNo, unit.no, unit.active);
  if (!errors.unitNo) check('unitOfMeasureCode', f.unitOfMeasureCode, ref.uomCode, ref.uomActive);
  if (!errors.unitOfMeasureCode && ref.workTypeUnitOfMeasure && ref.workTypeUnitOfMeasure !== f.unitOfMeasureCode) {
    errors.unitOfMeasureCode = WS_ERR.workTypeUnitOfMeasure;
  }
  return { customerNo, customerName, unitDescription: unit.description };
}

/** In time mode the quantity is the hours between the times (no quantity error); otherwise a quantity is required. */
function timeAndQuantity(ref: References, f: TWorksheetFields, errors: Errors) {
  let quantity = f.quantity;
  let timeFrom: string | null = null;
  let timeTo: string | null = null;
  if (isTimeMode(ref.resourceUnits, f.unitType)) {
    timeFrom = f.timeFrom;
    timeTo = f.timeTo;
    const hours = hoursBetween(timeFrom, timeTo);
    if (hours !== null && hours > 0) quantity = hours;
    delete errors.quantity;
  } else if (quantity === undefined) {
    errors.quantity = ERR.required;
  }
  return { quantity, timeFrom, timeTo };
}

function unitOf(ref: References, unitType: TWorksheetFields['unitType']) {
  return unitType === 'Item'
    ? { no: ref.itemNo, description: ref.itemDescription, active: ref.itemActive }
    : { no: ref.resourceNo, description: ref.resourceDescription, active: ref.resourceActive };
}

/** The history's view of stored or resolved values (times as HH:MM, quantity as a number). */
export function tracked(v: ResolvedValues | WorksheetRowInScope, attachments: string[]): TrackedValues {
  const out = {} as TrackedValues;
  for (const key of TRACKED_FIELDS) {
    const value = v[key];
    out[key] = key === 'timeFrom' || key === 'timeTo' ? hhmm(value as string | null) : key === 'quantity' ? Number(value) : (value as string | null);
  }
  out.attachments = attachments;
  return out;
}

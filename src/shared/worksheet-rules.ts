import { ERR } from './errors';
import { QUANTITY_DECIMALS, TIME_STEP_MINUTES, type ResourceUnits, type UnitType } from './limits';
import { round2 } from './unit-sums';
import type { FormFlag } from './account-flags';
import type { TAccount } from './schemas/account';

export { sumByUnitOfMeasure } from './unit-sums';

/*
 * The worksheet form rules of spec §4 that are pure functions, shared by the client form and the
 * server service so both apply exactly the same arithmetic.
 */

/** Account settings that shape the worksheet form (spec §3 account): the wire's account, its form flags. */
export type WorksheetSettings = Pick<TAccount, FormFlag>;

/** Time mode: Resource entries of an account whose resource units are Time (spec §2, §4). */
export const isTimeMode = (resourceUnits: ResourceUnits, unitType: UnitType | '' | null | undefined) => resourceUnits === 'Time' && unitType === 'Resource';

/** 'HH:mm' or 'HH:mm:ss' → minutes after midnight; null when not a time. */
export function timeToMinutes(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = /^(\d{1,2}):?(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return h * 60 + min;
}

export function minutesToTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * Spec §4: times are rounded UP to the next 15 minutes (08:01 → 08:15, 08:15 stays). A time after
 * 23:45 cannot round up within the day, so it becomes 23:45, the last step. '' stays ''.
 */
export function roundUpTime(value: string, step = TIME_STEP_MINUTES): string {
  const minutes = timeToMinutes(value);
  if (minutes === null) return value.trim() === '' ? '' : value;
  const rounded = Math.ceil(minutes / step) * step;
  return minutesToTime(Math.min(rounded, 24 * 60 - step));
}

/** Spec §4: quantity = the hours between the two times, never below 0, 2 decimals; null without both. */
export function hoursBetween(from: string | null | undefined, to: string | null | undefined): number | null {
  const a = timeToMinutes(from);
  const b = timeToMinutes(to);
  if (a === null || b === null) return null;
  return Math.max(0, round2((b - a) / 60));
}

/** "Time to must be later than Time from", or null when both are there and in order (or one is missing). */
export function timeOrderError(from: string | null | undefined, to: string | null | undefined): string | null {
  const a = timeToMinutes(from);
  const b = timeToMinutes(to);
  if (a === null || b === null) return null;
  return b > a ? null : ERR.timeOrder;
}

/**
 * Spec §5 numeric input as the user types: an optional leading minus, digits, one decimal point
 * with at most 2 decimals; a comma becomes a point; anything else is dropped.
 */
export function sanitizeNumericInput(raw: string): string {
  let out = '';
  let seenPoint = false;
  let decimals = 0;
  for (const [i, chRaw] of [...raw.trim()].entries()) {
    const ch = chRaw === ',' ? '.' : chRaw;
    if (ch === '-') {
      if (i === 0 && out === '') out = '-';
      continue;
    }
    if (ch === '.') {
      if (!seenPoint) {
        seenPoint = true;
        out += out === '' || out === '-' ? '0.' : '.';
      }
      continue;
    }
    if (ch >= '0' && ch <= '9') {
      if (seenPoint) {
        if (decimals >= QUANTITY_DECIMALS) continue;
        decimals += 1;
      }
      out += ch;
    }
  }
  return out;
}

/** The number a sanitised input stands for; null for '', '-', '.' and the like. */
export function parseNumericInput(text: string): number | null {
  const clean = sanitizeNumericInput(text);
  if (!/\d/.test(clean)) return null;
  const n = Number(clean.endsWith('.') ? clean.slice(0, -1) : clean);
  return Number.isFinite(n) ? n : null;
}

/**
 * Spec §4 auto-selection: when exactly one option remains it is chosen; a current value that is
 * still an option is kept; otherwise the value is cleared ('').
 */
export function autoSelect(options: readonly string[], current: string): string {
  if (options.length === 1) return options[0] ?? '';
  return current !== '' && options.includes(current) ? current : '';
}

/** Whether a current value is still one of the options ('' always is). */
export const stillValid = (options: readonly string[], current: string) => current === '' || options.includes(current);

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Spec §2: camera photos are named photo-yyyyMMddHHmm.png, with _1, _2 … appended on clashes. */
export function cameraFileName(at: Date, existing: readonly string[]): string {
  const stamp = `${at.getFullYear()}${pad2(at.getMonth() + 1)}${pad2(at.getDate())}${pad2(at.getHours())}${pad2(at.getMinutes())}`;
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  const base = `photo-${stamp}`;
  if (!taken.has(`${base}.png`)) return `${base}.png`;
  for (let i = 1; ; i += 1) {
    const name = `${base}_${i}.png`;
    if (!taken.has(name)) return name;
  }
}

/**
 * Spec §4: choosing a unit prefills the description from the user's default description, else the
 * unit's description — unless the user already typed one.
 */
export function prefillDescription(opts: { edited: boolean; current: string; defaultDescription: string | null; unitDescription: string | null }): string {
  if (opts.edited && opts.current.trim() !== '') return opts.current;
  return opts.defaultDescription?.trim() || opts.unitDescription?.trim() || opts.current;
}

/**
 * Spec §4: changing the unit type resets the unit to the default resource (Resource with a
 * default), else empty; the default is locked when lockDefaultResource.
 */
export function unitForType(unitType: UnitType | '', defaultResource: string | null, lockDefaultResource: boolean): { unitNo: string; locked: boolean } {
  if (unitType === 'Resource' && defaultResource) return { unitNo: defaultResource, locked: lockDefaultResource };
  return { unitNo: '', locked: false };
}

/** The entry form's choice fields the spec §4 rules move together. */
export interface ChoiceValues {
  customerNo: string;
  jobCode: string;
  jobTaskCode: string;
  unitType: UnitType | '';
  unitNo: string;
  unitOfMeasureCode: string;
  timeFrom: string;
  timeTo: string;
  quantity: string;
}

interface JobRef {
  code: string;
  billToCustomerNo: string;
}

/** Spec §4: choosing a customer filters the jobs to those billed to it (all jobs without one). */
export const jobsForCustomer = <J extends JobRef>(jobs: readonly J[], customerNo: string): J[] => (customerNo ? jobs.filter((j) => j.billToCustomerNo === customerNo) : [...jobs]);

/** Spec §4: choosing a job filters the customers to its bill-to customer (all without a job). */
export const customersForJob = <C extends { no: string }>(customers: readonly C[], job: JobRef | undefined): C[] =>
  job ? customers.filter((c) => c.no === job.billToCustomerNo) : [...customers];

/**
 * Spec §4, a new job: it starts without a task (the task list loads, a single task is then
 * auto-selected); clearing the job clears task and customer. The customer follows from the job's
 * bill-to customer (the single remaining option) where `billTo` is known.
 */
export function afterJobChange<V extends ChoiceValues>(v: V, jobCode: string, billTo?: string): V {
  if (!jobCode) return { ...v, jobCode: '', jobTaskCode: '', customerNo: '' };
  return { ...v, jobCode, jobTaskCode: '', customerNo: billTo ?? v.customerNo };
}

/**
 * Spec §4, a new customer: a job not billed to it is cleared (with its task); if exactly one job
 * remains it is chosen. Clearing the customer clears the job, which would otherwise choose its
 * bill-to customer straight back.
 */
export function afterCustomerChange<V extends ChoiceValues>(v: V, customerNo: string, jobs: readonly JobRef[]): V {
  const next = { ...v, customerNo };
  const fits = customerNo !== '' && jobs.some((j) => j.code === v.jobCode && j.billToCustomerNo === customerNo);
  if (!fits) {
    next.jobCode = '';
    next.jobTaskCode = '';
  }
  const remaining = jobsForCustomer(jobs, customerNo);
  if (customerNo && remaining.length === 1 && remaining[0]) {
    if (remaining[0].code !== v.jobCode) next.jobTaskCode = '';
    next.jobCode = remaining[0].code;
  }
  return next;
}

/**
 * Spec §4, a new unit (or unit type): its units of measure load (a single one is then chosen;
 * a work type's forced one stays), and time and quantity start over.
 */
export function afterUnitChange<V extends ChoiceValues>(v: V, unitNo: string, forcedUom: string | null): V {
  return { ...v, unitNo, unitOfMeasureCode: forcedUom ?? '', timeFrom: '', timeTo: '', quantity: '' };
}

/**
 * Spec §4 with issue 10 §8: a work type with a unit of measure forces and locks it — but only when
 * the chosen unit (item or resource) has that unit of measure. Otherwise the form must not lock a
 * code the unit cannot take (the server would refuse every entry): it is a conflict the user
 * resolves by choosing another work type or unit, and the unit of measure stays free.
 * `unitUoms` are the chosen unit's codes, undefined while no unit is chosen or they are loading.
 */
export type UomRule = { kind: 'free' } | { kind: 'forced'; code: string } | { kind: 'conflict'; code: string };

export function workTypeUomRule(forcedUom: string | null | undefined, unitUoms: readonly string[] | undefined): UomRule {
  if (!forcedUom) return { kind: 'free' };
  if (unitUoms === undefined || unitUoms.includes(forcedUom)) return { kind: 'forced', code: forcedUom };
  return { kind: 'conflict', code: forcedUom };
}

/**
 * The unit of measure under a rule: the forced one; else, once the unit's codes are known, the
 * only one (or the current one while it is still offered); else the current one.
 */
export function unitOfMeasureUnder(rule: UomRule, unitUoms: readonly string[] | undefined, current: string): string {
  if (rule.kind === 'forced') return rule.code;
  return unitUoms ? autoSelect(unitUoms, current) : current;
}

/** Spec §4: after Create & New the context stays; quantity and times are cleared (attachments too, by the form). */
export function afterCreateAndNew<V extends ChoiceValues>(v: V): V {
  return { ...v, quantity: '', timeFrom: '', timeTo: '' };
}

/** The values the conditional rules of spec §5 look at. */
export interface ConditionalValues {
  customerNo?: string | null | undefined;
  jobTaskCode?: string | null | undefined;
  locationCode?: string | null | undefined;
  workTypeCode?: string | null | undefined;
  unitType?: UnitType | '' | null | undefined;
  timeFrom?: string | null | undefined;
  timeTo?: string | null | undefined;
}

const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === '';

/**
 * Spec §5 conditionally required fields: customerNo if customers are shown; job task, location and
 * work type if their mandatory flag is set; timeFrom and timeTo for Resource in time mode; and the
 * time order. Field → message.
 */
export function conditionalErrors(settings: WorksheetSettings, v: ConditionalValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (settings.showCustomer && blank(v.customerNo)) errors.customerNo = ERR.required;
  if (settings.showJobTask && settings.mandatoryJobTask && blank(v.jobTaskCode)) errors.jobTaskCode = ERR.required;
  if (settings.showLocation && settings.mandatoryLocation && blank(v.locationCode)) errors.locationCode = ERR.required;
  if (settings.showWorkType && settings.mandatoryWorkType && blank(v.workTypeCode)) errors.workTypeCode = ERR.required;
  if (isTimeMode(settings.resourceUnits, v.unitType)) {
    if (blank(v.timeFrom)) errors.timeFrom = ERR.required;
    if (blank(v.timeTo)) errors.timeTo = ERR.required;
    const order = timeOrderError(v.timeFrom, v.timeTo);
    if (order && !errors.timeTo) errors.timeTo = order;
  }
  return errors;
}

/** Groups records by date (key YYYY-MM-DD), newest day first, keeping the records' order inside a day. */
export function groupByDay<T extends { date: string }>(records: readonly T[]): Array<{ key: string; worksheet: T[] }> {
  const groups = new Map<string, T[]>();
  for (const r of records) {
    const list = groups.get(r.date);
    if (list) list.push(r);
    else groups.set(r.date, [r]);
  }
  return [...groups.entries()].sort((a, b) => (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0)).map(([key, worksheet]) => ({ key, worksheet }));
}

import { describe, expect, it } from 'vitest';
import { ERR } from '../../../shared/errors';
import type { TWorksheetFormSettings, TWorksheetRecord } from '../../../shared/schemas/worksheet';
import {
  createdAndNew,
  customerChosen,
  descriptionTyped,
  initialValues,
  jobChosen,
  jobFound,
  quantityLeft,
  singleJobFound,
  tasksLoaded,
  timeLeft,
  toPayload,
  unitChosen,
  unitLoaded,
  unitTypeChosen,
  valuesOfRecord,
  workTypeChosen,
  type FormContext,
  type FormValues,
} from './worksheet-form-state';
import { worksheetFormSchema } from './worksheet-form-schema';

const settings: TWorksheetFormSettings = {
  username: 'basic',
  profileType: 'Basic',
  teamCode: 'A',
  showCustomer: true,
  showJobTask: true,
  showLocation: true,
  showWorkType: true,
  mandatoryJobTask: false,
  mandatoryLocation: false,
  mandatoryWorkType: false,
  defaultUnitType: 'Resource',
  resourceUnits: 'Quantity',
  defaultResource: 'R03',
  lockDefaultResource: true,
  defaultDescription: null,
};
const ctx: FormContext = { settings };
const fresh = initialValues(settings, '2026-11-23');
const filled: FormValues = { ...fresh, customerNo: 'C1000', jobCode: 'J-1001', jobTaskCode: '100', description: 'Apprentice', unitOfMeasureCode: 'HOUR', quantity: '8' };

describe('opening the form', () => {
  it('a new entry starts today with the default resource', () => {
    expect(fresh).toMatchObject({ date: '2026-11-23', unitType: 'Resource', unitNo: 'R03', description: '', descriptionEdited: false });
    expect(initialValues({ ...settings, defaultUnitType: 'Item' }, '2026-11-23').unitNo).toBe('');
  });
  it('edit pre-fills from the record, the quantity in the locale', () => {
    const record = {
      date: '2026-11-20',
      customerNo: null,
      jobCode: 'J1',
      jobTaskCode: null,
      locationCode: null,
      workTypeCode: null,
      unitType: 'Item',
      unitNo: '1000',
      description: 'd',
      timeFrom: null,
      timeTo: null,
      quantity: 1234.5,
      unitOfMeasureCode: 'BOX',
    } as unknown as TWorksheetRecord;
    expect(valuesOfRecord(record, 'da')).toMatchObject({ customerNo: '', quantity: '1.234,50', descriptionEdited: true });
  });
});

describe('customer and job (spec §4)', () => {
  it('a customer clears a job billed to another one; the single job it has is chosen when the server answers', () => {
    const v = customerChosen(filled, 'C2000', { code: 'J-1001', billToCustomerNo: 'C1000' });
    expect(v).toMatchObject({ customerNo: 'C2000', jobCode: '', jobTaskCode: '' });
    expect(singleJobFound(v, 'C2000', ['J-2001'])).toMatchObject({ jobCode: 'J-2001', jobTaskCode: '' });
    // Two jobs: none is chosen; an answer for a customer no longer chosen, or after the user chose a job, changes nothing.
    expect(singleJobFound(v, 'C2000', ['J-2001', 'J-2002'])).toBe(v);
    expect(singleJobFound(v, 'C3000', ['J-3001'])).toBe(v);
    expect(singleJobFound({ ...v, jobCode: 'J-9' }, 'C2000', ['J-2001']).jobCode).toBe('J-9');
  });
  it('a job takes its bill-to customer (when customers are shown) and starts without a task', () => {
    expect(jobChosen(filled, 'J-2001', 'C2000', ctx)).toMatchObject({ jobCode: 'J-2001', customerNo: 'C2000', jobTaskCode: '' });
    const hidden = { settings: { ...settings, showCustomer: false } };
    expect(jobChosen(filled, 'J-2001', 'C2000', hidden).customerNo).toBe('C1000');
    expect(jobChosen(filled, '', undefined, ctx)).toMatchObject({ jobCode: '', customerNo: '', jobTaskCode: '' });
  });
  it('a job typed as a code takes its bill-to customer once looked up', () => {
    const typed = jobChosen({ ...filled, customerNo: '' }, 'J-2001', undefined, ctx);
    expect(jobFound(typed, 'J-2001', 'C2000', ctx).customerNo).toBe('C2000');
    expect(jobFound(typed, 'J-9999', 'C9', ctx)).toBe(typed);
  });
  it("the job's tasks: a single one is chosen; a late answer for another job changes nothing", () => {
    const v = { ...filled, jobTaskCode: '' };
    expect(tasksLoaded(v, 'J-1001', ['100'], ctx).jobTaskCode).toBe('100');
    expect(tasksLoaded(v, 'J-1001', ['100', '200'], ctx).jobTaskCode).toBe('');
    expect(tasksLoaded(v, 'J-2001', ['300'], ctx)).toBe(v);
    expect(tasksLoaded(v, 'J-1001', ['100'], { settings: { ...settings, showJobTask: false } })).toBe(v);
  });
});

describe('unit, unit of measure and work type', () => {
  it('the unit type resets the unit to the default resource, or empty', () => {
    expect(unitTypeChosen(filled, 'Item', null, ctx)).toMatchObject({ unitType: 'Item', unitNo: '', unitOfMeasureCode: '', quantity: '', description: '' });
    expect(unitTypeChosen({ ...filled, unitType: 'Item' }, 'Resource', null, ctx)).toMatchObject({ unitNo: 'R03', description: '' });
    expect(unitTypeChosen({ ...filled, descriptionEdited: true }, 'Resource', null, ctx).description).toBe('Apprentice');
  });
  it('a unit prefills the description unless the user typed one', () => {
    expect(unitChosen(fresh, '1000', 'Screws', null, ctx)).toMatchObject({ unitNo: '1000', description: 'Screws', quantity: '' });
    expect(unitChosen(descriptionTyped(fresh, 'Mine'), '1000', 'Screws', null, ctx).description).toBe('Mine');
  });
  it('the unit look-up: a missing unit is cleared, the description prefilled, the only unit of measure chosen', () => {
    const item = { ...fresh, unitType: 'Item' as const, unitNo: '1000' };
    expect(unitLoaded(item, { unitType: 'Item', unitNo: '1000', unit: undefined, uoms: [] }, null, ctx)).toMatchObject({ unitNo: '', unitOfMeasureCode: '' });
    expect(unitLoaded(item, { unitType: 'Item', unitNo: '1000', unit: { description: 'Screws' }, uoms: ['BOX'] }, null, ctx)).toMatchObject({
      description: 'Screws',
      unitOfMeasureCode: 'BOX',
    });
    // A late answer for a unit no longer chosen changes nothing.
    expect(unitLoaded(item, { unitType: 'Item', unitNo: '1100', unit: { description: 'x' }, uoms: ['PCS'] }, null, ctx)).toBe(item);
  });
  it('a work type forces its unit of measure when the unit has it', () => {
    const r03 = { ...fresh, unitOfMeasureCode: '' };
    expect(workTypeChosen(r03, 'NORMAL', 'HOUR', ['HOUR'])).toMatchObject({ workTypeCode: 'NORMAL', unitOfMeasureCode: 'HOUR' });
    expect(unitLoaded(r03, { unitType: 'Resource', unitNo: 'R03', unit: { description: 'Apprentice' }, uoms: ['HOUR', 'KM'] }, 'HOUR', ctx).unitOfMeasureCode).toBe('HOUR');
  });
  it('issue 10 §8: NORMAL (HOUR) on item 1000 (BOX only) never forces HOUR; the unit keeps its own', () => {
    const item = { ...fresh, unitType: 'Item' as const, unitNo: '1000', unitOfMeasureCode: 'BOX' };
    expect(workTypeChosen(item, 'NORMAL', 'HOUR', ['BOX']).unitOfMeasureCode).toBe('BOX');
    // Chosen with the work type already set: provisionally HOUR, then the unit's answer gives BOX.
    const chosen = unitChosen({ ...fresh, unitType: 'Item', workTypeCode: 'NORMAL' }, '1000', 'Screws', 'HOUR', ctx);
    expect(chosen.unitOfMeasureCode).toBe('HOUR');
    expect(unitLoaded(chosen, { unitType: 'Item', unitNo: '1000', unit: { description: 'Screws' }, uoms: ['BOX'] }, 'HOUR', ctx)).toMatchObject({
      unitOfMeasureCode: 'BOX',
      workTypeCode: '',
    });
    // A work type chosen while the unit's look-up ran is the user's last choice: it stays.
    expect(unitLoaded(chosen, { unitType: 'Item', unitNo: '1000', unit: { description: 'Screws' }, uoms: ['BOX'], carriedWorkType: '' }, 'HOUR', ctx).workTypeCode).toBe('NORMAL');
    expect(unitLoaded(chosen, { unitType: 'Item', unitNo: '1000', unit: { description: 'Screws' }, uoms: ['BOX'], carriedWorkType: 'NORMAL' }, 'HOUR', ctx).workTypeCode).toBe('');
    // The work type chosen after the unit: the user's last choice stays, the conflict is shown (and Create refused).
    expect(workTypeChosen({ ...item, workTypeCode: '' }, 'NORMAL', 'HOUR', ['BOX'])).toMatchObject({ workTypeCode: 'NORMAL', unitOfMeasureCode: 'BOX' });
  });
  it("on edit the record's own unit and unit of measure stay", () => {
    const record = { unitType: 'Item', unitNo: '1000', unitOfMeasureCode: 'OLD', jobCode: 'J1', jobTaskCode: '900' } as unknown as TWorksheetRecord;
    const edit = { settings, record };
    const v = { ...fresh, unitType: 'Item' as const, unitNo: '1000', unitOfMeasureCode: 'OLD', descriptionEdited: true, description: 'd', jobCode: 'J1', jobTaskCode: '900' };
    expect(unitLoaded(v, { unitType: 'Item', unitNo: '1000', unit: undefined, uoms: ['BOX', 'PCS'] }, null, edit)).toMatchObject({ unitNo: '1000', unitOfMeasureCode: 'OLD' });
    expect(tasksLoaded(v, 'J1', ['100', '200'], edit).jobTaskCode).toBe('900');
  });
});

describe('issue 22 §1: Create & New never sets up a failure', () => {
  const hours: FormValues = {
    ...fresh,
    customerNo: 'C1000',
    jobCode: 'J-1001',
    workTypeCode: 'NORMAL',
    description: 'Apprentice',
    unitOfMeasureCode: 'HOUR',
    timeFrom: '07:00',
    timeTo: '14:30',
  };
  const timeCtx: FormContext = { settings: { ...settings, resourceUnits: 'Time' } };

  it('Item clears a work type that forces a unit of measure, and the description the previous unit prefilled', () => {
    const next = unitTypeChosen(createdAndNew(hours), 'Item', 'HOUR', timeCtx);
    expect(next).toMatchObject({ unitType: 'Item', unitNo: '', workTypeCode: '', unitOfMeasureCode: '', description: '', jobCode: 'J-1001', customerNo: 'C1000' });
  });
  it('a work type without a unit of measure, a typed description and the way back to Resource stay', () => {
    expect(unitTypeChosen({ ...hours, workTypeCode: 'DRIVE' }, 'Item', null, timeCtx).workTypeCode).toBe('DRIVE');
    expect(unitTypeChosen(descriptionTyped(hours, 'Kitchen'), 'Item', 'HOUR', timeCtx).description).toBe('Kitchen');
    expect(unitTypeChosen({ ...hours, unitType: 'Item' }, 'Resource', 'HOUR', timeCtx)).toMatchObject({ workTypeCode: 'NORMAL', unitNo: 'R03', unitOfMeasureCode: 'HOUR' });
    // The user's default description is what a unit type change leaves.
    expect(unitTypeChosen(hours, 'Item', 'HOUR', { settings: { ...timeCtx.settings, defaultDescription: 'Site work' } }).description).toBe('Site work');
  });
  it("a unit typed as a code replaces the previous unit's prefilled description when its look-up answers", () => {
    const item = unitChosen({ ...hours, unitType: 'Item' }, '1200', null, null, timeCtx);
    expect(item.description).toBe('Apprentice');
    expect(unitLoaded(item, { unitType: 'Item', unitNo: '1200', unit: { description: 'Copper pipe 15 mm' }, uoms: ['M'] }, 'HOUR', timeCtx)).toMatchObject({
      description: 'Copper pipe 15 mm',
      unitOfMeasureCode: 'M',
      workTypeCode: '',
    });
    // A typed description is never replaced.
    const typed = unitChosen(descriptionTyped({ ...hours, unitType: 'Item' }, 'Pipes'), '1200', null, null, timeCtx);
    expect(unitLoaded(typed, { unitType: 'Item', unitNo: '1200', unit: { description: 'Copper pipe 15 mm' }, uoms: ['M'] }, null, timeCtx).description).toBe('Pipes');
  });
  it('hours, then two items with Create & New: every payload is one the server takes', () => {
    expect(toPayload(hours, timeCtx.settings, 'da')).toMatchObject({ workTypeCode: 'NORMAL', unitOfMeasureCode: 'HOUR', quantity: '7.5' });
    let v = unitTypeChosen(createdAndNew(hours), 'Item', 'HOUR', timeCtx);
    v = unitChosen(v, '1200', 'Copper pipe 15 mm', null, timeCtx);
    v = unitLoaded(v, { unitType: 'Item', unitNo: '1200', unit: { description: 'Copper pipe 15 mm' }, uoms: ['M'] }, null, timeCtx);
    v = quantityLeft({ ...v, quantity: '12,5' }, 'da');
    expect(toPayload(v, timeCtx.settings, 'da')).toMatchObject({
      workTypeCode: '',
      unitType: 'Item',
      unitNo: '1200',
      unitOfMeasureCode: 'M',
      description: 'Copper pipe 15 mm',
      quantity: '12.5',
      timeFrom: '',
      timeTo: '',
    });
    v = unitChosen(createdAndNew(v), '1000', 'Screws 5x50, box', null, timeCtx);
    v = unitLoaded(v, { unitType: 'Item', unitNo: '1000', unit: { description: 'Screws 5x50, box' }, uoms: ['BOX'] }, null, timeCtx);
    expect(toPayload({ ...v, quantity: '2' }, timeCtx.settings, 'da')).toMatchObject({ unitNo: '1000', unitOfMeasureCode: 'BOX', description: 'Screws 5x50, box', quantity: '2' });
  });
});

describe('times, quantity and Create & New', () => {
  it('times round up when left; quantity is shown in the locale when left', () => {
    expect(timeLeft({ ...fresh, timeFrom: '07:05' }, 'timeFrom').timeFrom).toBe('07:15');
    expect(quantityLeft({ ...fresh, quantity: '1.234,5' }, 'da').quantity).toBe('1.234,50');
    expect(quantityLeft({ ...fresh, quantity: '1,500' }, 'en').quantity).toBe('1,500.00');
    expect(quantityLeft({ ...fresh, quantity: 'x' }, 'en').quantity).toBe('x');
  });
  it('Create & New keeps the context', () => {
    expect(createdAndNew({ ...filled, timeFrom: '07:00', timeTo: '08:00' })).toEqual({ ...filled, quantity: '', timeFrom: '', timeTo: '' });
  });
});

describe('the form schema', () => {
  it('sends the payload: Danish quantity read, hidden fields empty, time mode computed', () => {
    expect(toPayload({ ...filled, quantity: '1.234,5' }, settings, 'da').quantity).toBe('1234.5');
    expect(toPayload({ ...filled, locationCode: 'CPH' }, { ...settings, showLocation: false }, 'en').locationCode).toBe('');
    const time = toPayload({ ...filled, timeFrom: '07:05', timeTo: '15:30' }, { ...settings, resourceUnits: 'Time' }, 'en');
    expect(time).toMatchObject({ timeFrom: '07:15', timeTo: '15:30', quantity: '8.25' });
  });
  it('reports every error at once, the conditional ones and the locale reading included', () => {
    const schema = worksheetFormSchema({ ...settings, mandatoryLocation: true }, 'da');
    const result = schema.safeParse({ ...fresh, quantity: '1,234' });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(byField).toMatchObject({ quantity: ERR.tooManyDecimals, locationCode: ERR.required, customerNo: ERR.required, jobCode: ERR.required });
    expect(worksheetFormSchema(settings, 'da').safeParse({ ...filled, quantity: '2,5' }).data).toMatchObject({ quantity: '2.5', jobCode: 'J-1001' });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterCreateAndNew,
  afterCustomerChange,
  afterJobChange,
  afterUnitChange,
  autoSelect,
  customersForJob,
  jobsForCustomer,
  cameraFileName,
  conditionalErrors,
  groupByDay,
  hoursBetween,
  isTimeMode,
  minutesToTime,
  parseNumericInput,
  prefillDescription,
  roundUpTime,
  sanitizeNumericInput,
  stillValid,
  sumByUnitOfMeasure,
  timeOrderError,
  timeToMinutes,
  unitForType,
  unitOfMeasureUnder,
  workTypeUomRule,
  type WorksheetSettings,
} from './worksheet-rules';

describe('time mode', () => {
  it('is Resource entries of an account whose resource units are Time', () => {
    expect(isTimeMode('Time', 'Resource')).toBe(true);
    expect(isTimeMode('Time', 'Item')).toBe(false);
    expect(isTimeMode('Quantity', 'Resource')).toBe(false);
    expect(isTimeMode('Time', '')).toBe(false);
  });
});

describe('times', () => {
  it('reads HH:mm, HHmm and HH:mm:ss', () => {
    expect(timeToMinutes('08:30')).toBe(510);
    expect(timeToMinutes('0830')).toBe(510);
    expect(timeToMinutes('08:30:00')).toBe(510);
    expect(timeToMinutes('8:30')).toBe(510);
    expect(timeToMinutes('24:00')).toBeNull();
    expect(timeToMinutes('')).toBeNull();
    expect(timeToMinutes(null)).toBeNull();
    expect(minutesToTime(510)).toBe('08:30');
  });

  it('rounds up to the next 15 minutes', () => {
    expect(roundUpTime('08:00')).toBe('08:00');
    expect(roundUpTime('08:01')).toBe('08:15');
    expect(roundUpTime('08:14')).toBe('08:15');
    expect(roundUpTime('08:15')).toBe('08:15');
    expect(roundUpTime('08:16')).toBe('08:30');
    expect(roundUpTime('08:46')).toBe('09:00');
    expect(roundUpTime('00:00')).toBe('00:00');
  });

  it('cannot round past the last step of the day', () => {
    expect(roundUpTime('23:45')).toBe('23:45');
    expect(roundUpTime('23:50')).toBe('23:45');
  });

  it('leaves empty and unreadable input alone', () => {
    expect(roundUpTime('')).toBe('');
    expect(roundUpTime('  ')).toBe('');
    expect(roundUpTime('soon')).toBe('soon');
  });

  it('rounding up always lands on a step, never earlier (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 * 60 + 45 }), (m) => {
        const rounded = timeToMinutes(roundUpTime(minutesToTime(m)))!;
        expect(rounded % 15).toBe(0);
        expect(rounded).toBeGreaterThanOrEqual(m);
        expect(rounded - m).toBeLessThan(15);
      }),
    );
  });

  it('quantity = hours between the times, 2 decimals, never below 0', () => {
    expect(hoursBetween('08:00', '12:30')).toBe(4.5);
    expect(hoursBetween('08:00', '08:15')).toBe(0.25);
    expect(hoursBetween('07:45', '16:00')).toBe(8.25);
    expect(hoursBetween('12:00', '08:00')).toBe(0);
    expect(hoursBetween('12:00', '12:00')).toBe(0);
    expect(hoursBetween('08:00', '08:10')).toBe(0.17);
    expect(hoursBetween('', '08:00')).toBeNull();
    expect(hoursBetween('08:00', null)).toBeNull();
  });

  it('Time to must be later than Time from', () => {
    expect(timeOrderError('08:00', '09:00')).toBeNull();
    expect(timeOrderError('09:00', '09:00')).toBe('TIME_ORDER');
    expect(timeOrderError('10:00', '09:00')).toBe('TIME_ORDER');
    expect(timeOrderError('', '09:00')).toBeNull();
  });
});

describe('numeric input', () => {
  it.each([
    ['12', '12'],
    ['12.5', '12.5'],
    ['12,5', '12.5'],
    ['12,555', '12.55'],
    ['-3', '-3'],
    ['--3', '-3'],
    ['3-', '3'],
    ['1.2.3', '1.23'],
    ['a1b2c', '12'],
    ['1 000,25', '1000.25'],
    [',5', '0.5'],
    ['-,5', '-0.5'],
    ['', ''],
    ['abc', ''],
    ['  7 ', '7'],
  ])('%j → %j', (raw, clean) => {
    expect(sanitizeNumericInput(raw)).toBe(clean);
  });

  it('the result is always an optional minus, digits and at most 2 decimals (property)', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect(sanitizeNumericInput(raw)).toMatch(/^-?(\d*)(\.\d{0,2})?$/);
      }),
    );
  });

  it('is idempotent (property)', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect(sanitizeNumericInput(sanitizeNumericInput(raw))).toBe(sanitizeNumericInput(raw));
      }),
    );
  });

  it('parses what it kept', () => {
    expect(parseNumericInput('2,5')).toBe(2.5);
    expect(parseNumericInput('-1')).toBe(-1);
    expect(parseNumericInput('3.')).toBe(3);
    expect(parseNumericInput('-')).toBeNull();
    expect(parseNumericInput('')).toBeNull();
  });
});

describe('auto-selection', () => {
  it('a single option is chosen', () => {
    expect(autoSelect(['100'], '')).toBe('100');
    expect(autoSelect(['100'], '200')).toBe('100');
  });
  it('a current value that is still an option is kept', () => {
    expect(autoSelect(['100', '200'], '200')).toBe('200');
  });
  it('a value that is no longer an option is cleared', () => {
    expect(autoSelect(['100', '200'], '300')).toBe('');
    expect(autoSelect([], '300')).toBe('');
  });
  it('stillValid', () => {
    expect(stillValid(['a'], '')).toBe(true);
    expect(stillValid(['a'], 'a')).toBe(true);
    expect(stillValid(['a'], 'b')).toBe(false);
  });
});

describe('unit type change', () => {
  it('Resource with a default resource: the default, locked if the user’s lock is set', () => {
    expect(unitForType('Resource', 'R01', true)).toEqual({ unitNo: 'R01', locked: true });
    expect(unitForType('Resource', 'R01', false)).toEqual({ unitNo: 'R01', locked: false });
  });
  it('otherwise empty', () => {
    expect(unitForType('Item', 'R01', true)).toEqual({ unitNo: '', locked: false });
    expect(unitForType('Resource', null, false)).toEqual({ unitNo: '', locked: false });
    expect(unitForType('', 'R01', true)).toEqual({ unitNo: '', locked: false });
  });
});

describe('description prefill', () => {
  it('the user’s default description wins over the unit’s', () => {
    expect(prefillDescription({ edited: false, current: '', defaultDescription: 'Work', unitDescription: 'Carpenter' })).toBe('Work');
  });
  it('else the unit’s description', () => {
    expect(prefillDescription({ edited: false, current: 'Old', defaultDescription: null, unitDescription: 'Carpenter' })).toBe('Carpenter');
  });
  it('never over what the user typed', () => {
    expect(prefillDescription({ edited: true, current: 'My text', defaultDescription: 'Work', unitDescription: 'Carpenter' })).toBe('My text');
  });
  it('an edited but emptied description is prefilled again', () => {
    expect(prefillDescription({ edited: true, current: '', defaultDescription: null, unitDescription: 'Carpenter' })).toBe('Carpenter');
  });
});

describe('camera file names', () => {
  const at = new Date(2026, 10, 22, 9, 5, 33);
  it('photo-yyyyMMddHHmm.png', () => {
    expect(cameraFileName(at, [])).toBe('photo-202611220905.png');
  });
  it('_1, _2 … on clashes', () => {
    expect(cameraFileName(at, ['photo-202611220905.png'])).toBe('photo-202611220905_1.png');
    expect(cameraFileName(at, ['photo-202611220905.png', 'photo-202611220905_1.png'])).toBe('photo-202611220905_2.png');
    expect(cameraFileName(at, ['other.png', 'photo-202611220905_1.png'])).toBe('photo-202611220905.png');
  });
});

describe('conditionally required fields (spec §5)', () => {
  const settings: WorksheetSettings = {
    showCustomer: true,
    showJobTask: true,
    showLocation: true,
    showWorkType: true,
    mandatoryJobTask: false,
    mandatoryLocation: false,
    mandatoryWorkType: false,
    defaultUnitType: 'Resource',
    resourceUnits: 'Time',
  };
  it('customer while customers are shown', () => {
    expect(conditionalErrors(settings, { unitType: 'Item' })).toEqual({ customerNo: 'REQUIRED' });
    expect(conditionalErrors({ ...settings, showCustomer: false }, { unitType: 'Item' })).toEqual({});
  });
  it('task, location, work type by their mandatory flags (only while shown)', () => {
    const s = { ...settings, mandatoryJobTask: true, mandatoryLocation: true, mandatoryWorkType: true };
    expect(conditionalErrors(s, { customerNo: 'C', unitType: 'Item' })).toEqual({ jobTaskCode: 'REQUIRED', locationCode: 'REQUIRED', workTypeCode: 'REQUIRED' });
    expect(conditionalErrors({ ...s, showJobTask: false }, { customerNo: 'C', unitType: 'Item', locationCode: 'L', workTypeCode: 'W' })).toEqual({});
  });
  it('times in time mode, and their order', () => {
    expect(conditionalErrors(settings, { customerNo: 'C', unitType: 'Resource' })).toEqual({ timeFrom: 'REQUIRED', timeTo: 'REQUIRED' });
    expect(conditionalErrors(settings, { customerNo: 'C', unitType: 'Resource', timeFrom: '10:00', timeTo: '09:00' })).toEqual({ timeTo: 'TIME_ORDER' });
    expect(conditionalErrors({ ...settings, resourceUnits: 'Quantity' }, { customerNo: 'C', unitType: 'Resource' })).toEqual({});
  });
});

describe('sums and groups', () => {
  it('sums quantities per unit of measure', () => {
    expect(
      sumByUnitOfMeasure([
        { quantity: 1.1, unitOfMeasureCode: 'HOUR', unitOfMeasureDescription: 'Hour' },
        { quantity: 2.2, unitOfMeasureCode: 'HOUR', unitOfMeasureDescription: 'Hour' },
        { quantity: 3, unitOfMeasureCode: 'BOX', unitOfMeasureDescription: null },
      ]),
    ).toEqual([
      { code: 'HOUR', label: 'Hour', total: 3.3 },
      { code: 'BOX', label: 'BOX', total: 3 },
    ]);
  });
  it('groups by day, newest first, keeping the order inside a day', () => {
    const g = groupByDay([
      { date: '2026-01-02', id: 1 },
      { date: '2026-03-01', id: 2 },
      { date: '2026-01-02', id: 3 },
    ]);
    expect(g.map((x) => x.key)).toEqual(['2026-03-01', '2026-01-02']);
    expect(g[1]!.worksheet.map((x) => x.id)).toEqual([1, 3]);
  });
});

describe('customer and job choose each other (spec §4)', () => {
  const jobs = [
    { code: 'J1', billToCustomerNo: 'C1' },
    { code: 'J2', billToCustomerNo: 'C1' },
    { code: 'J3', billToCustomerNo: 'C2' },
  ];
  const customers = [{ no: 'C1' }, { no: 'C2' }, { no: 'C3' }];
  const base = {
    customerNo: '',
    jobCode: '',
    jobTaskCode: '',
    unitType: 'Resource' as const,
    unitNo: 'R01',
    unitOfMeasureCode: 'HOUR',
    timeFrom: '08:00',
    timeTo: '09:00',
    quantity: '1',
  };

  it('a customer filters the jobs by bill-to customer', () => {
    expect(jobsForCustomer(jobs, 'C1').map((j) => j.code)).toEqual(['J1', 'J2']);
    expect(jobsForCustomer(jobs, '')).toHaveLength(3);
  });
  it('a job filters the customers to its bill-to customer', () => {
    expect(customersForJob(customers, jobs[2])).toEqual([{ no: 'C2' }]);
    expect(customersForJob(customers, undefined)).toHaveLength(3);
  });
  it('a customer with a single job chooses it', () => {
    expect(afterCustomerChange(base, 'C2', jobs)).toMatchObject({ customerNo: 'C2', jobCode: 'J3', jobTaskCode: '' });
  });
  it('a customer keeps a job billed to it, and clears one that is not', () => {
    expect(afterCustomerChange({ ...base, jobCode: 'J2', jobTaskCode: '100' }, 'C1', jobs)).toMatchObject({ jobCode: 'J2', jobTaskCode: '100' });
    expect(afterCustomerChange({ ...base, jobCode: 'J3', jobTaskCode: '100' }, 'C1', jobs)).toMatchObject({ jobCode: '', jobTaskCode: '' });
  });
  it('clearing the customer clears the job', () => {
    expect(afterCustomerChange({ ...base, customerNo: 'C1', jobCode: 'J1', jobTaskCode: '1' }, '', jobs)).toMatchObject({ customerNo: '', jobCode: '', jobTaskCode: '' });
  });
  it('a job takes its bill-to customer and starts without a task', () => {
    expect(afterJobChange({ ...base, jobCode: 'J1', jobTaskCode: '100' }, 'J3', 'C2')).toMatchObject({ jobCode: 'J3', customerNo: 'C2', jobTaskCode: '' });
  });
  it('clearing the job clears task and customer', () => {
    expect(afterJobChange({ ...base, customerNo: 'C1', jobCode: 'J1', jobTaskCode: '100' }, '')).toMatchObject({ jobCode: '', jobTaskCode: '', customerNo: '' });
  });
  it('a unit resets time and quantity and its unit of measure (unless a work type forces one)', () => {
    expect(afterUnitChange(base, 'R02', null)).toMatchObject({ unitNo: 'R02', unitOfMeasureCode: '', timeFrom: '', timeTo: '', quantity: '' });
    expect(afterUnitChange(base, 'R02', 'HOUR').unitOfMeasureCode).toBe('HOUR');
  });
  it('Create & New keeps the context and clears quantity and times', () => {
    expect(afterCreateAndNew({ ...base, customerNo: 'C1', jobCode: 'J1', jobTaskCode: '100' })).toEqual({
      ...base,
      customerNo: 'C1',
      jobCode: 'J1',
      jobTaskCode: '100',
      timeFrom: '',
      timeTo: '',
      quantity: '',
    });
  });
});

describe("a work type's unit of measure against the unit's (issue 10 §8)", () => {
  it('no work type unit of measure: free', () => {
    expect(workTypeUomRule(null, ['BOX'])).toEqual({ kind: 'free' });
    expect(workTypeUomRule('', undefined)).toEqual({ kind: 'free' });
  });
  it('forced and locked while no unit is chosen or its codes are loading, and when the unit has it', () => {
    expect(workTypeUomRule('HOUR', undefined)).toEqual({ kind: 'forced', code: 'HOUR' });
    expect(workTypeUomRule('HOUR', ['HOUR', 'KM'])).toEqual({ kind: 'forced', code: 'HOUR' });
  });
  it('NORMAL (HOUR) on item 1000 (only BOX) is a conflict, never a lock', () => {
    expect(workTypeUomRule('HOUR', ['BOX'])).toEqual({ kind: 'conflict', code: 'HOUR' });
    expect(workTypeUomRule('HOUR', [])).toEqual({ kind: 'conflict', code: 'HOUR' });
  });
  it('the unit of measure under each rule', () => {
    expect(unitOfMeasureUnder({ kind: 'forced', code: 'HOUR' }, ['HOUR', 'KM'], 'KM')).toBe('HOUR');
    // A conflict leaves the unit's own choice: its only code, not the work type's.
    expect(unitOfMeasureUnder({ kind: 'conflict', code: 'HOUR' }, ['BOX'], 'HOUR')).toBe('BOX');
    expect(unitOfMeasureUnder({ kind: 'conflict', code: 'HOUR' }, ['BOX', 'PCS'], 'HOUR')).toBe('');
    expect(unitOfMeasureUnder({ kind: 'free' }, ['HOUR', 'KM'], 'KM')).toBe('KM');
    expect(unitOfMeasureUnder({ kind: 'free' }, undefined, 'KM')).toBe('KM');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/server';
import { form, itemEntry, setUpWorld, timeEntry, type WorksheetWorld } from './worksheet-fixtures';
import { expectOk, expectStatus, fieldCodes, problemOf } from '../helpers/client';
import type { ErrorCode } from '../../src/shared/error-codes';

/** Every worksheet validation message of spec §5 (and the master-data checks of issue 4), over multipart. */
let app: TestApp;
let w: WorksheetWorld;

beforeAll(async () => {
  app = await startTestApp();
  w = await setUpWorld(app, 'wv');
});
afterAll(() => app?.close());

async function post(fields: Record<string, unknown>) {
  return w.c.basicA.request('POST', '/api/worksheet', form(fields));
}

/** A field's expected error: its code, or its code with the params that are the point. */
type Expected = ErrorCode | { code: ErrorCode; params: Record<string, string> };

async function expectErrors(fields: Record<string, unknown>, expected: Record<string, Expected>) {
  const res = await post(fields);
  expectStatus(res, 400);
  for (const [field, want] of Object.entries(expected)) {
    expect(res.body.errorCodes?.[field], `${field} in ${res.text}`).toContainEqual(typeof want === 'string' ? expect.objectContaining({ code: want }) : want);
  }
  return res;
}

const setAccount = (values: Record<string, unknown>) => app.db.updateTable('account').set(values).where('id', '=', w.accountId).execute();

describe('required fields', () => {
  it.each(['date', 'jobCode', 'unitType', 'unitNo', 'description', 'unitOfMeasureCode'])('%s is required', async (field) => {
    await expectErrors(itemEntry({ [field]: null }), { [field]: 'REQUIRED' });
    await expectErrors(itemEntry({ [field]: '' }), { [field]: 'REQUIRED' });
  });

  it('quantity is required outside time mode', async () => {
    const res = await expectErrors(itemEntry({ quantity: null }), { quantity: 'REQUIRED' });
    expect(res.body.code).toBe('REQUIRED');
  });

  it('customerNo is required while customers are shown', async () => {
    await expectErrors(itemEntry({ customerNo: null }), { customerNo: 'REQUIRED' });
  });

  it('job task, location and work type are required when their mandatory flags are set', async () => {
    await setAccount({ mandatoryJobTask: true, mandatoryLocation: true, mandatoryWorkType: true });
    try {
      const res = await expectErrors(itemEntry({ jobTaskCode: null, locationCode: null, workTypeCode: null }), {
        jobTaskCode: 'REQUIRED',
        locationCode: 'REQUIRED',
        workTypeCode: 'REQUIRED',
      });
      expect(res.body.code).toBe('VALIDATION');
    } finally {
      await setAccount({ mandatoryJobTask: false, mandatoryLocation: false, mandatoryWorkType: false });
    }
    expect((await post(itemEntry({ jobTaskCode: null, locationCode: null, workTypeCode: null }))).status).toBe(201);
  });

  it('timeFrom and timeTo are required for Resource in time mode, not in quantity mode', async () => {
    await expectErrors(timeEntry({ timeFrom: null, timeTo: null }), { timeFrom: 'REQUIRED', timeTo: 'REQUIRED' });
    await setAccount({ resourceUnits: 'Quantity' });
    try {
      await expectErrors(timeEntry({ timeFrom: null, timeTo: null }), { quantity: 'REQUIRED' });
      const res = await post(timeEntry({ quantity: '2.25' }));
      expectStatus(res, 201);
      // quantity mode: the times are not kept, the quantity is the user's
      expect(res.body).toMatchObject({ timeFrom: null, timeTo: null, quantity: 2.25 });
    } finally {
      await setAccount({ resourceUnits: 'Time' });
    }
  });
});

describe('times', () => {
  it('Time to must be later than Time from', async () => {
    await expectErrors(timeEntry({ timeFrom: '10:00', timeTo: '09:00' }), { timeTo: 'TIME_ORDER' });
    await expectErrors(timeEntry({ timeFrom: '10:00', timeTo: '10:00' }), { timeTo: 'TIME_ORDER' });
  });

  it('times are on 15-minute steps', async () => {
    await expectErrors(timeEntry({ timeFrom: '08:10' }), { timeFrom: 'TIME_STEP' });
    await expectErrors(timeEntry({ timeTo: '1207' }), { timeTo: 'TIME_STEP' });
  });

  it('times must be times', async () => {
    await expectErrors(timeEntry({ timeFrom: '25:00' }), { timeFrom: 'INVALID_TIME' });
    await expectErrors(timeEntry({ timeTo: 'noon' }), { timeTo: 'INVALID_TIME' });
  });
});

describe('quantity', () => {
  it('cannot be zero', async () => {
    await expectErrors(itemEntry({ quantity: '0' }), { quantity: 'QUANTITY_ZERO' });
  });

  it('cannot be higher than 99999999.99', async () => {
    await expectErrors(itemEntry({ quantity: '100000000' }), { quantity: { code: 'TOO_HIGH', params: { property: 'Quantity', max: '99999999.99' } } });
    expect((await post(itemEntry({ quantity: '99999999.99' }))).status).toBe(201);
  });

  it('cannot be negative', async () => {
    await expectErrors(itemEntry({ quantity: '-1' }), { quantity: { code: 'TOO_LOW', params: { property: 'Quantity', min: '0' } } });
  });

  it('has at most 2 decimals; a comma is a decimal point', async () => {
    await expectErrors(itemEntry({ quantity: '1.234' }), { quantity: 'TOO_MANY_DECIMALS' });
    const res = await post(itemEntry({ quantity: '2,5' }));
    expectStatus(res, 201);
    expect(res.body.quantity).toBe(2.5);
  });

  it('must be a number', async () => {
    await expectErrors(itemEntry({ quantity: 'abc' }), { quantity: 'MUST_BE_NUMBER' });
  });
});

describe('texts and codes', () => {
  it('description max 100', async () => {
    await expectErrors(itemEntry({ description: 'x'.repeat(101) }), { description: { code: 'TOO_LONG', params: { max: '100' } } });
    expect((await post(itemEntry({ description: 'x'.repeat(100) }))).status).toBe(201);
  });

  it('codes accept only letters, digits, space, hyphen, underscore, slash and period', async () => {
    await expectErrors(itemEntry({ jobCode: 'J<1>' }), { jobCode: 'INVALID_CHARS' });
    await expectErrors(itemEntry({ unitNo: 'a;b' }), { unitNo: 'INVALID_CHARS' });
  });

  it('unit type is Item or Resource', async () => {
    await expectErrors(itemEntry({ unitType: 'Machine' }), { unitType: { code: 'VALUE_NOT_ALLOWED', params: { value: 'Machine' } } });
  });

  it('the date is a real calendar date', async () => {
    await expectErrors(itemEntry({ date: '2026-02-30' }), { date: 'INVALID_DATE' });
  });

  it('a JSON number where a string is expected', async () => {
    const res = await w.c.basicA.raw('POST', '/api/worksheet', { ...itemEntry(), description: 12 }); // deliberately invalid
    expectStatus(res, 400);
    expect(fieldCodes(res.body).description).toEqual(['MUST_BE_STRING']);
  });
});

describe('master data checks', () => {
  it('every code must exist in the account', async () => {
    await expectErrors(itemEntry({ jobCode: 'J-9999' }), { jobCode: { code: 'CANNOT_BE', params: { field: 'Job', value: 'J-9999' } } });
    await expectErrors(itemEntry({ customerNo: 'C9' }), { customerNo: { code: 'CANNOT_BE', params: { field: 'Customer', value: 'C9' } } });
    await expectErrors(itemEntry({ jobTaskCode: '999' }), { jobTaskCode: { code: 'CANNOT_BE', params: { field: 'Task', value: '999' } } });
    await expectErrors(itemEntry({ locationCode: 'MARS' }), { locationCode: { code: 'CANNOT_BE', params: { field: 'Location', value: 'MARS' } } });
    await expectErrors(itemEntry({ workTypeCode: 'NAP' }), { workTypeCode: { code: 'CANNOT_BE', params: { field: 'Work type', value: 'NAP' } } });
    await expectErrors(itemEntry({ unitNo: '9999' }), { unitNo: { code: 'CANNOT_BE', params: { field: 'Unit', value: '9999' } } });
    await expectErrors(itemEntry({ unitOfMeasureCode: 'KG' }), { unitOfMeasureCode: { code: 'CANNOT_BE', params: { field: 'Unit of measure', value: 'KG' } } });
  });

  it('the unit is looked up by its type: a resource number is not an item', async () => {
    await expectErrors(itemEntry({ unitType: 'Item', unitNo: 'R01', unitOfMeasureCode: 'HOUR' }), { unitNo: { code: 'CANNOT_BE', params: { field: 'Unit', value: 'R01' } } });
  });

  it('the job task must belong to the job', async () => {
    // task 200 exists on J-1001 and J-2001, not on J-1002
    await expectErrors(itemEntry({ jobCode: 'J-1002', jobTaskCode: '200' }), { jobTaskCode: { code: 'CANNOT_BE', params: { field: 'Task', value: '200' } } });
  });

  it('the customer must be the job’s bill-to customer', async () => {
    await expectErrors(itemEntry({ customerNo: 'C2000' }), { customerNo: 'NOT_BILL_TO' });
  });

  it('the unit of measure must belong to the unit', async () => {
    // KM belongs to VAN, not to R01
    await expectErrors(timeEntry({ unitNo: 'R01', unitOfMeasureCode: 'KM', workTypeCode: null }), {
      unitOfMeasureCode: { code: 'CANNOT_BE', params: { field: 'Unit of measure', value: 'KM' } },
    });
    expect((await post(timeEntry({ unitNo: 'VAN', unitOfMeasureCode: 'KM', workTypeCode: null }))).status).toBe(201);
  });

  it('a work type with a unit of measure enforces it', async () => {
    await expectErrors(timeEntry({ unitNo: 'VAN', unitOfMeasureCode: 'KM', workTypeCode: 'NORMAL' }), {
      unitOfMeasureCode: 'WORK_TYPE_UOM',
    });
    expect((await post(timeEntry({ unitNo: 'VAN', unitOfMeasureCode: 'KM', workTypeCode: 'DRIVE' }))).status).toBe(201);
  });

  it('inactive codes cannot be chosen — but a record may keep a value it already had', async () => {
    const rec = expectOk(await post(itemEntry({ description: 'before deactivation' })));
    await app.db.updateTable('item').set({ active: false }).where('accountId', '=', w.accountId).where('no', '=', '1000').execute();
    await app.db.updateTable('job').set({ active: false }).where('accountId', '=', w.accountId).where('code', '=', 'J-2001').execute();
    try {
      await expectErrors(itemEntry({ description: 'new one' }), { unitNo: { code: 'CANNOT_BE', params: { field: 'Unit', value: '1000' } } });
      await expectErrors(itemEntry({ jobCode: 'J-2001', customerNo: 'C2000', jobTaskCode: null }), { jobCode: { code: 'CANNOT_BE', params: { field: 'Job', value: 'J-2001' } } });
      const edit = await w.c.basicA.request('PUT', '/api/worksheet', form({ ...itemEntry(), id: rec.id, version: rec.version, description: 'kept item' }));
      expectStatus(edit, 200);
    } finally {
      await app.db.updateTable('item').set({ active: true }).where('accountId', '=', w.accountId).execute();
      await app.db.updateTable('job').set({ active: true }).where('accountId', '=', w.accountId).execute();
    }
  });

  it('another account’s codes do not exist here', async () => {
    await app.db.insertInto('location').values({ accountId: w.otherAccountId, code: 'ELSE' }).execute();
    await expectErrors(itemEntry({ locationCode: 'ELSE' }), { locationCode: { code: 'CANNOT_BE', params: { field: 'Location', value: 'ELSE' } } });
  });
});

describe('approve and delete input', () => {
  it('isApproved must be true/false; id must be a number', async () => {
    const rec = expectOk(await post(itemEntry({ description: 'for approve input' })));
    const bad = await w.c.leadA.raw('PUT', '/api/worksheet/approve', { id: rec.id, isApproved: 'maybe' }); // deliberately invalid
    expectStatus(bad, 400);
    expect(fieldCodes(bad.body).isApproved).toEqual(['MUST_BE_BOOLEAN']);
    const noId = await w.c.leadA.raw('DELETE', '/api/worksheet', { accountId: w.accountId }); // deliberately invalid
    expectStatus(noId, 400);
    expect(fieldCodes(noId.body).id).toEqual(['REQUIRED']);
    const textId = await w.c.leadA.raw('DELETE', '/api/worksheet', { id: 'abc' }); // deliberately invalid
    expect(fieldCodes(problemOf(textId)).id).toEqual(['MUST_BE_NUMBER']);
  });
});

describe('update input', () => {
  it('id is required and must be a number; version must be a number', async () => {
    const res = await w.c.basicA.request('PUT', '/api/worksheet', form({ ...itemEntry() }));
    expectStatus(res, 400);
    expect(fieldCodes(res.body).id).toEqual(['REQUIRED']);
    const bad = await w.c.basicA.request('PUT', '/api/worksheet', form({ ...itemEntry(), id: 1, version: 'x' }));
    expect(fieldCodes(problemOf(bad)).version).toEqual(['MUST_BE_NUMBER']);
  });
});

import { describe, expect, it } from 'vitest';
import { offlineCustomers, offlineJobs, offlineJobTasks, offlineUnits, offlineUnitsOfMeasure } from './offline-pickers';

const v = { active: true, version: 1 };
const copy = {
  customer: [
    { id: 1, no: 'C1000', name: 'Nordhavn Byg', ...v },
    { id: 2, no: 'C2000', name: 'Vestegnens', ...v },
  ],
  job: [
    { id: 1, code: 'J-1001', description: 'Kitchen', billToCustomerNo: 'C1000', billToCustomerName: null, responsibleResourceNo: null, startingDate: null, teamCode: null, ...v },
    { id: 2, code: 'J-1002', description: 'Roof', billToCustomerNo: 'C1000', billToCustomerName: null, responsibleResourceNo: null, startingDate: null, teamCode: null, ...v },
    { id: 3, code: 'J-2001', description: 'Bathroom', billToCustomerNo: 'C2000', billToCustomerName: null, responsibleResourceNo: null, startingDate: null, teamCode: null, ...v },
  ],
  jobTask: [
    { id: 1, jobCode: 'J-1001', code: 'T1', description: 'Demolition', ...v },
    { id: 2, jobCode: 'J-2001', code: 'T1', description: 'Tiles', ...v },
  ],
  location: [],
  workType: [],
  item: [{ id: 1, no: '1200', description: 'Copper pipe', ...v }],
  resource: [{ id: 2, no: 'R01', description: 'Anna', ...v }],
  unit: [
    { id: 1, unitType: 'Item' as const, unitNo: '1200', code: 'M', description: 'Metre', ...v },
    { id: 2, unitType: 'Resource' as const, unitNo: 'R01', code: 'HOUR', description: 'Hour', ...v },
  ],
};

describe('the pickers from the offline copy (spec §4)', () => {
  it('a chosen customer narrows the jobs to those billed to it', () => {
    expect(offlineJobs(copy, '', 50, 'C1000').map((j) => j.code)).toEqual(['J-1001', 'J-1002']);
    expect(offlineJobs(copy, 'roof', 50, 'C1000').map((j) => j.code)).toEqual(['J-1002']);
    expect(offlineJobs(copy, '', 2, 'C2000').map((j) => j.code)).toEqual(['J-2001']);
  });
  it('a chosen job narrows the customers to its bill-to customer', () => {
    expect(offlineCustomers(copy, '', 50, 'J-2001').map((c) => c.no)).toEqual(['C2000']);
    expect(offlineCustomers(copy, '', 50, 'NOPE')).toEqual([]);
    expect(offlineCustomers(copy, 'nordhavn', 50).map((c) => c.no)).toEqual(['C1000']);
  });
  it('a job gives its tasks; an item or resource its units of measure', () => {
    expect(offlineJobTasks(copy, 'J-2001').map((t) => t.description)).toEqual(['Tiles']);
    expect(offlineUnits(copy, 'Item', 'copper', 50).map((u) => u.no)).toEqual(['1200']);
    expect(offlineUnits(copy, 'Resource', 'copper', 50)).toEqual([]);
    expect(offlineUnitsOfMeasure(copy, 'Item', '1200').map((u) => u.code)).toEqual(['M']);
    expect(offlineUnitsOfMeasure(copy, 'Resource', '1200')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { normaliseFlags, ZUpdateAccountInput } from './account';
import { englishOf, errorToken } from '../error-codes';

const base = { id: 1, defaultUnitType: 'Resource', resourceUnits: 'Time' };

describe('ZUpdateAccountInput (spec §5 Account)', () => {
  it('defaultUnitType and resourceUnits are required', () => {
    const r = ZUpdateAccountInput.safeParse({ id: 1 });
    expect(r.success).toBe(false);
    const fields = r.error?.issues.map((i) => [i.path.join('.'), englishOf(i.message)]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['defaultUnitType', 'Field is required'],
        ['resourceUnits', 'Field is required'],
      ]),
    );
    expect(ZUpdateAccountInput.safeParse({ ...base, defaultUnitType: '' }).success).toBe(false);
  });

  it('only the known values: Item/Resource and Time/Quantity', () => {
    expect(ZUpdateAccountInput.parse({ ...base, defaultUnitType: 'Item', resourceUnits: 'Quantity' })).toMatchObject({ defaultUnitType: 'Item', resourceUnits: 'Quantity' });
    const r = ZUpdateAccountInput.safeParse({ ...base, defaultUnitType: 'item', resourceUnits: 'Hours' });
    expect(r.error?.issues.map((i) => englishOf(i.message))).toEqual(['Field cannot be: item', 'Field cannot be: Hours']);
  });

  it('id: a positive integer, also from a string', () => {
    expect(ZUpdateAccountInput.parse({ ...base, id: '7' }).id).toBe(7);
    for (const bad of [0, -1, 1.5, 'x', 2147483648]) expect(ZUpdateAccountInput.safeParse({ ...base, id: bad }).success).toBe(false);
    expect(ZUpdateAccountInput.safeParse({ ...base, id: 2147483647 }).success).toBe(true);
  });

  it('flags are optional booleans; strings from forms are read', () => {
    const parsed = ZUpdateAccountInput.parse({ ...base, showCustomer: 'false', mandatoryLocation: true });
    expect(parsed.showCustomer).toBe(false);
    expect(parsed.mandatoryLocation).toBe(true);
    expect(parsed.showJobTask).toBeUndefined();
    expect(ZUpdateAccountInput.safeParse({ ...base, showJobTask: 'maybe' }).error?.issues[0]?.message).toBe(errorToken('MUST_BE_BOOLEAN'));
  });
});

describe('normaliseFlags (spec §4)', () => {
  const all = { showJobTask: true, showLocation: true, showWorkType: true, mandatoryJobTask: true, mandatoryLocation: true, mandatoryWorkType: true };
  it('a hidden field is never mandatory', () => {
    expect(normaliseFlags({ ...all, showJobTask: false })).toEqual({ ...all, showJobTask: false, mandatoryJobTask: false });
    expect(normaliseFlags({ ...all, showLocation: false })).toEqual({ ...all, showLocation: false, mandatoryLocation: false });
    expect(normaliseFlags({ ...all, showWorkType: false })).toEqual({ ...all, showWorkType: false, mandatoryWorkType: false });
  });
  it('shown fields keep their mandatory flag', () => {
    expect(normaliseFlags(all)).toEqual(all);
    const none = { ...all, mandatoryJobTask: false, mandatoryLocation: false, mandatoryWorkType: false };
    expect(normaliseFlags(none)).toEqual(none);
  });
});

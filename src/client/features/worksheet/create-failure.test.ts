import { afterEach, describe, expect, it } from 'vitest';
import { ERR } from '../../../shared/errors';
import { setLocale } from '../../../shared/paraglide/runtime.js';
import { AppCallError } from '../../lib/errors';
import { describeFailure } from './create-failure';

afterEach(() => {
  void setLocale('en', { reload: false });
});

/** A 400 problem as lib/rest.ts builds it from the server's problem+json. */
const problem = (errors: Record<string, string[]>, codes: Record<string, Array<{ code: string; params?: Record<string, string> } | null>> = {}) =>
  new AppCallError(400, 'Validation failed', 'VALIDATION', {}, errors, codes as never);

const ctx = { workTypeCode: 'NORMAL', unitOfMeasureCode: 'M', forcedUom: 'HOUR' };

describe('a refused create names the field (issue 22 §1)', () => {
  it("the work type's unit-of-measure rule names the work type and both codes, to be shown at Work type", () => {
    const error = problem({ unitOfMeasureCode: ["The unit of measure must be the work type's unit of measure"] }, { unitOfMeasureCode: [{ code: 'WORK_TYPE_UOM' }] });
    const failure = describeFailure(error, ctx);
    expect(failure.detail).toBe('Work type NORMAL requires HOUR, not M. Choose another work type or unit.');
    expect(failure.workTypeError).toBe(failure.detail);
    void setLocale('da', { reload: false });
    expect(describeFailure(error, ctx).detail).toBe('Arbejdstypen NORMAL kræver HOUR, ikke M. Vælg en anden arbejdstype eller enhed.');
  });
  it('any other field error: its label and message, the first field in form order', () => {
    const error = problem(
      { quantity: [ERR.required], jobCode: ['Job cannot be: J-9'] },
      { quantity: [{ code: 'REQUIRED' }], jobCode: [{ code: 'CANNOT_BE', params: { field: 'Job', value: 'J-9' } }] },
    );
    expect(describeFailure(error, ctx)).toEqual({ detail: 'Job: Job cannot be: J-9', workTypeError: undefined });
    void setLocale('da', { reload: false });
    expect(describeFailure(problem({ quantity: [ERR.required] }, { quantity: [{ code: 'REQUIRED' }] }), ctx).detail).toMatch(/^Antal: /);
  });
  it('no field named (a network failure, a 409): nothing to add', () => {
    expect(describeFailure(AppCallError.network(), ctx).detail).toBeUndefined();
  });
});

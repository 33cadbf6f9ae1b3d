import { describe, expect, it } from 'vitest';
import { coded, ERROR_CODES, ERROR_TEMPLATES, errorText, identifyError, renderError } from './error-codes';
import { cannotBe, ERR, tooHigh, tooLong } from './errors';
import { MD } from './schemas/master-data';

/** Sample params: every placeholder gets a value with spaces, so a greedy split would show. */
const sample = (template: string) =>
  Object.fromEntries([...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, name === 'entity' ? 'Unit of measure' : name === 'parent' ? 'Item' : `v ${name} 1`]));

describe('the error catalogue', () => {
  it('renders a code with its params', () => {
    expect(errorText('TOO_LONG', { max: 20 })).toBe('Field cannot be longer than 20 characters');
    expect(renderError(coded('MD_EXISTS', { entity: 'Customer', key: 'C1' }))).toBe('Customer C1 already exists');
  });

  it('identifies every sentence it renders, with the same params', () => {
    for (const code of ERROR_CODES) {
      const params = sample(ERROR_TEMPLATES[code]);
      const text = renderError({ code, params });
      const found = identifyError(text);
      expect(found, code).toBeDefined();
      // Two codes may share a sentence (the first wins); their params then agree.
      expect(renderError(found!), code).toBe(text);
      if (found!.code === code) expect(found!.params, code).toEqual(params);
    }
  });

  it('keeps the English sentences integrators read (spec §5, §8)', () => {
    expect(identifyError(ERR.usernameTaken)).toEqual({ code: 'USERNAME_TAKEN', params: {} });
    expect(identifyError(tooHigh('Quantity', 99999999.99))).toEqual({ code: 'TOO_HIGH', params: { property: 'Quantity', max: '99999999.99' } });
    expect(identifyError(tooLong(100))).toEqual({ code: 'TOO_LONG', params: { max: '100' } });
    expect(identifyError(cannotBe('Job', 'J 1'))).toEqual({ code: 'CANNOT_BE', params: { field: 'Job', value: 'J 1' } });
    expect(identifyError(MD.existsFor('Unit of measure', 'BOX 2', 'Item', '1000'))).toEqual({
      code: 'MD_EXISTS_FOR',
      params: { entity: 'Unit of measure', key: 'BOX 2', parent: 'Item', parentKey: '1000' },
    });
    expect(identifyError(MD.defaultResource('R01'))).toEqual({ code: 'MD_DEFAULT_RESOURCE', params: { key: 'R01' } });
  });

  it('knows nothing of other text', () => {
    expect(identifyError('Something nobody planned for')).toBeUndefined();
  });
});

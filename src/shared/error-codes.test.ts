import { describe, expect, it } from 'vitest';
import { coded, ERROR_CODES, ERROR_TEMPLATES, errorText, errorToken, readErrorToken, renderError, tokenOf } from './error-codes';
import { cannotBe, ERR, tooHigh, tooLong } from './errors';
import { MD } from './schemas/master-data';

/** Sample params: every placeholder gets a value with spaces, quotes and braces, so a sloppy encoding would show. */
const sample = (template: string) => Object.fromEntries([...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, `v "${name}" {1}`]));

describe('the error catalogue', () => {
  it('renders a code with its params', () => {
    expect(errorText('TOO_LONG', { max: 20 })).toBe('Field cannot be longer than 20 characters');
    expect(renderError(coded('MD_EXISTS', { entity: 'Customer', key: 'C2' }))).toBe('Customer C2 already exists');
  });

  it('reads every code back from its token, with the same params (never from its English)', () => {
    for (const code of ERROR_CODES) {
      const c = { code, params: sample(ERROR_TEMPLATES[code]) };
      expect(readErrorToken(tokenOf(c)), code).toEqual(c);
      // The English sentence is a text, not a code: nothing is matched back from it.
      expect(readErrorToken(renderError(c)), code).toBeUndefined();
    }
  });

  it('the shared constants are tokens of their codes', () => {
    expect(readErrorToken(ERR.usernameTaken)).toEqual({ code: 'USERNAME_TAKEN', params: {} });
    expect(readErrorToken(tooHigh('Quantity', 99999999.99))).toEqual({ code: 'TOO_HIGH', params: { property: 'Quantity', max: '99999999.99' } });
    expect(readErrorToken(tooLong(100))).toEqual({ code: 'TOO_LONG', params: { max: '100' } });
    expect(readErrorToken(cannotBe('Job', 'J 1'))).toEqual({ code: 'CANNOT_BE', params: { field: 'Job', value: 'J 1' } });
    expect(readErrorToken(MD.existsFor('Unit of measure', 'BOX 2', 'Item', '1000'))).toEqual({
      code: 'MD_EXISTS_FOR',
      params: { entity: 'Unit of measure', key: 'BOX 2', parent: 'Item', parentKey: '1000' },
    });
    expect(errorToken('NOT_FOUND')).toBe('NOT_FOUND');
  });

  it('knows nothing of other text', () => {
    expect(readErrorToken('Something nobody planned for')).toBeUndefined();
    expect(readErrorToken('NOT_A_CODE_WE_HAVE')).toBeUndefined();
    expect(readErrorToken('TOO_LONG {broken')).toBeUndefined();
  });
});

import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ERR, cannotBe, tooHigh, tooLong } from '../../shared/errors';
import { setLocale } from '../../shared/paraglide/runtime.js';
import { errorMessage, fieldErrors, translateError } from './translate-error';

afterEach(() => {
  void setLocale('en', { reload: false });
});

describe('translateError', () => {
  it('shows the failed login as "Invalid login information"', () => {
    expect(translateError(ERR.authFailed)).toBe('Invalid login information');
    void setLocale('da', { reload: false });
    expect(translateError(ERR.authFailed)).toBe('Ugyldige loginoplysninger');
  });

  it('translates every sentence of the shared catalogue into Danish', () => {
    void setLocale('da', { reload: false });
    for (const sentence of Object.values(ERR)) {
      expect(translateError(sentence), sentence).not.toBe(sentence);
    }
  });

  it('fills the parameters of parameterised sentences', () => {
    void setLocale('da', { reload: false });
    expect(translateError(tooHigh('Quantity', 99999999.99))).toBe('Antal kan ikke være højere end 99.999.999,99');
    expect(translateError(tooLong(20))).toBe('Feltet må højst være 20 tegn');
    expect(translateError(cannotBe('Mode', 'X'))).toBe('Mode kan ikke være: X');
  });

  it('shows unknown text as it is', () => {
    void setLocale('da', { reload: false });
    expect(translateError('Something nobody planned for')).toBe('Something nobody planned for');
  });
});

describe('errorMessage and fieldErrors', () => {
  it('translate tRPC errors and their field errors', () => {
    const error = new TRPCClientError(ERR.validation, {
      result: { error: { code: -32600, message: ERR.validation, data: { httpStatus: 400, errors: { username: [ERR.required] } } } },
    });
    expect(errorMessage(error)).toBe('Validation failed');
    expect(fieldErrors(error)).toEqual({ username: ['Field is required'] });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});

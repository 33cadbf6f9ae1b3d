import { TRPCClientError } from '@trpc/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES, ERROR_TEMPLATES, errorText, errorToken } from '../../shared/error-codes';
import { ERR } from '../../shared/errors';
import { setLocale } from '../../shared/paraglide/runtime.js';
import { AppCallError, errorMessage, isNetworkError, loadErrorMessages, serverFieldErrors, translateCode, translateText } from './errors';
import { ERROR_MESSAGES } from './error-messages';
import { problemError } from './rest';

afterEach(() => {
  void setLocale('en', { reload: false });
});

const da = () => void setLocale('da', { reload: false });
const paramsOf = (template: string) => Object.fromEntries([...template.matchAll(/\{(\w+)\}/g)].map(([, n]) => [n!, n === 'entity' || n === 'parent' ? 'Customer' : '7']));

describe('the texts of the codes come with the first failure (decision 0286)', () => {
  it('are not in the page before; until they are here a code shows its English detail, and they are asked for', async () => {
    vi.resetModules();
    const fresh = await import('./errors');
    expect(fresh.translateCode('TOO_LONG', { max: '20' }, 'the detail as sent')).toBe('the detail as sent');
    await fresh.loadErrorMessages();
    expect(fresh.translateCode('TOO_LONG', { max: '20' }, 'the detail as sent')).toMatch(/20/);
  });
});

beforeAll(() => loadErrorMessages());

describe('translateCode', () => {
  it('has an English and a Danish text for every code of the catalogue, params filled in', () => {
    const same: string[] = [];
    for (const code of ERROR_CODES) {
      const params = paramsOf(ERROR_TEMPLATES[code]);
      const en = translateCode(code, params, 'FALLBACK');
      da();
      const danish = translateCode(code, params, 'FALLBACK');
      void setLocale('en', { reload: false });
      for (const text of [en, danish]) {
        expect(text, code).not.toBe('FALLBACK');
        expect(text, code).not.toMatch(/\{\w+\}/);
        expect(text.length, code).toBeGreaterThan(0);
      }
      if (en === danish) same.push(code);
    }
    expect(same).toEqual([]);
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('interpolates params, entities and field names in the active language', () => {
    da();
    expect(translateCode('TOO_HIGH', { property: 'Quantity', max: '99999999.99' }, '')).toBe('Antal kan ikke være højere end 99.999.999,99');
    expect(translateCode('TOO_LONG', { max: '20' }, '')).toBe('Feltet må højst være 20 tegn');
    expect(translateCode('MD_EXISTS', { entity: 'Customer', key: 'C2' }, '')).toMatch(/C2/);
    expect(translateCode('MD_EXISTS', { entity: 'Customer', key: 'C2' }, '')).not.toMatch(/Customer/);
    expect(translateCode('AUTH_FAILED', {}, '')).toBe('Ugyldige loginoplysninger');
  });

  it('shows the English detail for a code it does not know', () => {
    da();
    expect(translateCode('SOMETHING_NEW', {}, 'Something new happened')).toBe('Something new happened');
    expect(translateCode(undefined, undefined, 'No code at all')).toBe('No code at all');
    expect(translateText('Something nobody planned for')).toBe('Something nobody planned for');
  });
});

describe('errorMessage and serverFieldErrors', () => {
  it('translate a tRPC error by its code, and its field errors', () => {
    const error = new TRPCClientError(errorText('VALIDATION'), {
      result: {
        error: {
          message: errorText('VALIDATION'),
          code: -32600,
          data: {
            httpStatus: 400,
            appCode: 'VALIDATION',
            params: {},
            errors: { quantity: [errorText('TOO_HIGH', { property: 'Quantity', max: 99999999.99 })], code: ['Customer C2 already exists'] },
            errorCodes: {
              quantity: [{ code: 'TOO_HIGH', params: { property: 'Quantity', max: '99999999.99' } }],
              code: [{ code: 'MD_EXISTS', params: { entity: 'Customer', key: 'C2' } }],
            },
          },
        },
      },
    });
    da();
    expect(errorMessage(error)).toBe('Valideringen mislykkedes');
    const fields = serverFieldErrors(error);
    expect(fields.quantity).toBe('Antal kan ikke være højere end 99.999.999,99');
    expect(fields.code).toContain('C2');
    expect(fields.code).not.toContain('already exists');
  });

  it('translate a REST problem the same way', () => {
    const error = problemError(409, {
      detail: 'Customer C2 already exists',
      code: 'MD_EXISTS',
      params: { entity: 'Customer', key: 'C2' },
      errors: { no: ['Customer C2 already exists'] },
      errorCodes: { no: [{ code: 'MD_EXISTS', params: { entity: 'Customer', key: 'C2' } }] },
    });
    da();
    expect(error.status).toBe(409);
    expect(errorMessage(error)).not.toContain('already exists');
    expect(serverFieldErrors(error).no).toBe(errorMessage(error));
    expect(errorMessage(problemError(418, { detail: 'I am a teapot', code: 'TEAPOT' }))).toBe('I am a teapot');
  });

  it('say "The server could not be reached" in the user language for every kind of network failure', () => {
    da();
    const failures = [
      AppCallError.network(new TypeError('Failed to fetch')),
      new TypeError('Failed to fetch'),
      TRPCClientError.from(new TypeError('Failed to fetch')),
      new TypeError('Failed to fetch dynamically imported module: http://x/assets/archive.js'),
    ];
    for (const failure of failures) {
      expect(isNetworkError(failure)).toBe(true);
      expect(errorMessage(failure)).toBe('Serveren kunne ikke nås');
    }
    void setLocale('en', { reload: false });
    expect(errorMessage(failures[0])).toBe('The server could not be reached');
  });

  it('translate the shared zod schema messages', () => {
    const schema = z.object({
      name: z
        .string()
        .min(1, ERR.required)
        .max(3, errorToken('TOO_LONG', { max: 3 })),
    });
    da();
    // What useZodForm shows at the field: the issue's message through the one translator.
    expect(translateText(schema.safeParse({ name: '' }).error!.issues[0]!.message)).toBe('Feltet skal udfyldes');
    expect(translateText(schema.safeParse({ name: 'abcd' }).error!.issues[0]!.message)).toBe('Feltet må højst være 3 tegn');
  });
});

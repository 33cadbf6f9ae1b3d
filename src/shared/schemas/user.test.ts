import { describe, expect, it } from 'vitest';
import { ZChangePasswordInput, ZCreateUserInput, ZUpdateUserInput, ZUsernameInput } from './user';
import { englishOf } from '../error-codes';

const base = { username: 'anna', password: 'Secret-pass-1', confirmPassword: 'Secret-pass-1' };

/** Messages of one field after parsing, or [] when the field is fine. */
function errorsOf(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } },
  input: unknown,
  field: string,
): string[] {
  const r = schema.safeParse(input);
  return r.success ? [] : (r.error?.issues ?? []).filter((i) => i.path.join('.') === field).map((i) => englishOf(i.message));
}

describe('ZCreateUserInput (spec §5 Create user, §9 limits)', () => {
  it('applies the defaults: Basic, ENU, active, no lock', () => {
    expect(ZCreateUserInput.parse(base)).toMatchObject({
      username: 'anna',
      profileType: 'Basic',
      languageCode: 'ENU',
      active: true,
      lockDefaultResource: false,
      teamCode: null,
      defaultDescription: null,
      defaultResource: null,
      expirationDate: null,
    });
  });

  it('username: required, trimmed, max 20, valid code characters', () => {
    expect(ZCreateUserInput.parse({ ...base, username: '  Bo  ' }).username).toBe('Bo');
    expect(errorsOf(ZCreateUserInput, { ...base, username: 'u'.repeat(20) }, 'username')).toEqual([]);
    expect(errorsOf(ZCreateUserInput, { ...base, username: 'u'.repeat(21) }, 'username')).toEqual(['Field cannot be longer than 20 characters']);
    expect(errorsOf(ZCreateUserInput, { ...base, username: '' }, 'username')).toEqual(['Field is required']);
    expect(errorsOf(ZCreateUserInput, { ...base, username: undefined }, 'username')).toEqual(['Field is required']);
    expect(errorsOf(ZCreateUserInput, { ...base, username: 42 }, 'username')).toEqual(['Field must be a string']);
    for (const ok of ['jens.hansen', 'A-B_C/D', 'Søren Ærø', 'user1']) expect(errorsOf(ZCreateUserInput, { ...base, username: ok }, 'username')).toEqual([]);
    for (const bad of ['a*b', 'a@b', "o'neil", 'a;b', 'a<b', 'tab\there']) {
      expect(errorsOf(ZCreateUserInput, { ...base, username: bad }, 'username')).toEqual(['Field contains invalid characters']);
    }
  });

  it('username "API" is reserved for the API key, in any case', () => {
    expect(errorsOf(ZCreateUserInput, { ...base, username: 'Api' }, 'username')).toEqual(['Username cannot be: Api']);
  });

  it('password: required, trimmed, at least 8, at most 200; confirmation must match', () => {
    expect(errorsOf(ZCreateUserInput, { ...base, password: '', confirmPassword: '' }, 'password')).toEqual(['Field is required']);
    expect(errorsOf(ZCreateUserInput, { ...base, password: '1234567', confirmPassword: '1234567' }, 'password')).toEqual(['Password must be at least 8 characters']);
    expect(errorsOf(ZCreateUserInput, { ...base, password: '12345678', confirmPassword: '12345678' }, 'password')).toEqual([]);
    const max = 'p'.repeat(200);
    expect(errorsOf(ZCreateUserInput, { ...base, password: max, confirmPassword: max }, 'password')).toEqual([]);
    expect(errorsOf(ZCreateUserInput, { ...base, password: max + 'p', confirmPassword: max + 'p' }, 'password')).toEqual(['Field cannot be longer than 200 characters']);
    expect(errorsOf(ZCreateUserInput, { ...base, confirmPassword: 'Secret-pass-2' }, 'confirmPassword')).toEqual(['Passwords must match']);
    expect(errorsOf(ZCreateUserInput, { ...base, confirmPassword: '' }, 'confirmPassword')).toContain('Field is required');
    // Trimmed on both sides, so a stray space does not make them differ.
    expect(ZCreateUserInput.safeParse({ ...base, confirmPassword: ' Secret-pass-1 ' }).success).toBe(true);
  });

  it('teamCode: optional, upper case, max 20, valid characters', () => {
    expect(ZCreateUserInput.parse({ ...base, teamCode: 'north' }).teamCode).toBe('NORTH');
    expect(ZCreateUserInput.parse({ ...base, teamCode: '' }).teamCode).toBeNull();
    expect(errorsOf(ZCreateUserInput, { ...base, teamCode: 't'.repeat(20) }, 'teamCode')).toEqual([]);
    expect(errorsOf(ZCreateUserInput, { ...base, teamCode: 't'.repeat(21) }, 'teamCode')).toEqual(['Field cannot be longer than 20 characters']);
    expect(errorsOf(ZCreateUserInput, { ...base, teamCode: 'a#b' }, 'teamCode')).toEqual(['Field contains invalid characters']);
  });

  it('defaultDescription: optional, max 100', () => {
    expect(errorsOf(ZCreateUserInput, { ...base, defaultDescription: 'd'.repeat(100) }, 'defaultDescription')).toEqual([]);
    expect(errorsOf(ZCreateUserInput, { ...base, defaultDescription: 'd'.repeat(101) }, 'defaultDescription')).toEqual(['Field cannot be longer than 100 characters']);
    expect(ZCreateUserInput.parse({ ...base, defaultDescription: '   ' }).defaultDescription).toBeNull();
  });

  it('defaultResource: optional code, max 20', () => {
    expect(errorsOf(ZCreateUserInput, { ...base, defaultResource: 'r'.repeat(20) }, 'defaultResource')).toEqual([]);
    expect(errorsOf(ZCreateUserInput, { ...base, defaultResource: 'r'.repeat(21) }, 'defaultResource')).toEqual(['Field cannot be longer than 20 characters']);
    expect(errorsOf(ZCreateUserInput, { ...base, defaultResource: 'R!' }, 'defaultResource')).toEqual(['Field contains invalid characters']);
  });

  it('profileType, languageCode: only the known values', () => {
    expect(ZCreateUserInput.parse({ ...base, profileType: 'Admin', languageCode: 'DAN' })).toMatchObject({ profileType: 'Admin', languageCode: 'DAN' });
    expect(errorsOf(ZCreateUserInput, { ...base, profileType: 'admin' }, 'profileType')).toEqual(['Field cannot be: admin']);
    expect(errorsOf(ZCreateUserInput, { ...base, languageCode: 'DEU' }, 'languageCode')).toEqual(['Field cannot be: DEU']);
  });

  it('expirationDate: optional calendar date', () => {
    expect(ZCreateUserInput.parse({ ...base, expirationDate: '2028-02-29' }).expirationDate).toBe('2028-02-29');
    expect(ZCreateUserInput.parse({ ...base, expirationDate: '' }).expirationDate).toBeNull();
    expect(errorsOf(ZCreateUserInput, { ...base, expirationDate: '2027-02-29' }, 'expirationDate')).toContain('Field must be a valid date');
    expect(errorsOf(ZCreateUserInput, { ...base, expirationDate: '31-12-2027' }, 'expirationDate')).toContain('Field must be a valid date');
  });

  it('booleans accept JSON and form strings', () => {
    expect(ZCreateUserInput.parse({ ...base, lockDefaultResource: 'true', active: 'false' })).toMatchObject({ lockDefaultResource: true, active: false });
    expect(errorsOf(ZCreateUserInput, { ...base, active: 'yes' }, 'active')).toEqual(['Field must be true/false']);
  });
});

describe('ZUpdateUserInput (spec §5 Edit user)', () => {
  it('profileType and languageCode are required', () => {
    const r = ZUpdateUserInput.safeParse({ username: 'anna' });
    expect(r.success).toBe(false);
    expect(errorsOf(ZUpdateUserInput, { username: 'anna' }, 'profileType')).toEqual(['Field is required']);
    expect(errorsOf(ZUpdateUserInput, { username: 'anna' }, 'languageCode')).toEqual(['Field is required']);
  });

  it('fields left out stay undefined (keep), empty ones become null (clear)', () => {
    const kept = ZUpdateUserInput.parse({ username: 'anna', profileType: 'Basic', languageCode: 'ENU' });
    expect(kept.teamCode).toBeUndefined();
    expect(kept.defaultResource).toBeUndefined();
    expect(kept.expirationDate).toBeUndefined();
    expect(kept.active).toBeUndefined();
    const cleared = ZUpdateUserInput.parse({ username: 'anna', profileType: 'Basic', languageCode: 'ENU', teamCode: '', defaultResource: null, expirationDate: '' });
    expect(cleared).toMatchObject({ teamCode: null, defaultResource: null, expirationDate: null });
  });

  it('the same limits as create', () => {
    const ok = { username: 'anna', profileType: 'Basic', languageCode: 'ENU' };
    expect(errorsOf(ZUpdateUserInput, { ...ok, teamCode: 't'.repeat(21) }, 'teamCode')).toEqual(['Field cannot be longer than 20 characters']);
    expect(errorsOf(ZUpdateUserInput, { ...ok, defaultDescription: 'd'.repeat(101) }, 'defaultDescription')).toEqual(['Field cannot be longer than 100 characters']);
    expect(errorsOf(ZUpdateUserInput, { ...ok, defaultResource: 'a b!' }, 'defaultResource')).toEqual(['Field contains invalid characters']);
  });
});

describe('ZChangePasswordInput and ZUsernameInput', () => {
  it('password and confirmation required and matching', () => {
    expect(ZChangePasswordInput.safeParse({ username: 'anna', password: 'Secret-pass-1', confirmPassword: 'Secret-pass-1' }).success).toBe(true);
    expect(errorsOf(ZChangePasswordInput, { username: 'anna' }, 'password')).toEqual(['Field is required']);
    expect(errorsOf(ZChangePasswordInput, { username: 'anna' }, 'confirmPassword')).toEqual(['Field is required']);
    expect(errorsOf(ZChangePasswordInput, { username: 'anna', password: 'Secret-pass-1', confirmPassword: 'Secret-pass-2' }, 'confirmPassword')).toEqual(['Passwords must match']);
  });

  it('username is required', () => {
    expect(errorsOf(ZUsernameInput, {}, 'username')).toEqual(['Field is required']);
    expect(errorsOf(ZUsernameInput, { username: '  ' }, 'username')).toEqual(['Field is required']);
    expect(ZUsernameInput.parse({ username: ' anna ' }).username).toBe('anna');
  });
});

import { describe, expect, it } from 'vitest';
import { keySearch, modeOf, optionalStrings, parseSearch, stringifySearch } from './search';

describe('search params', () => {
  it('keeps values as plain strings both ways', () => {
    expect(parseSearch('?no=10&code=1e3')).toEqual({ no: '10', code: '1e3' });
    expect(stringifySearch({ no: '10', code: 'A B', empty: '', gone: undefined })).toBe('?no=10&code=A+B');
    expect(stringifySearch({})).toBe('');
  });

  it('validates keys and modes', () => {
    expect(keySearch('username')({ username: 'basic' })).toEqual({ username: 'basic' });
    expect(keySearch('no')({})).toEqual({ no: '' });
    expect(optionalStrings('from', 'to')({ from: '2026-01-01', to: '' })).toEqual({ from: '2026-01-01' });
    expect(modeOf('TEAM')).toBe('TEAM');
    expect(modeOf('team')).toBeUndefined();
  });
});

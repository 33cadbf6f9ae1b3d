import { describe, expect, it } from 'vitest';
import { templateRegex } from '../../src/server/http/rest';

describe('route templates (one escaping for REST and raw routes, issue 20 §2)', () => {
  it('matches the literal parts literally and captures the {params}', () => {
    const { regex, names } = templateRegex('/api/export.v1/{id}/file(s)');
    expect(names).toEqual(['id']);
    expect(regex.exec('/api/export.v1/42/file(s)')?.[1]).toBe('42');
    expect(regex.test('/api/exportXv1/42/file(s)')).toBe(false);
    expect(regex.test('/api/export.v1/42/files')).toBe(false);
    expect(regex.test('/api/export.v1/4/2/file(s)')).toBe(false);
    expect(regex.test('/api/export.v1/42/file(s)/')).toBe(true);
  });
});

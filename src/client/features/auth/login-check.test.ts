import { describe, expect, it } from 'vitest';
import { ERR } from '../../../shared/errors';
import { m } from '../../../shared/paraglide/messages.js';
import { loadErrorMessages, translateText } from '../../lib/errors';
import { ZLoginInput } from '../../../shared/schemas/auth';
import { loginCheck } from './login-check';

const messages = (r: ReturnType<typeof loginCheck.safeParse>) => (r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}:${i.message}`));

describe('the login form check (decision 0270)', () => {
  it('asks for both fields with the text of the server schema’s message', async () => {
    const required = m.error_required();
    expect(messages(loginCheck.safeParse({ username: '', password: '' }))).toEqual([`username:${required}`, `password:${required}`]);
    expect(messages(loginCheck.safeParse({ username: '   ', password: 'x' }))).toEqual([`username:${required}`]);
    const server = ZLoginInput.safeParse({ username: '   ', password: '' });
    expect(server.success ? [] : server.error.issues.map((i) => i.message)).toEqual(expect.arrayContaining([ERR.required]));
    // the same words as the server's REQUIRED, translated by the error catalogue
    await loadErrorMessages();
    expect(translateText(ERR.required)).toBe(required);
  });

  it('sends what the server schema would make of the same input', () => {
    const input = { username: '  admin ', password: ' secret ', remember: false };
    expect(loginCheck.safeParse(input)).toEqual({ success: true, data: ZLoginInput.parse(input) });
    expect(loginCheck.safeParse({ username: 'a', password: 'b' })).toEqual({ success: true, data: ZLoginInput.parse({ username: 'a', password: 'b' }) });
  });
});

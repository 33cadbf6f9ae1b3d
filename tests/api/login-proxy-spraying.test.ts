import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_ADDRESS } from '../../src/shared/limits';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/server';
import { expectStatus, problemOf, type Problem } from '../helpers/client';

/**
 * Issue 21 §3 (decision 0192): behind TRUST_PROXY the client is the right-most untrusted
 * X-Forwarded-For hop, never what the client wrote on the left; one address trying one password
 * on many usernames (password spraying) is stopped at LOGIN_MAX_FAILURES_PER_ADDRESS; a lockout
 * says for how long.
 */
/** Spec §8's sentences (asserted in English because the spec names them), beside their codes. */
const AUTH_FAILED = { code: 'AUTH_FAILED', detail: 'User authentication failed' };
const LOCKED = { code: 'LOCKED_OUT', detail: 'User is locked out' };
const said = (p: Problem) => ({ code: p.code, detail: p.detail });

for (const trustProxy of ['true', 'loopback']) {
  describe(`TRUST_PROXY=${trustProxy}`, () => {
    let app: TestApp;
    let accountId: number;
    beforeAll(async () => {
      app = await startTestApp({ env: { TRUST_PROXY: trustProxy } });
      accountId = await app.createAccount(trustProxy === 'true' ? 'PXT' : 'PXL');
    });
    afterAll(() => app?.close());

    const login = (username: string, password: string, xff: string) => app.anonymous().request('POST', '/api/user/login', { username, password }, { 'X-Forwarded-For': xff });

    it('12 guesses with X-Forwarded-For: 10.9.9.N, <proxy-added address> are throttled like one client', async () => {
      const user = `victim${trustProxy === 'true' ? 't' : 'l'}`;
      await app.addUser(accountId, { username: user });
      const answers: Array<ReturnType<typeof said>> = [];
      for (let n = 1; n <= 12; n++) answers.push(said(problemOf(await login(user, `guess-${n}`, `10.9.9.${n}, 198.51.100.77`))));
      expect(answers.slice(0, LOGIN_MAX_FAILURES)).toEqual(Array(LOGIN_MAX_FAILURES).fill(AUTH_FAILED));
      expect(answers.slice(LOGIN_MAX_FAILURES)).toEqual(Array(12 - LOGIN_MAX_FAILURES).fill(LOCKED));
      // The right password from that client is locked out too, and the answer says for how long…
      const locked = await login(user, TEST_PASSWORD, '10.9.9.99, 198.51.100.77');
      expectStatus(locked, 401);
      expect(locked.body).toMatchObject(LOCKED);
      const minutes = Number((locked.body.params as Record<string, string> | undefined)?.minutes);
      expect(locked.headers.get('retry-after')).toBe(String(minutes * 60));
      expect(minutes).toBeGreaterThanOrEqual(LOGIN_LOCK_MINUTES - 1);
      expect(minutes).toBeLessThanOrEqual(LOGIN_LOCK_MINUTES);
      expect(locked.body.params).toEqual({ minutes: String(minutes) });
      // …while the same user from another client still logs in.
      expect((await login(user, TEST_PASSWORD, '10.9.9.1, 198.51.100.78')).status).toBe(200);
    });

    it('one password against many usernames from one address is stopped at the threshold', async () => {
      const real = `real${trustProxy === 'true' ? 't' : 'l'}`;
      await app.addUser(accountId, { username: real });
      const answers: Array<ReturnType<typeof said>> = [];
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS + 5; i++) {
        const res = await login(`sprayed${i}`, 'Summer2026!', `10.0.${i}.1, 203.0.113.50`);
        answers.push(said(problemOf(res)));
      }
      expect(answers.slice(0, LOGIN_MAX_FAILURES_PER_ADDRESS)).toEqual(Array(LOGIN_MAX_FAILURES_PER_ADDRESS).fill(AUTH_FAILED));
      expect(answers.slice(LOGIN_MAX_FAILURES_PER_ADDRESS)).toEqual(Array(5).fill(LOCKED));
      // From that address no password is checked now, not even a right one; elsewhere it works.
      expect(problemOf(await login(real, TEST_PASSWORD, '203.0.113.50'))).toMatchObject(LOCKED);
      expect((await login(real, TEST_PASSWORD, '203.0.113.51')).status).toBe(200);
    });
  });
}

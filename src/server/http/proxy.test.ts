import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { clientIp, isHttps, parseTrustProxy, requestHost } from './proxy';

const req = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;
const env = (TRUST_PROXY: string) => parseEnv({ TRUST_PROXY });

describe('TRUST_PROXY', () => {
  it('false: X-Forwarded-* are ignored', () => {
    const r = req('127.0.0.1', { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', host: 'app:3000' });
    expect(clientIp(r, env('false'))).toBe('127.0.0.1');
    expect(isHttps(r, env('false'))).toBe(false);
    expect(requestHost(r, env('false'))).toBe('app:3000');
  });

  it('loopback: believed from 127.0.0.1, the right-most untrusted X-Forwarded-For is the client', () => {
    const r = req('::ffff:127.0.0.1', { 'x-forwarded-for': '198.51.100.1, 203.0.113.9, 127.0.0.1', 'x-forwarded-proto': 'https' });
    expect(clientIp(r, env('loopback'))).toBe('203.0.113.9');
    expect(isHttps(r, env('loopback'))).toBe(true);
    expect(clientIp(req('192.0.2.7', { 'x-forwarded-for': '203.0.113.9' }), env('loopback'))).toBe('192.0.2.7');
  });

  it('CIDR ranges and addresses', () => {
    const t = parseTrustProxy('10.0.0.0/8, 192.0.2.1, loopback');
    expect(t.trusts('10.1.2.3')).toBe(true);
    expect(t.trusts('192.0.2.1')).toBe(true);
    expect(t.trusts('192.0.2.2')).toBe(false);
    expect(t.trusts('::1')).toBe(true);
    expect(() => parseEnv({ TRUST_PROXY: 'yes please!' })).toThrow();
  });
});

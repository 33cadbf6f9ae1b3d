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

  it('true: the peer is the one proxy; the client is the right-most X-Forwarded-For entry, never the left-most the client wrote', () => {
    const r = req('198.51.100.9', { 'x-forwarded-for': '10.9.9.1, 203.0.113.77' });
    expect(clientIp(r, env('true'))).toBe('203.0.113.77');
    expect(clientIp(req('198.51.100.9', { 'x-forwarded-for': '203.0.113.77' }), env('true'))).toBe('203.0.113.77');
    expect(clientIp(req('198.51.100.9', {}), env('true'))).toBe('198.51.100.9');
    // Two headers are one list, in order.
    expect(clientIp(req('198.51.100.9', { 'x-forwarded-for': ['10.9.9.1', '203.0.113.77'] as unknown as string }), env('true'))).toBe('203.0.113.77');
  });

  it('a hop count N: the N-th entry from the right', () => {
    const r = req('198.51.100.9', { 'x-forwarded-for': '10.9.9.1, 203.0.113.77, 192.0.2.10' });
    expect(clientIp(r, env('1'))).toBe('192.0.2.10');
    expect(clientIp(r, env('2'))).toBe('203.0.113.77');
    expect(clientIp(r, env('9'))).toBe('10.9.9.1');
    expect(() => parseEnv({ TRUST_PROXY: '0' })).not.toThrow();
    expect(() => parseTrustProxy('0')).toThrow();
  });

  it('ports and junk: an address with a port is the address; junk where the client should be falls back to the peer', () => {
    expect(clientIp(req('127.0.0.1', { 'x-forwarded-for': '10.9.9.1, 203.0.113.77:50123' }), env('loopback'))).toBe('203.0.113.77');
    expect(clientIp(req('127.0.0.1', { 'x-forwarded-for': '[2001:db8::5]:443' }), env('loopback'))).toBe('2001:db8::5');
    expect(clientIp(req('127.0.0.1', { 'x-forwarded-for': 'unknown' }), env('loopback'))).toBe('127.0.0.1');
    // A list: trusted proxies on the right are skipped, the first untrusted one is the client.
    expect(clientIp(req('10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 203.0.113.77, 10.0.0.3' }), env('10.0.0.0/8'))).toBe('203.0.113.77');
  });
});

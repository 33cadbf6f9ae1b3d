import { describe, expect, it } from 'vitest';
import { throttleAddress } from './login';

describe('throttleAddress', () => {
  it('keeps IPv4 as it is, also when IPv4-mapped', () => {
    expect(throttleAddress('127.0.0.2')).toBe('127.0.0.2');
    expect(throttleAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
  });
  it('throttles IPv6 by its /64, however it is written', () => {
    expect(throttleAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
  it('never gives the username-wide key or an empty one', () => {
    expect(throttleAddress('')).toBe('unknown');
    expect(throttleAddress('*')).toBe('unknown');
  });
});

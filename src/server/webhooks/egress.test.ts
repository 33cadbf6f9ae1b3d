import { afterEach, describe, expect, it } from 'vitest';
import { addressRefusal, parseAllowedNetworks, refusedRange, vetHost } from './egress';

/** Issue 21 §2: every special-purpose block is refused, the IPv6 forms that carry an IPv4 address included. */
const REFUSED: Array<[string, RegExp]> = [
  // from the issue
  ['::127.0.0.1', /IPv4-compatible 127\.0\.0\.1/],
  ['::ffff:0:7f00:1', /SIIT.*127\.0\.0\.1/],
  ['2002:7f00:1::', /6to4 127\.0\.0\.1/],
  ['::a00:1', /IPv4-compatible 10\.0\.0\.1/],
  ['64:ff9b:1::1', /./],
  ['64:ff9b:1:ffff::a00:1', /./],
  ['100::1', /discard/],
  ['100::ffff:ffff:ffff:ffff', /discard/],
  ['2001:db8::1', /./],
  ['2001:db8:ffff::1', /./],
  ['192.0.2.1', /reserved/],
  ['198.51.100.7', /reserved/],
  ['203.0.113.200', /reserved/],
  ['192.88.99.1', /reserved/],
  // the usual ones
  ['127.0.0.1', /loopback/],
  ['127.255.255.254', /loopback/],
  ['0.0.0.0', /unspecified/],
  ['0.1.2.3', /unspecified/],
  ['10.1.2.3', /private/],
  ['172.16.0.1', /private/],
  ['172.31.255.255', /private/],
  ['192.168.1.1', /private/],
  ['169.254.169.254', /linkLocal/],
  ['100.64.0.1', /carrierGradeNat/],
  ['100.127.255.255', /carrierGradeNat/],
  ['192.0.0.8', /reserved/],
  ['198.18.0.1', /reserved/],
  ['198.19.255.255', /reserved/],
  ['224.0.0.1', /multicast/],
  ['239.255.255.250', /multicast/],
  ['240.0.0.1', /reserved/],
  ['255.255.255.255', /broadcast/],
  ['::', /unspecified/],
  ['::1', /loopback/],
  ['::ffff:127.0.0.1', /IPv4-mapped 127\.0\.0\.1/],
  ['::ffff:7f00:1', /IPv4-mapped 127\.0\.0\.1/],
  ['::ffff:10.0.0.1', /IPv4-mapped 10\.0\.0\.1/],
  ['::ffff:169.254.169.254', /IPv4-mapped/],
  ['64:ff9b::7f00:1', /NAT64 127\.0\.0\.1/],
  ['64:ff9b::a9fe:a9fe', /NAT64 169\.254\.169\.254/],
  ['fc00::1', /uniqueLocal/],
  ['fd12:3456::1', /uniqueLocal/],
  ['fe80::1', /linkLocal/],
  ['fe80::1%eth0', /scoped/],
  ['fec0::1', /SiteLocal/],
  ['ff02::1', /multicast/],
  ['2001::1', /teredo/],
  ['2001:2::1', /benchmarking/],
  ['2001:10::1', /rchid/],
  ['2001:20::1', /rchid/],
  ['3fff::1', /documentation|reserved/],
  ['5f00::1', /segmentRouting/],
  ['4000::1', /global unicast/],
  ['::2', /IPv4-compatible/],
  ['not-an-ip', /not an IP/],
  ['1.2.3', /not an IP/],
];

const PUBLIC = ['93.184.215.14', '1.1.1.1', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:93.184.215.14', '64:ff9b::5db8:d70e', '[2606:4700:4700::1111]'];

describe('webhook egress ranges', () => {
  afterEach(() => {
    delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  });

  it.each(REFUSED)('refuses %s', (address, why) => {
    const reason = refusedRange(address);
    expect(reason).not.toBeNull();
    expect(reason).toMatch(why);
  });

  it.each(PUBLIC)('allows public unicast %s', (address) => {
    expect(refusedRange(address)).toBeNull();
  });

  it('WEBHOOKS_ALLOW_PRIVATE names networks explicitly; true is refused', () => {
    expect(() => parseAllowedNetworks('true')).toThrow(/true is not accepted/);
    expect(() => parseAllowedNetworks('10.0.0.0/8, nonsense')).toThrow(/nonsense/);
    expect(parseAllowedNetworks('false')).toEqual([]);
    expect(parseAllowedNetworks('')).toEqual([]);
    process.env.WEBHOOKS_ALLOW_PRIVATE = '10.20.0.0/16';
    expect(addressRefusal('10.20.1.2')).toBeNull();
    expect(addressRefusal('::ffff:10.20.1.2')).toBeNull();
    expect(addressRefusal('10.21.1.2')).toMatch(/private/);
    expect(addressRefusal('127.0.0.1')).toMatch(/loopback/);
    process.env.WEBHOOKS_ALLOW_PRIVATE = 'true'; // not a network list: allows nothing
    expect(addressRefusal('10.20.1.2')).toMatch(/private/);
    process.env.WEBHOOKS_ALLOW_PRIVATE = 'loopback';
    expect(addressRefusal('127.0.0.1')).toBeNull();
    expect(addressRefusal('::1')).toBeNull();
    expect(addressRefusal('10.0.0.1')).toMatch(/private/);
  });

  it('a name is refused when any of its addresses is, and unresolvable names are refused', async () => {
    const resolver = (answers: string[]) => () => Promise.resolve(answers.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) })));
    await expect(vetHost('mixed.test', resolver(['93.184.215.14', '127.0.0.1']))).rejects.toThrow(/127\.0\.0\.1, which is loopback/);
    await expect(vetHost('v6.test', resolver(['::ffff:0:7f00:1']))).rejects.toThrow(/SIIT/);
    await expect(vetHost('none.test', resolver([]))).rejects.toThrow(/could not be resolved/);
    await expect(vetHost('fails.test', () => Promise.reject(new Error('ENOTFOUND')))).rejects.toThrow(/could not be resolved/);
    await expect(vetHost('ok.test', resolver(['93.184.215.14', '2606:4700:4700::1111']))).resolves.toEqual({ address: '93.184.215.14', family: 4 });
    await expect(vetHost('[::1]')).rejects.toThrow(/loopback/);
  });
});

import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The address ranges webhooks may not reach (issue 21 §2, decision 0190); see ./egress.ts for how
 * they are applied. Kept apart from the HTTP client so that env validation and the CLI load no
 * undici.
 */

export type Net = [ipaddr.IPv4 | ipaddr.IPv6, number];

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
/** Blocks newer than (or missing from) ipaddr.js' table. */
const EXTRA_V6: Array<[string, Net]> = [
  ['documentation (RFC 9637)', ipaddr.parseCIDR('3fff::/20')],
  ['documentation', ipaddr.parseCIDR('2001:db8::/32')],
  ['local-use NAT64 (RFC 8215)', ipaddr.parseCIDR('64:ff9b:1::/48')],
];

const v4From = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);

/** An IPv4 address carried inside an IPv6 one, and whether that carrier may be used at all. */
function carriedIPv4(v6: ipaddr.IPv6): { carrier: string; v4: ipaddr.IPv4; usable: boolean } | null {
  const p = v6.parts;
  const zero = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && p[5] === 0xffff) return { carrier: 'IPv4-mapped', v4: v4From(p[6]!, p[7]!), usable: true };
  if (zero(0, 4) && p[4] === 0xffff && p[5] === 0) return { carrier: 'IPv4-translated (SIIT)', v4: v4From(p[6]!, p[7]!), usable: false };
  if (zero(0, 6)) return { carrier: 'IPv4-compatible', v4: v4From(p[6]!, p[7]!), usable: false };
  if (p[0] === 0x64 && p[1] === 0xff9b && zero(2, 6)) return { carrier: 'NAT64', v4: v4From(p[6]!, p[7]!), usable: true };
  if (p[0] === 0x2002) return { carrier: '6to4', v4: v4From(p[1]!, p[2]!), usable: false };
  return null;
}

/**
 * An address in the form ipaddr.js reads right: it parses `::127.0.0.1` (IPv4-compatible) as
 * `::ffff:127.0.0.1`, so an IPv6 address's dotted tail is turned into its two hex groups first.
 */
function parseAddress(plain: string): ipaddr.IPv4 | ipaddr.IPv6 {
  if (isIP(plain) !== 6) return ipaddr.parse(plain);
  const hex = plain.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_, a: string, b: string, c: string, d: string) => `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
  );
  return ipaddr.parse(hex);
}

function v4Range(v4: ipaddr.IPv4): string | null {
  const range = v4.range();
  return range === 'unicast' ? null : range;
}

/**
 * Why an address may not be connected to, or null when it is public unicast. Anything that does
 * not parse is refused.
 */
export function refusedRange(address: string): string | null {
  const plain = address.replace(/^\[|\]$/g, '');
  if (plain.includes('%')) return 'scoped (zone id)';
  if (!ipaddr.isValid(plain) || !isIP(plain)) return 'not an IP address';
  const ip = parseAddress(plain);
  if (ip.kind() === 'ipv4') return v4Range(ip as ipaddr.IPv4);
  const v6 = ip as ipaddr.IPv6;
  if (v6.toNormalizedString() === '0:0:0:0:0:0:0:0') return 'unspecified';
  if (v6.toNormalizedString() === '0:0:0:0:0:0:0:1') return 'loopback';
  const carried = carriedIPv4(v6);
  if (carried) {
    const inner = v4Range(carried.v4);
    if (inner) return `${carried.carrier} ${carried.v4.toString()} (${inner})`;
    if (!carried.usable) return `${carried.carrier} ${carried.v4.toString()}`;
    return null;
  }
  const range = v6.range();
  if (range !== 'unicast') return range;
  for (const [name, net] of EXTRA_V6) if (v6.match(net as [ipaddr.IPv6, number])) return name;
  if (!v6.match(GLOBAL_UNICAST_V6 as [ipaddr.IPv6, number])) return 'not global unicast (outside 2000::/3)';
  return null;
}

// ---------------------------------------------------------------------------------------------
// The explicit escape hatch: WEBHOOKS_ALLOW_PRIVATE names the internal networks that may receive.

export const ALLOW_PRIVATE_HELP = 'must be false or a comma-separated list of addresses, CIDR ranges or loopback (true is not accepted: name the networks)';

/** Parses WEBHOOKS_ALLOW_PRIVATE; throws on `true` or anything that is not a network. */
export function parseAllowedNetworks(value: string | undefined): Net[] {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false') return [];
  const nets: Net[] = [];
  for (const raw of v.split(',')) {
    const entry = raw.trim();
    if (entry === 'loopback') {
      nets.push(ipaddr.parseCIDR('127.0.0.0/8'), ipaddr.parseCIDR('::1/128'));
      continue;
    }
    if (ipaddr.isValidCIDR(entry)) nets.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry) && isIP(entry)) {
      const ip = ipaddr.parse(entry);
      nets.push([ip, ip.kind() === 'ipv4' ? 32 : 128]);
    } else throw new Error(`WEBHOOKS_ALLOW_PRIVATE ${ALLOW_PRIVATE_HELP}; got ${JSON.stringify(entry)}`);
  }
  return nets;
}

let cachedAllow: { value: string | undefined; nets: Net[] } | null = null;

/** The networks process.env.WEBHOOKS_ALLOW_PRIVATE allows now (read per call: tests change it). A bad value allows nothing. */
function allowedNetworks(): Net[] {
  const value = process.env.WEBHOOKS_ALLOW_PRIVATE;
  if (!cachedAllow || cachedAllow.value !== value) {
    let nets: Net[] = [];
    try {
      nets = parseAllowedNetworks(value);
    } catch {
      nets = [];
    }
    cachedAllow = { value, nets };
    return nets;
  }
  return cachedAllow.nets;
}

function explicitlyAllowed(address: string, nets: Net[]): boolean {
  if (nets.length === 0) return false;
  let ip = parseAddress(address.replace(/^\[|\]$/g, ''));
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return nets.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net as never, bits));
}

/** Null when the address may receive webhooks; else why not. */
export function addressRefusal(address: string): string | null {
  const reason = refusedRange(address);
  if (reason === null) return null;
  if (reason !== 'not an IP address' && reason !== 'scoped (zone id)' && explicitlyAllowed(address, allowedNetworks())) return null;
  return reason;
}

import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';

/**
 * Where webhooks may connect (issue 21 §2, decision 0190). A URL's host is resolved ONCE per
 * connection, every address it resolves to is checked, and the socket connects to exactly the
 * address that was checked: the check runs inside the `lookup` of the undici Agent that sends the
 * request, so a name that answers a public address to the check and 127.0.0.1 to the connect
 * (DNS rebinding) has nothing to rebind. Redirects are never followed (undici's `request` does not).
 *
 * The range list is ipaddr.js' table of IANA special-purpose blocks (`range() === 'unicast'` is
 * the only one allowed), IPv6 further limited to global unicast 2000::/3, and IPv6 forms that
 * carry an IPv4 address (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96) judged by that IPv4; the
 * deprecated carriers (IPv4-compatible ::a.b.c.d, SIIT ::ffff:0:a.b.c.d, 6to4 2002::/16, Teredo,
 * local-use NAT64 64:ff9b:1::/48) are refused whatever they carry.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (tests pass their own, e.g. a rebinding one). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** A refused connection: `reason` says which address and range (kept in the delivery's last error). */
export class EgressRefused extends Error {
  constructor(
    readonly kind: 'private' | 'unresolvable',
    message: string,
  ) {
    super(message);
    this.name = 'EgressRefused';
  }
}

type Net = [ipaddr.IPv4 | ipaddr.IPv6, number];

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
  const hex = plain.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a: string, b: string, c: string, d: string) =>
    `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`);
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

/**
 * Resolves `hostname` once (an IP literal is taken as is) and checks every address; answers the
 * one to connect to. Any refused address refuses the name: a name that mixes public and internal
 * answers is not one we deliver to.
 */
export async function vetHost(hostname: string, resolve: HostResolver = systemResolver): Promise<ResolvedAddress> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new EgressRefused('unresolvable', `${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new EgressRefused('unresolvable', `${host} could not be resolved`);
  for (const a of addresses) {
    const reason = addressRefusal(a.address);
    if (reason !== null) throw new EgressRefused('private', `${host} resolves to ${a.address}, which is ${reason}; webhooks go to public addresses only`);
  }
  return addresses[0]!;
}

/**
 * The Agent webhooks are sent through: its `lookup` is the one resolution and check of a
 * connection, and hands the socket exactly the checked address (Host and TLS SNI stay the URL's
 * name). IP-literal URLs skip `lookup` in Node's net, so the caller checks them with vetHost first.
 */
export function pinnedAgent(resolve: HostResolver = systemResolver): Agent {
  type Callback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;
  const lookup = (hostname: string, options: { all?: boolean }, callback: Callback) => {
    vetHost(hostname, resolve).then(
      (a) => (options.all ? callback(null, [{ address: a.address, family: a.family }]) : callback(null, a.address, a.family)),
      (err: Error) => callback(err, options.all ? [] : ''),
    );
  };
  return new Agent({ connect: { lookup: lookup as never, timeout: 10_000 }, keepAliveTimeout: 4_000, connections: 8 });
}

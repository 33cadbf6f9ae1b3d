import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent } from 'undici';
import { addressRefusal } from './ranges';

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

export { addressRefusal, parseAllowedNetworks, refusedRange } from './ranges';

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

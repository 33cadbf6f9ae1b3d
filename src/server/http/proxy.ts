import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Env } from '../env';

/**
 * Which peers may speak for the client through X-Forwarded-* (env TRUST_PROXY). Without a trusted
 * proxy these headers are ignored: anyone can send them, and believing them would let a caller
 * choose their own IP for the login throttle or fake https.
 */
export interface ProxyTrust {
  trusts(address: string | undefined): boolean;
  /**
   * Set for `true` (1) or a number N: the peer is a proxy and so are the N−1 right-most
   * X-Forwarded-For entries; the client is the N-th entry from the right (Express' `trust proxy`
   * with a hop count). Unset for an address list: the right-most entry not in the list.
   */
  hops?: number;
}

const cache = new WeakMap<Env, ProxyTrust>();

export function parseTrustProxy(value: string): ProxyTrust {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '') return { trusts: () => false };
  // `true` trusts whatever connects (it is the proxy), but only as one hop: the client is the
  // right-most X-Forwarded-For entry, the one that proxy added. Believing the left-most (what the
  // client itself wrote) would let every request choose its own address (issue 21 §3).
  if (v === 'true') return { trusts: () => true, hops: 1 };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops < 1 || hops > 20) throw new Error(`TRUST_PROXY: a hop count is 1 to 20: ${v}`);
    return { trusts: () => true, hops };
  }
  const list = new BlockList();
  for (const raw of v.split(',')) {
    const entry = raw.trim();
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [addr, bits] = entry.split('/');
    const family = isIP(addr ?? '');
    if (!family) throw new Error(`TRUST_PROXY: not an address: ${entry}`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits !== undefined) list.addSubnet(addr!, Number(bits), type);
    else list.addAddress(addr!, type);
  }
  return {
    trusts(address) {
      if (!address) return false;
      const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

export function proxyTrust(env: Env): ProxyTrust {
  let trust = cache.get(env);
  if (!trust) cache.set(env, (trust = parseTrustProxy(env.TRUST_PROXY)));
  return trust;
}

const firstValue = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h)?.split(',')[0]?.trim();

/**
 * The client's address: the peer, or — when the peer is a trusted proxy — the right-most address
 * of X-Forwarded-For that is not itself a trusted proxy (with `true` or a hop count: the entry that
 * many hops from the right). The left part is whatever the client wrote and is never believed.
 */
export function clientIp(req: IncomingMessage, env: Env): string {
  const peer = req.socket.remoteAddress ?? '';
  const trust = proxyTrust(env);
  if (!trust.trusts(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (hops.length === 0) return peer;
  let chosen: string;
  if (trust.hops !== undefined) chosen = hops[Math.max(0, hops.length - trust.hops)]!;
  else {
    let i = hops.length - 1;
    while (i > 0 && trust.trusts(plainAddress(hops[i]!))) i--;
    chosen = hops[i]!;
  }
  // What a proxy wrote is an address (maybe with a port); anything else is no address to key on.
  return plainAddress(chosen) || peer;
}

/** `1.2.3.4`, `1.2.3.4:5678`, `[2001:db8::1]:443` or `2001:db8::1` → the address; '' when it is none. */
function plainAddress(entry: string): string {
  const v = entry.trim().replace(/^"|"$/g, '');
  if (isIP(v)) return v;
  const v4 = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(v)?.[1];
  if (v4 && isIP(v4)) return v4;
  const v6 = /^\[([^\]]+)\](?::\d+)?$/.exec(v)?.[1];
  if (v6 && isIP(v6)) return v6;
  return '';
}

/** The request reached us over https: directly, or a trusted proxy says so. */
export function isHttps(req: IncomingMessage, env: Env): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted === true) return true;
  return proxyTrust(env).trusts(req.socket.remoteAddress) && firstValue(req.headers['x-forwarded-proto'])?.toLowerCase() === 'https';
}

/** The host the client addressed (for the CSRF Origin check). */
export function requestHost(req: IncomingMessage, env: Env): string | undefined {
  if (proxyTrust(env).trusts(req.socket.remoteAddress)) return firstValue(req.headers['x-forwarded-host']) ?? req.headers.host;
  return req.headers.host;
}

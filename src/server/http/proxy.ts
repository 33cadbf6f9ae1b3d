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
}

const cache = new WeakMap<Env, ProxyTrust>();

export function parseTrustProxy(value: string): ProxyTrust {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '') return { trusts: () => false };
  if (v === 'true') return { trusts: () => true };
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
 * of X-Forwarded-For that is not itself a trusted proxy (the left part is whatever the client wrote).
 */
export function clientIp(req: IncomingMessage, env: Env): string {
  const peer = req.socket.remoteAddress ?? '';
  const trust = proxyTrust(env);
  if (!trust.trusts(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trust.trusts(hops[i]) || i === 0) return hops[i]!;
  return peer;
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

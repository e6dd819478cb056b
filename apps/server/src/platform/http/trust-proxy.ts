import net from 'node:net';

/** What Fastify's `trustProxy` gets: none, a hop count, or the addresses and CIDRs of the proxies. */
export type TrustProxy = false | number | string[];

/** The names proxy-addr knows for whole private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as configured: unset, empty, `off` or `false` trusts no proxy (the TCP peer is the client);
 * a whole number is the count of proxy hops in front of the server; otherwise a comma-separated list of
 * proxy addresses, CIDRs or the names `loopback`, `linklocal`, `uniquelocal`. `true` (trust anyone) is refused:
 * it lets every client choose the address the rate limit, the lockout and the audit trail see.
 */
export function parseTrustProxy(value: string | undefined): { trust: TrustProxy } | { error: string } {
  const v = (value ?? '').trim();
  if (v === '' || v === 'off' || v === 'false') return { trust: false };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops === 0 ? { trust: false } : hops <= 10 ? { trust: hops } : { error: 'at most 10 proxy hops' };
  }
  if (v === 'true' || v === 'on' || v === '*')
    return { error: 'trusting every peer lets clients forge their address; list the proxies or give a hop count' };
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !validEntry(e));
  if (bad.length > 0) return { error: `not an IP address or CIDR: ${bad.join(', ')}` };
  return { trust: entries };
}

/** Fastify's option: a hop count becomes the function proxy-addr would make of it (trust the nearest n). */
export const fastifyTrustProxy = (trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) =>
  typeof trust === 'number' ? (_address, hop) => hop < trust : trust;

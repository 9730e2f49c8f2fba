import { isIPv6 } from 'node:net';
import type { Request } from 'express';

/**
 * The client a request counts against, for every per-client limit (contact
 * messages, jobs, event streams, results kept): `req.ip`, which believes
 * X-Forwarded-For only from the proxies FOLIO_TRUST_PROXY names (app.ts sets
 * Express's "trust proxy"), else the connection's own address; keyed by
 * `addressKey`.
 */
export function clientAddress(req: Pick<Request, 'ip' | 'socket'>): string {
  return addressKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

/**
 * The unit counted as one client. An IPv6 host usually has a whole /64 to
 * pick addresses from, so it is counted by that prefix; an IPv4 address seen
 * through an IPv6 socket (::ffff:a.b.c.d) counts as the IPv4 address. A key
 * given again is its own key.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  const withoutZone = address.split('%')[0];
  if (!isIPv6(withoutZone)) return address;
  const [head, tail] = withoutZone.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []);
  const headGroups = groups(head);
  const tailGroups = groups(tail);
  const all = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

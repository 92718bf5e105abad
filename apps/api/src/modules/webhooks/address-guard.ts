// Which addresses a webhook may reach (SSRF, decision 111). A receiver is on the public internet: an
// address in a private, loopback, link-local, shared (CGNAT), multicast or reserved range is refused,
// unless the operator allows them (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES, for a receiver in the own
// network). The check runs in the connection's own DNS lookup, so the address checked is the address
// connected to: a name that resolves to a public address when saved and to 127.0.0.1 when sent is
// refused when sent.
import dns from 'node:dns';
import net from 'node:net';

const V4_REFUSED: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const V6_REFUSED: Array<[string, number]> = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];

const refused = new net.BlockList();
for (const [address, prefix] of V4_REFUSED) refused.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of V6_REFUSED) refused.addSubnet(address, prefix, 'ipv6');

/** Whether an IP address lies in a range a public receiver never has. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return refused.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is checked as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return refused.check(mapped[1]!, 'ipv4');
  return refused.check(address, 'ipv6');
}

export class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`The address ${address} is in a private network`);
  }
}

/** The host of a URL without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Saving an endpoint: an address written as an IP is judged at once (a name is judged when sent). */
export function refusedLiteral(url: URL, allowPrivate: boolean): boolean {
  const host = hostOf(url);
  if (allowPrivate) return false;
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return net.isIP(host) !== 0 && isPrivateAddress(host);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for node:http that refuses private answers (every answer, when several come). */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as dns.LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((entry) => isPrivateAddress(entry.address));
      if (bad) return callback(new RefusedAddressError(bad.address), '');
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ALERT_MESSAGES } from '@app/contract';

// Webhook targets are URLs users type, fetched by the server: without a check they would reach the
// server's own network (SSRF). Private, loopback, link-local and other special ranges are refused
// unless ALERT_WEBHOOK_ALLOW_PRIVATE is on, both when the URL is saved (a literal address or
// localhost) and when it is delivered (every address the name resolves to, checked in the socket's
// own lookup so a DNS answer cannot change between the check and the connection).

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32]] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** True for an address no webhook may reach by default. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true; // not an address at all: refuse
}

/** The problem with a URL as saved (null when it may be saved): https, and no literal private host. */
export function webhookUrlProblem(url: string, allowPrivate: boolean): string | null {
  const u = new URL(url);
  if (allowPrivate) return null;
  if (u.protocol !== 'https:') return ALERT_MESSAGES.webhookHttps;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return ALERT_MESSAGES.webhookPrivate;
  if (isIP(host) && isPrivateAddress(host)) return ALERT_MESSAGES.webhookPrivate;
  return null;
}

export class PrivateTargetError extends Error {
  constructor(address: string) {
    super(`refused: ${address} is a private, loopback or link-local address`);
  }
}

/** A socket lookup that resolves like the system one and refuses private answers. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new PrivateTargetError(bad.address), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

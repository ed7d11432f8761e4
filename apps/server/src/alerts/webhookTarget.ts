import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ALERT_MESSAGES } from '@app/contract';

// Webhook targets are URLs users type, fetched by the server: without a check they would reach the
// server's own network (SSRF). Only public unicast addresses may be reached unless
// ALERT_WEBHOOK_ALLOW_PRIVATE is on, checked both when the URL is saved (a literal address or a
// localhost name) and when it is delivered (every address the name resolves to, checked in the
// socket's own lookup, which hands the socket the checked address: no second lookup whose answer
// could differ).

/** IPv6 addresses are allowed only in the global unicast block; everything outside it (::/8 with the
 *  IPv4-compatible ::a.b.c.d and mapped ::ffff:a.b.c.d, 64:ff9b::/96, ULA, link-local, multicast…)
 *  is special, and so are the special blocks inside it (6to4 2002::/16, Teredo, documentation…),
 *  several of which embed an IPv4 address that could be a private one. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** True for an address no webhook may reach by default; also for anything that is not an address. */
export function isPrivateAddress(address: string): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return true;
  }
  if (ip.kind() === 'ipv4') return ip.range() !== 'unicast';
  return ip.range() !== 'unicast' || !ip.match(GLOBAL_UNICAST_V6);
}

/** The URL's host as the WHATWG parser canonicalises it (lower case, every IPv4 spelling — decimal,
 *  octal, hex, short forms — as a dotted quad, IPv6 compressed), without brackets or trailing dots. */
export function normalisedHost(u: URL): string {
  return u.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
}

const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** The problem with a webhook URL (null when it may be saved and posted to). A backslash or
 *  credentials are refused always: parsers disagree on where such a URL's host is. */
export function webhookUrlProblem(url: string, allowPrivate: boolean): string | null {
  if (url.includes('\\')) return ALERT_MESSAGES.webhookBackslash;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return ALERT_MESSAGES.webhookUrl;
  }
  if (u.username || u.password) return ALERT_MESSAGES.webhookCredentials;
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return ALERT_MESSAGES.webhookHttps;
  if (allowPrivate) return null;
  if (u.protocol !== 'https:') return ALERT_MESSAGES.webhookHttps;
  const host = normalisedHost(u);
  if (isLocalhostName(host)) return ALERT_MESSAGES.webhookPrivate;
  if (ipaddr.isValid(host) && isPrivateAddress(host)) return ALERT_MESSAGES.webhookPrivate;
  return null;
}

export class PrivateTargetError extends Error {
  constructor(address: string) {
    super(`refused: ${address} is a private, loopback or link-local address`);
  }
}

/** A socket lookup that resolves like the system one and refuses the name when any answer is private. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new PrivateTargetError(bad.address), '', 0);
    if (!addresses.length) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

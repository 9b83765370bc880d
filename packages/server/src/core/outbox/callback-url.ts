import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a callback must never reach: loopback, private, link-local, CGNAT, benchmarking,
 * multicast and reserved IPv4; IPv6 loopback, unspecified, IPv4-compatible, NAT64, unique-local,
 * site- and link-local, multicast and documentation ranges. IPv4-mapped IPv6 (`::ffff:a.b.c.d`,
 * also in hex) is checked against the IPv4 rules.
 */
const blocked = new BlockList();
for (const [net, bits] of [
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
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 96],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/**
 * The host a URL names, as the checks judge it: without IPv6 brackets and without the trailing
 * dot of a fully qualified name (`localhost.` is `localhost`).
 */
export function hostOf(url: URL): string {
  return withoutTrailingDot(url.hostname.replace(/^\[|\]$/g, ''));
}

function withoutTrailingDot(host: string): string {
  return host.replace(/\.+$/, '');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  return family === 0 || blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Why a callback URL is not acceptable, or null when it is: absolute HTTPS to a public host,
 * unless the operator allows insecure callbacks (tests, local use).
 */
export function callbackUrlProblem(value: string, allowInsecure: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'must not contain credentials';
  if (allowInsecure)
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'must be an http(s) URL';
  if (url.protocol !== 'https:') return 'must be an HTTPS URL';
  const host = hostOf(url);
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isPrivateAddress(host)))
    return 'must not point to a loopback or private address';
  return null;
}

/** Answers every address of a name; injectable so tests can play a rebinding DNS server. */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

/** The system resolver, as a connection would use it (the hosts file included). */
export const systemResolve: Resolve = (host) => lookup(host, { all: true });

/**
 * The addresses a callback to `host` may connect to, looked up at delivery time (the name may
 * have been rebound since it was accepted): all of them public unless insecure callbacks are
 * allowed.
 */
export async function allowedAddresses(
  host: string,
  options: { resolve: Resolve; allowInsecure: boolean },
): Promise<LookupAddress[]> {
  const name = withoutTrailingDot(host);
  const family = isIP(name);
  const addresses = family ? [{ address: name, family }] : await options.resolve(name);
  if (addresses.length === 0) throw new Error(`callback host ${name} has no address`);
  if (!options.allowInsecure && addresses.some((a) => isPrivateAddress(a.address)))
    throw new Error('callback host resolves to a private address');
  return addresses;
}

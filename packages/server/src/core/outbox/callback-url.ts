import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Loopback, private, link-local, CGNAT, unspecified and unique-local ranges. */
export function isPrivateAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224;
  }
  const v6 = address.toLowerCase();
  return v6 === '::' || v6 === '::1' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe80');
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
  if (allowInsecure) return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'must be an http(s) URL';
  if (url.protocol !== 'https:') return 'must be an HTTPS URL';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isPrivateAddress(host))) return 'must not point to a loopback or private address';
  return null;
}

/** At delivery time, the host must still resolve to public addresses only (no DNS rebinding). */
export async function resolvesPublicly(value: string): Promise<boolean> {
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
  return addresses.length > 0 && addresses.every((a) => !isPrivateAddress(a.address));
}

import { timingSafeEqual } from 'node:crypto';
import { hmacSignature, type SignedParts } from '@svc/sdk';

export { hmacSignature, type SignedParts };

export function signatureMatches(secret: string, parts: SignedParts, presented: string): boolean {
  const expected = Buffer.from(hmacSignature(secret, parts));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** `SVC <token>:<signature>`; the token is JWT-shaped (no colon), so split at the last colon. */
export function parseSvcAuthorization(
  header: string | undefined,
): { token: string; signature: string } | null {
  const match = /^SVC\s+(\S+)$/.exec(header?.trim() ?? '');
  if (!match?.[1]) return null;
  const value = match[1];
  const cut = value.lastIndexOf(':');
  if (cut <= 0 || cut === value.length - 1) return null;
  return { token: value.slice(0, cut), signature: value.slice(cut + 1) };
}

/**
 * Lenient HTTP date parsing: RFC 1123, and the `Tue, 27 Jun 2017  18:03:47 +0000` variant with a
 * double space and numeric zone that existing client SDKs send.
 */
export function parseHttpDate(value: string | undefined): Date | null {
  if (!value) return null;
  const ms = Date.parse(value.replace(/\s+/g, ' ').trim());
  return Number.isNaN(ms) ? null : new Date(ms);
}

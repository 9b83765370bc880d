import { timingSafeEqual } from 'node:crypto';
import { hmacSignature, type SignedParts } from '@svc/wire';

export function signatureMatches(secret: string, parts: SignedParts, presented: string): boolean {
  const expected = Buffer.from(hmacSignature(secret, parts));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Lenient HTTP date parsing: RFC 1123, and the `Tue, 27 Jun 2017  18:03:47 +0000` variant with a
 * double space and numeric zone that existing client SDKs send.
 */
export function parseHttpDate(value: string | undefined): Date | null {
  if (!value) return null;
  // Clients sign with a Date that changes once a second: most requests repeat the last one.
  if (value !== last.value) last = { value, ms: Date.parse(value.replace(/\s+/g, ' ').trim()) };
  return Number.isNaN(last.ms) ? null : new Date(last.ms);
}

let last = { value: '', ms: Number.NaN };

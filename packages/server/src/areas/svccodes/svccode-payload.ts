import { createHmac, timingSafeEqual } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import { SvccodeClaims } from '@svc/wire';

/**
 * The text a svccode's QR code carries, in the shape browser widgets expect: a compact JWS
 * `base64url(header).base64url({"id","exp"}).base64url(HMAC-SHA256)` with `exp` in epoch
 * milliseconds (@svc/wire `Svccode`). Devices treat it as opaque; the MAC (keyed with a key derived
 * from the master key) lets the service trust the id and expiry it reads back without a lookup,
 * and stops forged or altered codes.
 */
const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export interface SvccodeTerms {
  id: string;
  expiresAt: Date;
}

function mac(key: Buffer, signingInput: string): string {
  return createHmac('sha256', key).update(signingInput).digest('base64url');
}

export function signSvccodePayload(key: Buffer, terms: SvccodeTerms): string {
  const claims: SvccodeClaims = { id: terms.id, exp: terms.expiresAt.getTime() };
  const signingInput = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signingInput}.${mac(key, signingInput)}`;
}

/** The terms of a genuine, unexpired payload; null for anything else (malformed, forged, expired). */
export function readSvccodePayload(key: Buffer, payload: string, now: Date): SvccodeTerms | null {
  const parts = payload.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  // Only svc's own header (no `alg` choice for the sender) and the canonical encoding of a 32-byte MAC.
  if (
    head !== header ||
    !/^[A-Za-z0-9_-]{1,400}$/.test(body) ||
    !/^[A-Za-z0-9_-]{43}$/.test(signature)
  )
    return null;
  // Compared as text in constant time, so only the canonical encoding of the MAC is accepted; the
  // MAC covers the encoded text of header and claims, so they are canonical too.
  if (!timingSafeEqual(Buffer.from(signature), Buffer.from(mac(key, `${head}.${body}`))))
    return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Value.Check(SvccodeClaims, claims)) return null;
  return claims.exp > now.getTime() ? { id: claims.id, expiresAt: new Date(claims.exp) } : null;
}

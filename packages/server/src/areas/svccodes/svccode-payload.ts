import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The text a svccode's QR code carries: `svc1.<id>.<expiry, epoch seconds>.<base64url HMAC-SHA256>`.
 * Clients treat it as opaque; the MAC (keyed with a key derived from the master key) lets the
 * service trust the id and expiry it reads back without a lookup, and stops forged or altered codes.
 */
const version = 'svc1';
const idPattern = /^[A-Za-z0-9-]{1,64}$/;

export interface SvccodeClaims {
  id: string;
  expiresAt: Date;
}

function mac(key: Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

export function signSvccodePayload(key: Buffer, claims: SvccodeClaims): string {
  const text = `${version}.${claims.id}.${Math.floor(claims.expiresAt.getTime() / 1000)}`;
  return `${text}.${mac(key, text).toString('base64url')}`;
}

/** The claims of a genuine, unexpired payload; null for anything else (malformed, forged, expired). */
export function readSvccodePayload(key: Buffer, payload: string, now: Date): SvccodeClaims | null {
  const parts = payload.split('.');
  if (parts.length !== 4) return null;
  const [prefix, id, expiry, signature] = parts as [string, string, string, string];
  if (
    prefix !== version ||
    !idPattern.test(id) ||
    !/^\d{1,12}$/.test(expiry) ||
    !/^[A-Za-z0-9_-]{43}$/.test(signature)
  )
    return null;
  // Compared as text, so only the canonical encoding of the MAC is accepted.
  const expected = Buffer.from(mac(key, `${prefix}.${id}.${expiry}`).toString('base64url'));
  if (!timingSafeEqual(Buffer.from(signature), expected)) return null;
  const expiresAt = new Date(Number(expiry) * 1000);
  return expiresAt.getTime() > now.getTime() ? { id, expiresAt } : null;
}

import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { JWK } from 'jose';

/** Imported keys by their JWK text: a device signs every call with the same key. */
const imported = new Map<string, KeyObject>();

/** The public key of a JWK, or null when it is not a usable key (bad coordinates, wrong type). */
export function importPublicJwk(jwk: JWK): KeyObject | null {
  const { kty, crv, x, y, n, e } = jwk;
  const text = JSON.stringify({ kty, crv, x, y, n, e });
  let key = imported.get(text) ?? null;
  if (key) return key;
  try {
    key = createPublicKey({
      key: kty === 'EC' ? { kty, crv, x, y } : { kty, n, e },
      format: 'jwk',
    });
  } catch {
    return null;
  }
  if (imported.size >= 10_000) imported.delete(imported.keys().next().value as string);
  imported.set(text, key);
  return key;
}

/** Public device keys that svc accepts: EC P-256 (ES256) and RSA ≥ 2048 bits (RS256), valid as keys. */
export function isSupportedPublicJwk(jwk: JWK): boolean {
  if (jwk.d !== undefined) return false;
  const shaped =
    jwk.kty === 'EC'
      ? jwk.crv === 'P-256' && typeof jwk.x === 'string' && typeof jwk.y === 'string'
      : jwk.kty === 'RSA' &&
        typeof jwk.n === 'string' &&
        typeof jwk.e === 'string' &&
        Buffer.from(jwk.n, 'base64url').length >= 256;
  return shaped && importPublicJwk(jwk) !== null;
}

/**
 * SHA-256 signature check with a JWK: RS256 (PKCS#1 v1.5) for RSA keys, ES256 for P-256 keys in
 * either the raw r‖s (64 bytes) or the DER encoding that mobile platforms produce. Any unusable
 * key or signature is simply "does not verify".
 */
export function verifyJwkSignature(jwk: JWK, data: string | Buffer, signature: Buffer): boolean {
  const key = importPublicJwk(jwk);
  if (!key) return false;
  try {
    if (key.asymmetricKeyType === 'rsa') return verify('sha256', Buffer.from(data), key, signature);
    const dsaEncoding = signature.length === 64 ? 'ieee-p1363' : 'der';
    return verify('sha256', Buffer.from(data), { key, dsaEncoding }, signature);
  } catch {
    return false;
  }
}

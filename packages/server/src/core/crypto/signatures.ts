import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { JWK } from 'jose';

/** Public device keys that svc accepts: EC P-256 (ES256) and RSA (RS256). */
export function isSupportedPublicJwk(jwk: JWK): boolean {
  if (jwk.d !== undefined) return false;
  if (jwk.kty === 'EC') return jwk.crv === 'P-256' && typeof jwk.x === 'string' && typeof jwk.y === 'string';
  if (jwk.kty === 'RSA') return typeof jwk.n === 'string' && typeof jwk.e === 'string' && Buffer.from(jwk.n, 'base64url').length >= 256;
  return false;
}

export function importPublicJwk(jwk: JWK): KeyObject {
  const { kty, crv, x, y, n, e } = jwk;
  return createPublicKey({ key: kty === 'EC' ? { kty, crv, x, y } : { kty, n, e }, format: 'jwk' });
}

/**
 * SHA-256 signature check: RS256 (PKCS#1 v1.5) for RSA keys, ES256 for P-256 keys in either the
 * raw r‖s (64 bytes) or the DER encoding that mobile platforms produce.
 */
export function verifySha256(key: KeyObject, data: string | Buffer, signature: Buffer): boolean {
  try {
    if (key.asymmetricKeyType === 'rsa') return verify('sha256', Buffer.from(data), key, signature);
    const dsaEncoding = signature.length === 64 ? 'ieee-p1363' : 'der';
    return verify('sha256', Buffer.from(data), { key, dsaEncoding }, signature);
  } catch {
    return false;
  }
}

/** Decodes base64 or base64url; null when the text is not canonical base64 of anything. */
export function decodeBase64(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length > 0 ? bytes : null;
}

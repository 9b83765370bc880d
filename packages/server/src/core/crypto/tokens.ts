import { SignJWT } from 'jose';
import type { CredentialKind } from '../store/schema.js';
import type { SecretBox } from './secret-box.js';
import type { Ids } from '../ids.js';

/**
 * A bearer token / API key: JWT-shaped (existing RP SDKs read the customer id from `sub`), HS256
 * under a key derived from the master key. The token itself is never stored, only its SHA-256.
 */
export async function issueToken(
  box: SecretBox,
  ids: Ids,
  customerId: string,
  kind: CredentialKind,
  now: Date,
): Promise<string> {
  return new SignJWT({ kind })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(customerId)
    .setJti(ids.random(16))
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(box.derive('token-signing'));
}

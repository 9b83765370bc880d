import { createHash } from 'node:crypto';
import type { JWK } from 'jose';
import { decodePayload, type DecodedPayload, type PayloadParts } from '@svc/wire';
import { verifyJwkSignature } from '../../core/crypto/signatures.js';
import { AppError } from '../../core/errors.js';

/** An answer that fails a check: 422, and the svcfication stays open. */
export const rejected = (reason: string) => new AppError('RESPONSE_INVALID', reason);

export type Payload = DecodedPayload;

/** Decodes `base64(json).base64(sig)`, or throws the reason it is malformed. */
export function readPayload(text: string): PayloadParts {
  const decoded = decodePayload(text);
  if (typeof decoded === 'string') throw rejected(decoded);
  return decoded;
}

export interface PayloadKeys {
  device: JWK;
  auth: JWK | null;
}

/**
 * Checks one payload's own proof: the right key's signature (device key for device_ar and the
 * license, auth key for user presence), and for device_ar the checksum sha256(nonce:device).
 * Throws the first defect.
 */
export function checkPayload(decoded: PayloadParts, keys: PayloadKeys): void {
  const problem = payloadProblem(decoded, keys);
  if (problem) throw rejected(problem);
}

function payloadProblem(decoded: PayloadParts, keys: PayloadKeys): string | null {
  const { payload, signedText: json, signature } = decoded;
  const key = payload.type === 'user_presence' ? keys.auth : keys.device;
  if (!key) return `${payload.type}: the device has no auth key`;
  if (!verifyJwkSignature(key, json, signature))
    return `${payload.type}: the signature does not verify`;
  if (payload.type === 'user_presence') return null;
  if (!payload.nonce) return `${payload.type}: nonce is required`;
  if (payload.type === 'device_ar') {
    const expected = createHash('sha256')
      .update(`${payload.nonce}:${payload.device_identifier}`)
      .digest('hex');
    if (payload.checksum?.toLowerCase() !== expected)
      return 'device_ar: checksum does not match sha256(nonce:device_identifier)';
  }
  if (payload.type === 'aamva_drivers_license' && !payload.hash)
    return 'aamva_drivers_license: hash is required';
  return null;
}

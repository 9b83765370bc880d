import { createHash } from 'node:crypto';
import type { JWK } from 'jose';
import { decodeBase64, verifyJwkSignature } from '../../core/crypto/signatures.js';
import { AppError } from '../../core/errors.js';

/** An answer that fails a check: 422, and the svcfication stays open. */
export const rejected = (reason: string) => new AppError('RESPONSE_INVALID', reason);

export type PayloadType = 'device_ar' | 'user_presence' | 'aamva_drivers_license';

export interface Payload {
  type: PayloadType;
  svcfication_id: string;
  device_identifier: string;
  nonce?: string;
  checksum?: string;
  hash?: string;
}

export interface DecodedPayload {
  payload: Payload;
  /** The signed JSON text. */
  json: string;
  signature: Buffer;
}

/** Decodes `base64(json).base64(sig)`, or throws the reason it is malformed. */
export function readPayload(text: string): DecodedPayload {
  const decoded = decodePayload(text);
  if (typeof decoded === 'string') throw rejected(decoded);
  return decoded;
}

function decodePayload(text: string): DecodedPayload | string {
  const [jsonPart, sigPart, extra] = text.split('.');
  const jsonBytes = jsonPart ? decodeBase64(jsonPart) : null;
  const signature = sigPart ? decodeBase64(sigPart) : null;
  if (!jsonBytes || !signature || extra !== undefined)
    return 'a payload must be base64(json).base64(signature)';
  const json = jsonBytes.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return 'a payload is not JSON';
  }
  const p = value as Partial<Record<keyof Payload, unknown>>;
  if (
    typeof value !== 'object' ||
    value === null ||
    !['device_ar', 'user_presence', 'aamva_drivers_license'].includes(p.type as string)
  )
    return 'a payload has no known type';
  if (typeof p.svcfication_id !== 'string' || typeof p.device_identifier !== 'string')
    return `${String(p.type)}: svcfication_id and device_identifier are required`;
  for (const key of ['nonce', 'checksum', 'hash'] as const)
    if (p[key] !== undefined && typeof p[key] !== 'string')
      return `${String(p.type)}: ${key} must be a string`;
  return { payload: value as Payload, json, signature };
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
export function checkPayload(decoded: DecodedPayload, keys: PayloadKeys): void {
  const problem = payloadProblem(decoded, keys);
  if (problem) throw rejected(problem);
}

function payloadProblem(decoded: DecodedPayload, keys: PayloadKeys): string | null {
  const { payload, json, signature } = decoded;
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

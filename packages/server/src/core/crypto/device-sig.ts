import { parseDeviceSig } from '@svc/wire';
import type { JWK } from 'jose';
import type { DevicesTable } from '../store/schema.js';
import { verifyJwkSignature } from './signatures.js';

export interface DeviceKey {
  identifier: string;
  jwk: JWK;
  /** The stored device, when the key is a registered device's: its handler need not read it again. */
  device?: DevicesTable;
}

export interface DeviceSigDeps {
  findByThumbprint(thumbprint: string): Promise<DeviceKey | null>;
  /** Records the nonce; false when it was used before. */
  useNonce(value: string): Promise<boolean>;
}

/**
 * Checks an X-Device-Sig header: its thumbprint (RFC 7638) names a registered device, the
 * signature over the header's first part verifies with that device's key, and the nonce has not
 * been seen. Returns the device, or a reason it failed.
 */
export async function verifyDeviceSig(
  header: string | undefined,
  deps: DeviceSigDeps,
): Promise<DeviceKey | string> {
  const parts = parseDeviceSig(header);
  if (!parts) return 'X-Device-Sig must be base64(thumbprint:nonce).base64(signature)';
  const device = await deps.findByThumbprint(parts.thumbprint);
  if (!device) return 'X-Device-Sig names no registered device key';
  if (!verifyJwkSignature(device.jwk, parts.signedText, parts.signature))
    return 'X-Device-Sig signature does not verify';
  if (!(await deps.useNonce(`device-sig:${parts.thumbprint}:${parts.nonce}`)))
    return 'X-Device-Sig nonce was already used';
  return device;
}

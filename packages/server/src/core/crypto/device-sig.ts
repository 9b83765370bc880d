import type { JWK } from 'jose';
import { decodeBase64, verifyJwkSignature } from './signatures.js';

export interface DeviceKey {
  identifier: string;
  jwk: JWK;
}

export interface DeviceSigDeps {
  findByThumbprint(thumbprint: string): Promise<DeviceKey | null>;
  /** Records the nonce; false when it was used before. */
  useNonce(value: string): Promise<boolean>;
}

/**
 * Checks `X-Device-Sig: base64(thumbprint:nonce).base64(signature)`: the thumbprint (RFC 7638)
 * names the device, the signature over the first part's base64 text verifies with that device's
 * key, and the nonce has not been seen. Returns the device, or a reason it failed.
 */
export async function verifyDeviceSig(
  header: string | undefined,
  deps: DeviceSigDeps,
): Promise<DeviceKey | string> {
  const [signed, signatureText, extra] = (header ?? '').trim().split('.');
  if (!signed || !signatureText || extra !== undefined)
    return 'X-Device-Sig must be base64(thumbprint:nonce).base64(signature)';
  const decoded = decodeBase64(signed)?.toString('utf8') ?? '';
  const cut = decoded.indexOf(':');
  const signature = decodeBase64(signatureText);
  if (cut <= 0 || cut === decoded.length - 1 || !signature) return 'X-Device-Sig is malformed';
  const thumbprint = decoded.slice(0, cut);
  const device = await deps.findByThumbprint(thumbprint);
  if (!device) return 'X-Device-Sig names no registered device key';
  if (!verifyJwkSignature(device.jwk, signed, signature))
    return 'X-Device-Sig signature does not verify';
  if (!(await deps.useNonce(`device-sig:${thumbprint}:${decoded.slice(cut + 1)}`)))
    return 'X-Device-Sig nonce was already used';
  return device;
}

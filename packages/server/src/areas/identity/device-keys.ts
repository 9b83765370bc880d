import { calculateJwkThumbprint, type JWK } from 'jose';
import type { DeviceKey } from '../../core/crypto/device-sig.js';
import { isSupportedPublicJwk } from '../../core/crypto/signatures.js';
import { checkFields } from '../../core/errors.js';
import type { DeviceBody } from './schemas.js';

/** Only the public members of a key are kept (the spec's secondary key example carries `d`). */
export function publicPart(jwk: JWK): JWK {
  const { kty, crv, x, y, n, e, alg } = jwk;
  return Object.fromEntries(
    Object.entries({ kty, crv, x, y, n, e, alg }).filter(([, v]) => v !== undefined),
  );
}

const keyNames = ['device_public_key', 'auth_public_key', 'secondary_auth_public_key'] as const;

/** 422 naming each key that is not a P-256 EC or RSA (≥ 2048 bits) public JWK. */
export function checkDeviceKeys(body: DeviceBody): void {
  const problem = 'must be a P-256 EC or RSA (2048 bits or more) public JWK';
  checkFields(
    'VALIDATION_FAILED',
    Object.fromEntries(
      keyNames.map((name) => {
        const key = body[name];
        return [name, key && !isSupportedPublicJwk(publicPart(key)) ? problem : null];
      }),
    ),
  );
}

export function deviceThumbprint(body: DeviceBody): Promise<string> {
  return calculateJwkThumbprint(publicPart(body.device_public_key), 'sha256');
}

/**
 * Registration proves possession: X-Device-Sig must be made with the key being registered. The
 * keys are checked first (422), then the signature is looked up against that one key only.
 */
export async function keyBeingRegistered(
  body: DeviceBody,
): Promise<(thumbprint: string) => Promise<DeviceKey | null>> {
  checkDeviceKeys(body);
  const own = await deviceThumbprint(body);
  return async (thumbprint) =>
    thumbprint === own ? { identifier: own, jwk: body.device_public_key } : null;
}

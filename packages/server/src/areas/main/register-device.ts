import { calculateJwkThumbprint, type JWK } from 'jose';
import { fieldError, type FieldErrors } from '../../core/errors.js';
import { isSupportedPublicJwk } from '../../core/crypto/signatures.js';
import { retryOnConflict } from '../../core/store/unique.js';
import type { MainDeps } from './deps.js';
import { deviceView } from './device-view.js';
import { findDeviceByThumbprint } from './devices-repo.js';
import type { DeviceBody } from './schemas.js';

/** Only the public members of a key are kept (the spec's secondary key example carries `d`). */
function publicPart(jwk: JWK): JWK {
  const { kty, crv, x, y, n, e, alg } = jwk;
  return Object.fromEntries(
    Object.entries({ kty, crv, x, y, n, e, alg }).filter(([, v]) => v !== undefined),
  );
}

export function checkDeviceKeys(body: DeviceBody): void {
  const errors: FieldErrors = {};
  for (const name of [
    'device_public_key',
    'auth_public_key',
    'secondary_auth_public_key',
  ] as const) {
    const key = body[name];
    if (key && !isSupportedPublicJwk(publicPart(key)))
      errors[name] = ['must be a P-256 EC or RSA (2048 bits or more) public JWK'];
  }
  if (Object.keys(errors).length > 0) throw fieldError('VALIDATION_FAILED', errors);
}

export function deviceThumbprint(body: DeviceBody): Promise<string> {
  return calculateJwkThumbprint(publicPart(body.device_public_key), 'sha256');
}

/**
 * Registers a device key (the caller has proven possession with X-Device-Sig). A known key keeps
 * its identifier and gets its auth keys refreshed (200); a new key creates the device and its
 * service user (201). Either way a fresh device JWT is issued.
 */
export async function registerDevice(deps: MainDeps, customerId: string, body: DeviceBody) {
  checkDeviceKeys(body);
  const thumbprint = await deviceThumbprint(body);
  const now = deps.clock.now().toISOString();
  const keys = {
    auth_public_key: body.auth_public_key ? JSON.stringify(publicPart(body.auth_public_key)) : null,
    secondary_auth_public_key: body.secondary_auth_public_key
      ? JSON.stringify(publicPart(body.secondary_auth_public_key))
      : null,
    device_platform: body.device_platform,
    bundle_id: body.bundle_id ?? null,
    updated_at: now,
  };
  const created = await retryOnConflict(() =>
    deps.db.transaction().execute(async (tx) => {
      const existing = await findDeviceByThumbprint(tx, customerId, thumbprint);
      if (existing) {
        await tx
          .updateTable('devices')
          .set(keys)
          .where('identifier', '=', existing.identifier)
          .execute();
        return false;
      }
      const userId = deps.ids.uuid();
      await tx
        .insertInto('users')
        .values({ id: userId, customer_id: customerId, created_at: now })
        .execute();
      await tx
        .insertInto('devices')
        .values({
          identifier: deps.ids.uuid(),
          customer_id: customerId,
          user_id: userId,
          thumbprint,
          device_public_key: JSON.stringify(publicPart(body.device_public_key)),
          ...keys,
          active: 0,
          activated_at: null,
          created_at: now,
        })
        .execute();
      return true;
    }),
  );
  const device = await findDeviceByThumbprint(deps.db, customerId, thumbprint);
  if (!device) throw new Error('device vanished after registration');
  const jwt = await deps.keys.sign({}, { subject: device.identifier });
  return { created, device: { ...deviceView(device), jwt } };
}

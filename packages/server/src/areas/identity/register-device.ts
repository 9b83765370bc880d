import type { IdentityDeps } from './deps.js';
import { checkDeviceKeys, deviceThumbprint, publicPart } from './device-keys.js';
import {
  deleteUser,
  findDeviceByThumbprint,
  insertDevice,
  insertUser,
  updateDevice,
} from './devices-repo.js';
import type { DeviceBody } from './schemas.js';
import { deviceView } from './views.js';

/**
 * Registers a device key (the caller has proven possession with X-Device-Sig). A known key keeps
 * its identifier and gets its auth keys refreshed (200); a new key creates the device and its
 * service user (201). Either way a fresh device JWT is issued.
 */
export async function registerDevice(deps: IdentityDeps, customerId: string, body: DeviceBody) {
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
  const created = await deps.db.transaction().execute(async (tx) => {
    const existing = await findDeviceByThumbprint(tx, customerId, thumbprint);
    if (existing) {
      await updateDevice(tx, existing.identifier, keys);
      return false;
    }
    const userId = deps.ids.uuid();
    await insertUser(tx, { id: userId, customer_id: customerId, created_at: now });
    const isNew = await insertDevice(tx, {
      identifier: deps.ids.uuid(),
      customer_id: customerId,
      user_id: userId,
      thumbprint,
      device_public_key: JSON.stringify(publicPart(body.device_public_key)),
      ...keys,
      active: 0,
      activated_at: null,
      created_at: now,
    });
    if (isNew) return true;
    // A concurrent registration of the same key won: ours becomes a refresh of that device.
    await deleteUser(tx, userId);
    const winner = await findDeviceByThumbprint(tx, customerId, thumbprint);
    if (winner) await updateDevice(tx, winner.identifier, keys);
    return false;
  });
  const device = await findDeviceByThumbprint(deps.db, customerId, thumbprint);
  if (!device) throw new Error('device vanished after registration');
  const jwt = await deps.keys.sign({}, { subject: device.identifier });
  return { created, device: { ...deviceView(device), jwt } };
}

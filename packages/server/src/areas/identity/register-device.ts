import type { Db } from '../../core/store/index.js';
import type { IdentityDeps } from './deps.js';
import { checkDeviceKeys, deviceThumbprint, publicPart } from './device-keys.js';
import {
  deleteUser,
  findDeviceByThumbprint,
  insertDevice,
  insertUser,
  updateDevice,
  type DeviceRow,
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
  const created = await deps.db
    .transaction()
    .execute(async (tx) => (await saveDevice(deps, tx, customerId, body)).created);
  const device = await findDeviceByThumbprint(deps.db, customerId, await deviceThumbprint(body));
  if (!device) throw new Error('device vanished after registration');
  return { created, device: await withJwt(deps, device) };
}

/** The device view with a new device JWT (`sub`: its identifier). */
export async function withJwt(deps: Pick<IdentityDeps, 'keys'>, device: DeviceRow) {
  return { ...deviceView(device), jwt: await deps.keys.sign({}, { subject: device.identifier }) };
}

/**
 * The registration's writes, within the caller's transaction: a new device with its service user,
 * or a known key's refresh. Answers the device as it now reads.
 */
export async function saveDevice(
  deps: Pick<IdentityDeps, 'clock' | 'ids' | 'audit'>,
  tx: Db,
  customerId: string,
  body: DeviceBody,
): Promise<{ created: boolean; device: DeviceRow }> {
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
  const refresh = async (): Promise<{ created: boolean; device: DeviceRow }> => {
    const known = await findDeviceByThumbprint(tx, customerId, thumbprint);
    if (!known) throw new Error('device vanished during registration');
    await updateDevice(tx, known.identifier, keys);
    await deps.audit.record(tx, {
      action: 'device.keys_refreshed',
      customerId,
      targets: { device: known.identifier },
    });
    return { created: false, device: { ...known, ...keys } };
  };
  if (await findDeviceByThumbprint(tx, customerId, thumbprint)) return refresh();
  const userId = deps.ids.uuid();
  await insertUser(tx, { id: userId, customer_id: customerId, created_at: now });
  const row: DeviceRow = {
    identifier: deps.ids.uuid(),
    customer_id: customerId,
    user_id: userId,
    thumbprint,
    device_public_key: JSON.stringify(publicPart(body.device_public_key)),
    ...keys,
    active: 0,
    activated_at: null,
    created_at: now,
  };
  if (await insertDevice(tx, row)) {
    await deps.audit.record(tx, {
      action: 'device.registered',
      customerId,
      targets: { device: row.identifier },
      details: { platform: body.device_platform },
    });
    return { created: true, device: row };
  }
  // A concurrent registration of the same key won: ours becomes a refresh of that device.
  await deleteUser(tx, userId);
  return refresh();
}

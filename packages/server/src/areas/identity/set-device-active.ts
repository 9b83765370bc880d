import { assertThat } from '../../core/errors.js';
import type { IdentityDeps } from './deps.js';
import { deleteDeviceCredentials, findDevice, updateDevice } from './devices-repo.js';
import { deviceView } from './views.js';

/**
 * Activation sets `activated_at`; deactivation keeps it as the last activation time and revokes
 * the device's own credentials (an enrolled phone enrolls again to get new ones).
 */
export async function setDeviceActive(
  deps: IdentityDeps,
  customerId: string,
  identifier: string,
  active: boolean,
) {
  const device = await findDevice(deps.db, customerId, identifier);
  assertThat(device, 'DEVICE_NOT_FOUND');
  const now = deps.clock.now().toISOString();
  const changes = {
    active: active ? 1 : 0,
    activated_at: active ? now : device.activated_at,
    updated_at: now,
  };
  await deps.db.transaction().execute(async (tx) => {
    await updateDevice(tx, identifier, changes);
    if (!active) await deleteDeviceCredentials(tx, identifier);
    await deps.audit.record(tx, {
      action: active ? 'device.activated' : 'device.deactivated',
      customerId,
      targets: { device: identifier },
    });
  });
  return deviceView({ ...device, ...changes });
}

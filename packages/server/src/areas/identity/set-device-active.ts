import { assertThat } from '../../core/errors.js';
import type { IdentityDeps } from './deps.js';
import { findDevice, updateDevice } from './devices-repo.js';
import { deviceView } from './views.js';

/** Activation sets `activated_at`; deactivation keeps it as the last activation time. */
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
  await updateDevice(deps.db, identifier, changes);
  return deviceView({ ...device, ...changes });
}

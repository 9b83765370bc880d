import { assertThat } from '../../core/errors.js';
import type { MainDeps } from './deps.js';
import { deviceView } from './device-view.js';
import { findDevice } from './devices-repo.js';

export async function getDevice(deps: MainDeps, customerId: string, identifier: string) {
  const device = await findDevice(deps.db, customerId, identifier);
  assertThat(device, 'DEVICE_NOT_FOUND');
  return deviceView(device);
}

/** Activation sets `activated_at`; deactivation keeps it as the last activation time. */
export async function setDeviceActive(
  deps: MainDeps,
  customerId: string,
  identifier: string,
  active: boolean,
) {
  const device = await findDevice(deps.db, customerId, identifier);
  assertThat(device, 'DEVICE_NOT_FOUND');
  const now = deps.clock.now().toISOString();
  await deps.db
    .updateTable('devices')
    .set({
      active: active ? 1 : 0,
      activated_at: active ? now : device.activated_at,
      updated_at: now,
    })
    .where('identifier', '=', identifier)
    .execute();
  return getDevice(deps, customerId, identifier);
}

import { assertThat } from '../../core/errors.js';
import type { IdentityDeps } from './deps.js';
import { findDeviceView } from './devices-repo.js';
import { deviceView } from './views.js';

export async function getDevice(deps: IdentityDeps, customerId: string, identifier: string) {
  const device = await findDeviceView(deps.db, customerId, identifier);
  assertThat(device, 'DEVICE_NOT_FOUND');
  return deviceView(device);
}

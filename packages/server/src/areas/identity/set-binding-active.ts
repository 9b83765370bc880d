import { assertThat } from '../../core/errors.js';
import { findBinding, updateBinding } from './bindings-repo.js';
import type { IdentityDeps } from './deps.js';
import { findDevice, updateDevice } from './devices-repo.js';
import { bindingView } from './views.js';

/** Activation sets `activated_at`; deactivation keeps it as the last activation time. */
export async function setBindingActive(
  deps: IdentityDeps,
  customerId: string,
  id: string,
  active: boolean,
) {
  const binding = await findBinding(deps.db, customerId, id);
  assertThat(binding, 'BINDING_NOT_FOUND');
  const changes = {
    active: active ? 1 : 0,
    activated_at: active ? deps.clock.now().toISOString() : binding.activated_at,
  };
  await deps.db.transaction().execute(async (tx) => {
    await updateBinding(tx, id, changes);
    // Existing server SDKs bind, activate the binding and expect the phone to receive from then
    // on: activating a binding activates its device too (deactivating leaves the device alone).
    const device = active ? await findDevice(tx, customerId, binding.device_identifier) : null;
    if (device && device.active !== 1)
      await updateDevice(tx, device.identifier, {
        active: 1,
        activated_at: changes.activated_at,
        updated_at: changes.activated_at ?? device.updated_at,
      });
    await deps.audit.record(tx, {
      action: active ? 'binding.activated' : 'binding.deactivated',
      customerId,
      targets: { binding: id, device: binding.device_identifier, user: binding.user_identifier },
    });
  });
  return bindingView({ ...binding, ...changes });
}

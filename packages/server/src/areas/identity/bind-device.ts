import { assertThat } from '../../core/errors.js';
import type { Db } from '../../core/store/index.js';
import { findBindingOfDevice, insertBinding, type BindingRow } from './bindings-repo.js';
import type { IdentityDeps } from './deps.js';
import { findDevice, type DeviceRow } from './devices-repo.js';
import { identifierOfUser, insertUserIdentifier } from './users-repo.js';
import { bindingView } from './views.js';

/**
 * Binds a device to an RP user identifier (inactive until PATCHed; its id is the activation code).
 * The identifier also becomes the device user's identifier. Unknown device → 424.
 */
export async function bindDevice(
  deps: IdentityDeps,
  customerId: string,
  input: { device_identifier: string; user_identifier: string },
) {
  return deps.db.transaction().execute(async (tx) => {
    const device = await findDevice(tx, customerId, input.device_identifier);
    assertThat(device, 'DEVICE_UNKNOWN');
    return bindingView(await bindInTx(deps, tx, device, input.user_identifier));
  });
}

/**
 * The binding's writes, within the caller's transaction. Both rows are inserted unless they exist;
 * then the rows that are on file decide: the same pair answers the existing binding, the device or
 * its user bound to another identifier of this RP is a conflict (the caller's transaction undoes
 * everything).
 */
export async function bindInTx(
  deps: Pick<IdentityDeps, 'clock' | 'ids' | 'audit'>,
  tx: Db,
  device: DeviceRow,
  userIdentifier: string,
): Promise<BindingRow> {
  const customerId = device.customer_id;
  const now = deps.clock.now().toISOString();
  await insertUserIdentifier(tx, {
    customer_id: customerId,
    user_id: device.user_id,
    identifier: userIdentifier,
    created_at: now,
  });
  await insertBinding(tx, {
    id: deps.ids.uuid(),
    customer_id: customerId,
    device_identifier: device.identifier,
    user_identifier: userIdentifier,
    active: 0,
    activated_at: null,
    created_at: now,
  });
  const binding = await findBindingOfDevice(tx, customerId, device.identifier);
  const known = await identifierOfUser(tx, customerId, device.user_id);
  assertThat(
    binding?.user_identifier === userIdentifier && known === userIdentifier,
    'DEVICE_ALREADY_BOUND',
  );
  await deps.audit.record(tx, {
    action: 'binding.created',
    customerId,
    targets: { binding: binding.id, device: device.identifier, user: userIdentifier },
  });
  return binding;
}

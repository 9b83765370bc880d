import { AppError, assertThat } from '../../core/errors.js';
import type { Db } from '../../core/store/index.js';
import { retryOnConflict } from '../../core/store/unique.js';
import type { UserDevicesTable } from '../../core/store/schema.js';
import type { MainDeps } from './deps.js';
import { findDevice } from './devices-repo.js';
import { identifierOfUser } from './users-repo.js';

function bindingView(row: UserDevicesTable) {
  return {
    id: row.id,
    device_identifier: row.device_identifier,
    user_identifier: row.user_identifier,
    active: row.active === 1,
    activated_at: row.activated_at,
  };
}

async function findBinding(db: Db, customerId: string, where: { id: string } | { device: string }) {
  const query = db.selectFrom('user_devices').selectAll().where('customer_id', '=', customerId);
  return (
    'id' in where
      ? query.where('id', '=', where.id)
      : query.where('device_identifier', '=', where.device)
  ).executeTakeFirst();
}

/**
 * Binds a device to an RP user identifier (inactive until PATCHed; its id is the activation
 * code). The same pair again answers the existing binding; the device or its user bound to
 * another identifier of this RP is a conflict. The identifier also becomes the user's identifier.
 */
export async function bindDevice(
  deps: MainDeps,
  customerId: string,
  input: { device_identifier: string; user_identifier: string },
) {
  return retryOnConflict(() =>
    deps.db.transaction().execute(async (tx) => {
      const device = await findDevice(tx, customerId, input.device_identifier);
      assertThat(device, 'DEVICE_UNKNOWN');
      const existing = await findBinding(tx, customerId, { device: device.identifier });
      const known = await identifierOfUser(tx, customerId, device.user_id);
      if (
        (existing && existing.user_identifier !== input.user_identifier) ||
        (known && known !== input.user_identifier)
      )
        throw new AppError('DEVICE_ALREADY_BOUND');
      if (existing) return bindingView(existing);
      const now = deps.clock.now().toISOString();
      if (!known)
        await tx
          .insertInto('user_identifiers')
          .values({
            customer_id: customerId,
            user_id: device.user_id,
            identifier: input.user_identifier,
            created_at: now,
          })
          .execute();
      const row: UserDevicesTable = {
        id: deps.ids.uuid(),
        customer_id: customerId,
        device_identifier: device.identifier,
        user_identifier: input.user_identifier,
        active: 0,
        activated_at: null,
        created_at: now,
      };
      await tx.insertInto('user_devices').values(row).execute();
      return bindingView(row);
    }),
  );
}

export async function setBindingActive(
  deps: MainDeps,
  customerId: string,
  id: string,
  active: boolean,
) {
  const binding = await findBinding(deps.db, customerId, { id });
  assertThat(binding, 'BINDING_NOT_FOUND');
  const activated_at = active ? deps.clock.now().toISOString() : binding.activated_at;
  await deps.db
    .updateTable('user_devices')
    .set({ active: active ? 1 : 0, activated_at })
    .where('id', '=', id)
    .execute();
  return bindingView({ ...binding, active: active ? 1 : 0, activated_at });
}

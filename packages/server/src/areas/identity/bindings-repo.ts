import { compiled } from '../../core/store/compiled.js';
import type { Db } from '../../core/store/index.js';
import type { UserDevicesTable } from '../../core/store/schema.js';
import { inserted } from '../../core/store/unique.js';

export type BindingRow = UserDevicesTable;

export function findBinding(
  db: Db,
  customerId: string,
  id: string,
): Promise<BindingRow | undefined> {
  return db
    .selectFrom('user_devices')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A device has at most one binding per customer. */
export function findBindingOfDevice(
  db: Db,
  customerId: string,
  deviceIdentifier: string,
): Promise<BindingRow | undefined> {
  return db
    .selectFrom('user_devices')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('device_identifier', '=', deviceIdentifier)
    .executeTakeFirst();
}

/** False when the device is already bound (a concurrent binding won). */
export async function insertBinding(db: Db, row: BindingRow): Promise<boolean> {
  return inserted(
    await db
      .insertInto('user_devices')
      .values(row)
      .onConflict((oc) => oc.columns(['customer_id', 'device_identifier']).doNothing())
      .executeTakeFirst(),
  );
}

export async function updateBinding(
  db: Db,
  id: string,
  changes: Pick<BindingRow, 'active' | 'activated_at'>,
): Promise<void> {
  await db.updateTable('user_devices').set(changes).where('id', '=', id).execute();
}

const activeBindings = compiled((db, v: { customerId: string; deviceIdentifier: string }) =>
  db
    .selectFrom('user_devices')
    .select('user_identifier')
    .where('customer_id', '=', v.customerId)
    .where('device_identifier', '=', v.deviceIdentifier)
    .where('active', '=', 1),
);

/** The RP identifiers a device is actively bound to. */
export async function activeIdentifiersOf(
  db: Db,
  customerId: string,
  deviceIdentifier: string,
): Promise<string[]> {
  const rows = await activeBindings.all(db, { customerId, deviceIdentifier });
  return rows.map((r) => r.user_identifier);
}

type OfIdentifier = { customerId: string; identifier: string };

const boundUsers = compiled((db, v: OfIdentifier) =>
  db
    .selectFrom('user_devices')
    .innerJoin('devices', 'devices.identifier', 'user_devices.device_identifier')
    .select('devices.user_id')
    .where('user_devices.customer_id', '=', v.customerId)
    .where('user_devices.user_identifier', '=', v.identifier)
    .orderBy('user_devices.active', 'desc')
    .orderBy('devices.active', 'desc')
    .orderBy('user_devices.created_at'),
);

/**
 * The service users whose devices are bound to an RP identifier: those who can receive for it
 * first (an active binding of an active device: after a phone change, the new phone's user), then
 * oldest binding first.
 */
export async function usersBoundTo(
  db: Db,
  customerId: string,
  identifier: string,
): Promise<string[]> {
  const rows = await boundUsers.all(db, { customerId, identifier });
  return rows.map((r) => r.user_id);
}

const activeReceivers = compiled((db, v: OfIdentifier) =>
  db
    .selectFrom('user_devices')
    .innerJoin('devices', 'devices.identifier', 'user_devices.device_identifier')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_devices.customer_id', '=', v.customerId)
    .where('user_devices.user_identifier', '=', v.identifier)
    .where('user_devices.active', '=', 1)
    .where('devices.active', '=', 1),
);

/** How many active devices are actively bound to an RP identifier (who can receive for it). */
export async function countActiveReceivers(
  db: Db,
  customerId: string,
  identifier: string,
): Promise<number> {
  return Number((await activeReceivers.first(db, { customerId, identifier }))?.n ?? 0);
}

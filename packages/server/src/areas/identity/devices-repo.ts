import type { Db } from '../../core/store/index.js';
import type { Insertable } from 'kysely';
import type { CredentialsTable, DevicesTable, UsersTable } from '../../core/store/schema.js';
import { compiled } from '../../core/store/compiled.js';
import { inserted } from '../../core/store/unique.js';

export type DeviceRow = DevicesTable;

type DeviceId = { customerId: string; identifier: string };

/** A device by its identifier, within its customer. */
const byIdentifier = (db: Db, v: DeviceId) =>
  db
    .selectFrom('devices')
    .where('customer_id', '=', v.customerId)
    .where('identifier', '=', v.identifier);

const deviceById = compiled((db, v: DeviceId) => byIdentifier(db, v).selectAll());

export function findDevice(
  db: Db,
  customerId: string,
  identifier: string,
): Promise<DeviceRow | undefined> {
  return deviceById.first(db, { customerId, identifier });
}

/** The columns a device's answer shows: a read of one skips its three keys. */
const viewColumns = ['identifier', 'user_id', 'device_platform', 'active', 'activated_at'] as const;
export type DeviceViewRow = Pick<DeviceRow, (typeof viewColumns)[number]>;

const deviceViewById = compiled((db, v: DeviceId) => byIdentifier(db, v).select(viewColumns));

/** What `GET /api/v2/devices/{id}` shows of a device. */
export function findDeviceView(
  db: Db,
  customerId: string,
  identifier: string,
): Promise<DeviceViewRow | undefined> {
  return deviceViewById.first(db, { customerId, identifier });
}

const deviceByThumbprint = compiled((db, v: { customerId: string; thumbprint: string }) =>
  db
    .selectFrom('devices')
    .selectAll()
    .where('customer_id', '=', v.customerId)
    .where('thumbprint', '=', v.thumbprint),
);

export function findDeviceByThumbprint(
  db: Db,
  customerId: string,
  thumbprint: string,
): Promise<DeviceRow | undefined> {
  return deviceByThumbprint.first(db, { customerId, thumbprint });
}

/** By identifier across customers (identifiers are globally unique keys). */
export function findDeviceAnywhere(db: Db, identifier: string): Promise<DeviceRow | undefined> {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('identifier', '=', identifier)
    .executeTakeFirst();
}

/** False when the customer already has a device with this key (a concurrent registration). */
export async function insertDevice(db: Db, row: DeviceRow): Promise<boolean> {
  return inserted(
    await db
      .insertInto('devices')
      .values(row)
      .onConflict((oc) => oc.columns(['customer_id', 'thumbprint']).doNothing())
      .executeTakeFirst(),
  );
}

export async function updateDevice(
  db: Db,
  identifier: string,
  changes: Partial<Omit<DeviceRow, 'identifier' | 'customer_id'>>,
): Promise<void> {
  await db.updateTable('devices').set(changes).where('identifier', '=', identifier).execute();
}

/** Deactivates the users' devices and revokes their device credentials (call in a transaction). */
export async function deactivateDevicesOfUsers(
  db: Db,
  customerId: string,
  userIds: string[],
  now: string,
): Promise<void> {
  await db
    .deleteFrom('credentials')
    .where('device_identifier', 'in', (eb) =>
      eb
        .selectFrom('devices')
        .select('identifier')
        .where('customer_id', '=', customerId)
        .where('user_id', 'in', userIds),
    )
    .execute();
  await db
    .updateTable('devices')
    .set({ active: 0, updated_at: now })
    .where('customer_id', '=', customerId)
    .where('user_id', 'in', userIds)
    .execute();
}

/**
 * Deactivates the devices bound to an RP identifier, `kept` excepted, and revokes their device
 * credentials (call in a transaction): the user moved to the phone `kept`.
 */
export async function deactivateDevicesBoundTo(
  db: Db,
  customerId: string,
  userIdentifier: string,
  kept: string,
  now: string,
): Promise<void> {
  const bound = db
    .selectFrom('user_devices')
    .select('device_identifier')
    .where('customer_id', '=', customerId)
    .where('user_identifier', '=', userIdentifier)
    .where('device_identifier', '!=', kept);
  await db.deleteFrom('credentials').where('device_identifier', 'in', bound).execute();
  await db
    .updateTable('devices')
    .set({ active: 0, updated_at: now })
    .where('customer_id', '=', customerId)
    .where('identifier', 'in', bound)
    .where('active', '=', 1)
    .execute();
}

export async function insertUser(db: Db, row: UsersTable): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function countActiveDevicesOfUser(
  db: Db,
  customerId: string,
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('user_id', '=', userId)
    .where('active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A device's own credentials (from its enrollment): the new ones replace any it held. */
export async function replaceDeviceCredentials(
  db: Db,
  row: Insertable<CredentialsTable>,
): Promise<void> {
  await deleteDeviceCredentials(db, row.device_identifier ?? '');
  await db.insertInto('credentials').values(row).execute();
}

/** Revokes a device's own credentials (its deactivation). */
export async function deleteDeviceCredentials(db: Db, identifier: string): Promise<void> {
  await db.deleteFrom('credentials').where('device_identifier', '=', identifier).execute();
}

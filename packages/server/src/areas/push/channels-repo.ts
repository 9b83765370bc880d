import type { Kysely } from 'kysely';
import type { Db } from '../../core/store/index.js';
import type { Database, PushChannelsTable } from '../../core/store/schema.js';

/** Who a svcfication is addressed to, as its row stores it. */
export interface Addressees {
  target_device: string | null;
  target_user_id: string | null;
  user_identifier: string | null;
}

/** Sets a device's one channel, replacing the one it had. */
export async function saveChannel(db: Kysely<Database>, row: PushChannelsTable): Promise<void> {
  const { device_identifier: _, ...replaced } = row;
  await db
    .insertInto('push_channels')
    .values(row)
    .onConflict((oc) => oc.column('device_identifier').doUpdateSet(replaced))
    .execute();
}

export async function removeChannel(db: Db, deviceIdentifier: string): Promise<void> {
  await db.deleteFrom('push_channels').where('device_identifier', '=', deviceIdentifier).execute();
}

/** Removes a channel a push service said is gone, unless the device has registered another. */
export async function removeGoneChannel(db: Db, channelId: string): Promise<void> {
  await db.deleteFrom('push_channels').where('id', '=', channelId).execute();
}

export function channelOf(db: Db, deviceIdentifier: string) {
  return db
    .selectFrom('push_channels')
    .selectAll()
    .where('device_identifier', '=', deviceIdentifier)
    .executeTakeFirst();
}

/**
 * The channels of the active devices a svcfication reaches, as `GET /svcfications/next` finds it
 * (svcfications' addressing.ts): the device it names, the devices of the user it names, or the
 * devices actively bound to the identifier it names.
 */
export function channelsOfAddressees(
  db: Kysely<Database>,
  customerId: string,
  to: Addressees,
): Promise<PushChannelsTable[]> {
  return db
    .selectFrom('push_channels')
    .innerJoin('devices', 'devices.identifier', 'push_channels.device_identifier')
    .selectAll('push_channels')
    .where('push_channels.customer_id', '=', customerId)
    .where('devices.active', '=', 1)
    .where((eb) => {
      if (to.target_device) return eb('devices.identifier', '=', to.target_device);
      if (to.target_user_id) return eb('devices.user_id', '=', to.target_user_id);
      return eb(
        'devices.identifier',
        'in',
        eb
          .selectFrom('user_devices')
          .select('user_devices.device_identifier')
          .where('user_devices.customer_id', '=', customerId)
          .where('user_devices.user_identifier', '=', to.user_identifier ?? '')
          .where('user_devices.active', '=', 1),
      );
    })
    .orderBy('push_channels.device_identifier')
    .execute();
}

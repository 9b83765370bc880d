import type { JWK } from 'jose';
import type { DeviceKey } from '../../core/crypto/device-sig.js';
import type { Db } from '../../core/store/index.js';
import type { DevicesTable } from '../../core/store/schema.js';

export type DeviceRow = DevicesTable;

export async function findDevice(
  db: Db,
  customerId: string,
  identifier: string,
): Promise<DeviceRow | undefined> {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('identifier', '=', identifier)
    .executeTakeFirst();
}

export async function findDeviceByThumbprint(
  db: Db,
  customerId: string,
  thumbprint: string,
): Promise<DeviceRow | undefined> {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('thumbprint', '=', thumbprint)
    .executeTakeFirst();
}

/** The X-Device-Sig key lookup for one customer. */
export function deviceKeyLookup(db: Db) {
  return async (customerId: string, thumbprint: string): Promise<DeviceKey | null> => {
    const row = await findDeviceByThumbprint(db, customerId, thumbprint);
    return row
      ? { identifier: row.identifier, jwk: JSON.parse(row.device_public_key) as JWK }
      : null;
  };
}

import type { Db } from '../../core/store/index.js';
import type { DevicesTable, SvccodesTable } from '../../core/store/schema.js';
import type { MainDeps } from './deps.js';

/** Long-poll key: this svccode was paired. */
export const svccodePaired = (id: string) => `svccode-paired:${id}`;

/** Key of the MAC over svccode payloads, derived from the master key. */
export const svccodeKey = (deps: Pick<MainDeps, 'box'>) => deps.box.derive('svccode-payload-v1');

export function findSvccode(db: Db, id: string): Promise<SvccodesTable | undefined> {
  return db.selectFrom('svccodes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCustomerSvccode(
  db: Db,
  customerId: string,
  id: string,
): Promise<SvccodesTable | undefined> {
  return db
    .selectFrom('svccodes')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * A device by identifier across customers: pairing carries no credentials, so the device (and
 * through it the customer) is known only from the identifier, which is a globally unique key.
 */
export function findDeviceAnywhere(db: Db, identifier: string): Promise<DevicesTable | undefined> {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('identifier', '=', identifier)
    .executeTakeFirst();
}

export const isExpired = (code: Pick<SvccodesTable, 'expires_at'>, now: Date) =>
  new Date(code.expires_at).getTime() <= now.getTime();

import type { Db } from '../../core/store/index.js';

/** The service users an RP identifier stands for: mapped by user_identifiers or bound through devices. */
export async function usersOfIdentifier(
  db: Db,
  customerId: string,
  identifier: string,
): Promise<string[]> {
  const mapped = await db
    .selectFrom('user_identifiers')
    .select('user_id')
    .where('customer_id', '=', customerId)
    .where('identifier', '=', identifier)
    .orderBy('created_at')
    .execute();
  const bound = await db
    .selectFrom('user_devices')
    .innerJoin('devices', 'devices.identifier', 'user_devices.device_identifier')
    .select('devices.user_id')
    .where('user_devices.customer_id', '=', customerId)
    .where('user_devices.user_identifier', '=', identifier)
    .orderBy('user_devices.created_at')
    .execute();
  return [...new Set([...mapped, ...bound].map((r) => r.user_id))];
}

export async function identifierOfUser(
  db: Db,
  customerId: string,
  userId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_identifiers')
    .select('identifier')
    .where('customer_id', '=', customerId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.identifier;
}

export async function userExists(db: Db, customerId: string, userId: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('users')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('id', '=', userId)
      .executeTakeFirst()) !== undefined
  );
}

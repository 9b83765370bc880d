import type { Db } from '../../core/store/index.js';
import { usersBoundTo } from './bindings-repo.js';
import { usersMappedTo } from './users-repo.js';

/**
 * The service users an RP identifier stands for (mapped by user_identifiers, then bound through
 * devices, without repeats), and whether any device is bound to it.
 */
export async function identifierUsers(
  db: Db,
  customerId: string,
  identifier: string,
): Promise<{ users: string[]; bound: boolean }> {
  const mapped = await usersMappedTo(db, customerId, identifier);
  const bound = await usersBoundTo(db, customerId, identifier);
  return { users: [...new Set([...mapped, ...bound])], bound: bound.length > 0 };
}

/** The service users an RP identifier stands for (see identifierUsers). */
export async function usersOfIdentifier(
  db: Db,
  customerId: string,
  identifier: string,
): Promise<string[]> {
  return (await identifierUsers(db, customerId, identifier)).users;
}

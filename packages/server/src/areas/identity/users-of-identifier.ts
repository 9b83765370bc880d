import type { Db } from '../../core/store/index.js';
import { usersBoundTo } from './bindings-repo.js';
import { usersMappedTo } from './users-repo.js';

/**
 * The service users an RP identifier stands for: mapped by user_identifiers, then bound through
 * devices, without repeats.
 */
export async function usersOfIdentifier(
  db: Db,
  customerId: string,
  identifier: string,
): Promise<string[]> {
  const mapped = await usersMappedTo(db, customerId, identifier);
  const bound = await usersBoundTo(db, customerId, identifier);
  return [...new Set([...mapped, ...bound])];
}

import type { FidoDeps } from '../deps.js';
import { findUsers } from './users-repo.js';
import { userView, type UserView } from '../views.js';

/** The spec has no paging; an answer holds at most this many users, oldest first. */
export const searchLimit = 1000;

/** `registered` true: registered users only; false: users who have not finished registration. */
export async function searchUsers(
  deps: FidoDeps,
  customerId: string,
  filter: { registered?: boolean | undefined; user_identifier?: string | undefined },
): Promise<{ users: UserView[] }> {
  const rows = await findUsers(deps.db, customerId, filter, searchLimit);
  return { users: rows.map(userView) };
}

import type { ConsolePasskeyUserList } from '@svc/wire';
import type { FidoDeps } from '../deps.js';
import { credentialView, userView } from '../views.js';

/**
 * The customer's FIDO users in `user_identifier` order, a page at a time, each with its passkeys
 * (oldest first): what the console's passkey page lists.
 */
export async function usersWithPasskeys(
  deps: FidoDeps,
  customerId: string,
  query: { after?: string | undefined; limit: number },
): Promise<ConsolePasskeyUserList> {
  let q = deps.db.selectFrom('fido_users').selectAll().where('customer_id', '=', customerId);
  if (query.after) q = q.where('user_identifier', '>', query.after);
  const rows = await q
    .orderBy('user_identifier')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const passkeys = page.length
    ? await deps.db
        .selectFrom('fido_credentials')
        .selectAll()
        .where(
          'user_id',
          'in',
          page.map((u) => u.id),
        )
        .orderBy('created_at')
        .execute()
    : [];
  return {
    users: page.map((u) => ({
      ...userView(u),
      passkeys: passkeys.filter((p) => p.user_id === u.id).map(credentialView),
    })),
    next_cursor: rows.length > query.limit ? (page.at(-1)?.user_identifier ?? null) : null,
  };
}

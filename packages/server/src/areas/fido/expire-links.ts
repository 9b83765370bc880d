import { AppError } from '../../core/errors.js';
import type { FidoDeps } from './deps.js';
import { finishLink } from './finish-link.js';
import type { LinkKind } from './link.js';
import { findExpiredWithCallback } from './links-repo.js';
import { findUserById } from './users-repo.js';

const kinds: readonly LinkKind[] = ['registrations', 'authentications'];

/**
 * Writes EXPIRED for pending links past their lifetime that have a callback URL, and queues that
 * status change like any other (run by the worker, so nobody has to poll).
 */
export async function expireLinks(deps: FidoDeps): Promise<number> {
  const now = deps.clock.now().toISOString();
  let expired = 0;
  for (const kind of kinds) {
    for (const link of await findExpiredWithCallback(deps.db, kind, now, 200)) {
      const user = link.user_id
        ? await findUserById(deps.db, link.customer_id, link.user_id)
        : undefined;
      try {
        await finishLink(deps, kind, link, { status: 'EXPIRED', user });
        expired += 1;
      } catch (err) {
        if (!(err instanceof AppError)) throw err; // finished by the user meanwhile
      }
    }
  }
  return expired;
}

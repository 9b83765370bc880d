import { AppError } from '../../../core/errors.js';
import type { Sweep } from '../../../core/sweeper.js';
import type { FidoDeps } from '../deps.js';
import { finishLink } from './finish-link.js';
import type { LinkKind } from './link.js';
import { findExpiredWithCallback, type LinkRow } from './links-repo.js';
import { findUserById } from '../users/users-repo.js';

/**
 * The worker's expiry loops, one per link kind: writes EXPIRED for pending links past their
 * lifetime that have a callback URL, and queues that status change like any other.
 */
export function linkExpiry(deps: FidoDeps): Sweep<LinkRow>[] {
  return (['registrations', 'authentications'] as const).map((kind: LinkKind) => ({
    name: `fido-${kind}-expiry`,
    due: (limit, after) =>
      findExpiredWithCallback(deps.db, kind, deps.clock.now().toISOString(), limit, after),
    run: async (link) => {
      const user = link.user_id
        ? await findUserById(deps.db, link.customer_id, link.user_id)
        : undefined;
      try {
        await finishLink(deps, kind, link, { status: 'EXPIRED', user });
      } catch (err) {
        if (!(err instanceof AppError)) throw err; // finished by the user meanwhile
      }
    },
  }));
}

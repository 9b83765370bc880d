import { closeAndNotify } from '../../core/outbox/close-and-notify.js';
import type { Db } from '../../core/store/index.js';
import type { FidoDeps } from './deps.js';
import { closeLink, type LinkRow } from './links-repo.js';
import type { LinkKind } from './link.js';
import type { UserRow } from './users-repo.js';
import { linkView } from './views.js';

export interface Outcome {
  status: 'COMPLETED' | 'ERROR' | 'EXPIRED';
  /** The user as it is after the change (registered after a completed registration). */
  user: UserRow | undefined;
}

/**
 * Closes a pending link and queues its status callback (the resource as it now reads, plus `jwt`)
 * in one transaction; `alsoInTx` adds the ceremony's own writes. A link that another request
 * closed first is FIDO_LINK_USED; if any step throws, nothing is written.
 */
export async function finishLink(
  deps: FidoDeps,
  kind: LinkKind,
  link: LinkRow,
  outcome: Outcome,
  alsoInTx?: (tx: Db) => Promise<void>,
): Promise<void> {
  const now = deps.clock.now();
  const closed: LinkRow = {
    ...link,
    status: outcome.status,
    user_id: outcome.user?.id ?? link.user_id,
    challenge: null,
    finished_at: now.toISOString(),
  };
  await closeAndNotify(deps, {
    close: async (tx) => {
      const change = { status: outcome.status, userId: closed.user_id, now: now.toISOString() };
      if (!(await closeLink(tx, kind, link, change))) return null;
      return { view: linkView(kind, closed, outcome.user, now), callbackUrl: link.callback_url };
    },
    alsoInTx,
    closedError: 'FIDO_LINK_USED',
  });
}

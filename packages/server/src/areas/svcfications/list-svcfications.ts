import type { SvcficationsDeps } from './deps.js';
import type { Svcfication } from './schemas.js';
import { historyOf } from './svcfications-repo.js';
import { svcficationView } from './views.js';

/** History of one RP identifier, newest first; `before` pages by creation time. */
export async function listSvcfications(
  deps: SvcficationsDeps,
  customerId: string,
  query: { user_identifier: string; limit?: number; before?: string },
): Promise<Svcfication[]> {
  const rows = await historyOf(deps.db, customerId, {
    user_identifier: query.user_identifier,
    limit: query.limit ?? 20,
    before: query.before ? new Date(query.before).toISOString() : undefined,
  });
  const now = deps.clock.now();
  return rows.map((r) => svcficationView(r, now));
}

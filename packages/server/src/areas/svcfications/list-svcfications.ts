import { fieldError } from '../../core/errors.js';
import type { SvcficationsDeps } from './deps.js';
import type { Svcfication } from './schemas.js';
import { historyOf } from './svcfications-repo.js';
import { svcficationView } from './views.js';

/**
 * History of one RP identifier, newest first (`created_at`, then `id`). `before` pages by creation
 * time; with `before_id` too, the page goes on after that very svcfication (ties included).
 */
export async function listSvcfications(
  deps: SvcficationsDeps,
  customerId: string,
  query: { user_identifier: string; limit?: number; before?: string; before_id?: string },
): Promise<Svcfication[]> {
  if (query.before_id !== undefined && query.before === undefined)
    throw fieldError('VALIDATION_FAILED', { before_id: ['needs before (its created_at)'] });
  const rows = await historyOf(deps.db, customerId, {
    user_identifier: query.user_identifier,
    limit: query.limit ?? 20,
    before: query.before ? new Date(query.before).toISOString() : undefined,
    beforeId: query.before_id,
  });
  const now = deps.clock.now();
  return rows.map((r) => svcficationView(r, now));
}

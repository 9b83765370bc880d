import { AppError } from '../../core/errors.js';
import type { Sweep } from '../../core/sweeper.js';
import { completeSvcfication, type CompletionDeps } from './complete-svcfication.js';
import { dueForExpiry, type SvcficationRow } from './svcfications-repo.js';

/**
 * The worker's expiry loop: writes EXPIRED (and queues the callback) for each open svcfication
 * past its expiry, so nobody has to poll for it.
 */
export function svcficationExpiry(deps: CompletionDeps): Sweep<SvcficationRow> {
  return {
    name: 'svcfication-expiry',
    due: (limit, after) => dueForExpiry(deps.db, deps.clock.now().toISOString(), limit, after),
    run: async (row) => {
      try {
        await completeSvcfication(deps, row, 'EXPIRED', null);
      } catch (err) {
        if (!(err instanceof AppError)) throw err; // someone else closed it meanwhile
      }
    },
  };
}

import { AppError } from '../../core/errors.js';
import { completeSvcfication, type CompletionDeps } from './complete-svcfication.js';
import { dueForExpiry } from './svcfications-repo.js';

/** Writes EXPIRED (and queues its callback) for every open svcfication past its expiry. */
export async function expireSvcfications(deps: CompletionDeps): Promise<number> {
  const due = await dueForExpiry(deps.db, deps.clock.now().toISOString(), 500);
  for (const row of due) {
    await completeSvcfication(deps, row.customer_id, row.id, 'EXPIRED', null).catch(
      (err: unknown) => {
        if (!(err instanceof AppError)) throw err; // someone else closed it meanwhile
      },
    );
  }
  return due.length;
}

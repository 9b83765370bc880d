import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from './index.js';

/** Rows deleted per statement: bounds how long one purge holds the event loop against the writes. */
export const purgeBatch = 1000;
/** Batches per pass at most; the purge loop runs a pass every second. */
const batchesPerPass = 100;

/**
 * The instant a day before `now`: rows still read as expired after their expiry (an enrollment
 * or a svccode its RP reads as EXPIRED, a CIBA request its client polls) are kept that long.
 */
export function aDayBefore(now: Date): string {
  return new Date(now.getTime() - 86_400_000).toISOString();
}

/** Rows that expire by an indexed column of an ISO instant. */
export interface Expiring {
  table:
    | 'nonces'
    | 'idempotency'
    | 'outbox'
    | 'outbox_attempts'
    | 'oidc_payloads'
    | 'enrollments'
    | 'svccodes'
    | 'audit_events'
    | 'console_sessions';
  column: 'expires_at' | 'next_attempt_at' | 'occurred_at' | 'at';
  /** Only rows in this state (the outbox: its index leads with the state). */
  state?: 'delivered' | 'dead';
}

/**
 * Deletes the rows of `e` whose column is before `before`, oldest first, a batch per statement
 * and each batch in a later turn of the event loop than the last: a backlog (after downtime, or
 * a burst of traffic expiring at once) never holds every request in flight for the length of one
 * large delete. Answers how many rows went.
 */
export async function deleteExpired(db: Db, e: Expiring, before: string): Promise<number> {
  const table = sql.table(e.table);
  const column = sql.ref(e.column);
  const expired =
    e.state === undefined
      ? sql`${column} < ${before}`
      : sql`state = ${e.state} and ${column} < ${before}`;
  // The batch's last instant; with fewer rows left than a batch, `before` itself.
  const last = sql`(select ${column} from ${table} where ${expired}
    order by ${column} limit 1 offset ${purgeBatch - 1})`;
  const batch = sql`delete from ${table} where ${expired} and ${column} <= coalesce(${last}, ${before})`;
  let deleted = 0;
  for (let n = 0; n < batchesPerPass; n++) {
    const rows = Number((await batch.execute(db)).numAffectedRows ?? 0);
    deleted += rows;
    if (rows < purgeBatch) break;
    await nextTurn();
  }
  return deleted;
}

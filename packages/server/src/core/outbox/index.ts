import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock.js';
import type { Ids } from '../ids.js';
import { deleteExpired } from '../store/purge.js';
import type { Database, OutboxTable } from '../store/schema.js';

export type OutboxKind = OutboxTable['kind'];

export interface OutboxItem {
  kind: OutboxKind;
  /** Callback URL or phone number. */
  target: string;
  payload: unknown;
  /**
   * The customer it is for: a worker caps one customer's deliveries in flight. Items of no
   * customer share one such cap.
   */
  customerId?: string;
  /** The item a console replay repeats. */
  replayOf?: string;
}

/** Delivery gives up this long after the item was written. */
export const deliveryWindowMs = 24 * 60 * 60 * 1000;

/**
 * Durable side effects: an item is a row written in the caller's transaction, so it exists
 * exactly when the state change that caused it was committed. A worker delivers it later.
 */
export class Outbox {
  private listener: (() => void) | null = null;
  constructor(
    private readonly clock: Clock,
    private readonly ids: Ids,
  ) {}

  async enqueue(tx: Kysely<Database> | Transaction<Database>, item: OutboxItem): Promise<string> {
    const now = this.clock.now();
    const id = this.ids.uuid();
    await tx
      .insertInto('outbox')
      .values({
        id,
        kind: item.kind,
        target: item.target,
        customer_id: item.customerId ?? null,
        payload: JSON.stringify(item.payload),
        state: 'pending',
        attempts: 0,
        next_attempt_at: now.toISOString(),
        give_up_at: new Date(now.getTime() + deliveryWindowMs).toISOString(),
        delivered_at: null,
        last_error: null,
        replay_of: item.replayOf ?? null,
        created_at: now.toISOString(),
      })
      .execute();
    return id;
  }

  /** Tells the worker (if one runs in this process) that items were committed. */
  notify(): void {
    this.listener?.();
  }

  onNotify(listener: () => void): void {
    this.listener = listener;
  }
}

/** How long a finished item is kept (for `/metrics` and an operator's look) before it is deleted. */
const keptMs = { delivered: 7 * 86_400_000, dead: 30 * 86_400_000 } as const;

/**
 * Deletes finished items once kept long enough: delivered ones after 7 days, dead ones after 30;
 * their attempts 31 days after they were made.
 * A finished item's `next_attempt_at` is at most 72 minutes after its last attempt (the lease it
 * was delivered under, or the retry it did not get: an hour at most, ±20 %), so the `outbox_due` index (state,
 * next_attempt_at) finds them. Answers how many went.
 */
export async function purgeOutbox(db: Kysely<Database>, now: Date): Promise<number> {
  let deleted = 0;
  for (const state of ['delivered', 'dead'] as const) {
    const before = new Date(now.getTime() - keptMs[state]).toISOString();
    deleted += await deleteExpired(
      db,
      { table: 'outbox', column: 'next_attempt_at', state },
      before,
    );
  }
  // An item's attempts outlive it by at most its delivery window.
  const attemptsBefore = new Date(now.getTime() - keptMs.dead - deliveryWindowMs).toISOString();
  deleted += await deleteExpired(db, { table: 'outbox_attempts', column: 'at' }, attemptsBefore);
  return deleted;
}

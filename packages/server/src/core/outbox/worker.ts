import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../store/index.js';
import type { OutboxTable } from '../store/schema.js';
import type { Metrics } from '../metrics.js';
import type { Outbox, OutboxKind } from './index.js';

/** Delivers one item; throws to ask for a retry. */
export type Deliver = (item: { id: string; target: string; payload: unknown }) => Promise<void>;

export interface WorkerOptions {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  handlers: Record<OutboxKind, Deliver>;
  logger: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
  /** Deliveries by outcome; failures also as a background loop's (`outbox-callback`, …). */
  metrics?: Pick<Metrics, 'backgroundFailures' | 'outboxDeliveries' | 'smsSent'>;
  /** First retry delay; doubles per attempt, capped at an hour, with ±20 % jitter. */
  retryBaseMs: number;
  pollMs?: number;
  batch?: number;
}

/** How long a claimed item is left to its worker before another may retry it. */
const leaseMs = 5 * 60 * 1000;

export function retryDelayMs(
  attempts: number,
  baseMs: number,
  random: () => number = Math.random,
): number {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
  return Math.round(delay * (0.8 + 0.4 * random()));
}

/**
 * Sends due outbox items: at least once, with exponential backoff until the item's give-up time.
 * Each item carries its id (`X-Svc-Delivery` for callbacks) so receivers can drop duplicates.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly options: WorkerOptions) {
    options.outbox.onNotify(() => this.kick());
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Runs a pass now (or right after the current one). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.running = this.pass()
      .catch((err: unknown) => this.options.logger.error({ err }, 'outbox pass failed'))
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.options.pollMs ?? 500);
        }
      });
  }

  /** One pass over the due items; exposed for tests. */
  async pass(): Promise<void> {
    const now = this.options.clock.now().toISOString();
    const due = await this.options.db
      .selectFrom('outbox')
      .selectAll()
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(this.options.batch ?? 50)
      .execute();
    await Promise.all(due.map((row) => this.deliver(row)));
  }

  /**
   * Takes an item for this worker: moves its next attempt a lease ahead, only if no other worker
   * (another instance) did so first. A worker that dies mid-delivery leaves the item to be
   * retried when the lease ends.
   */
  private async claim(row: OutboxTable): Promise<boolean> {
    const lease = new Date(this.options.clock.now().getTime() + leaseMs).toISOString();
    const result = await this.options.db
      .updateTable('outbox')
      .set({ next_attempt_at: lease })
      .where('id', '=', row.id)
      .where('state', '=', 'pending')
      .where('next_attempt_at', '=', row.next_attempt_at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async deliver(row: OutboxTable): Promise<void> {
    const { db, clock, handlers, logger, retryBaseMs } = this.options;
    if (!(await this.claim(row))) return;
    try {
      await handlers[row.kind]({
        id: row.id,
        target: row.target,
        payload: JSON.parse(row.payload) as unknown,
      });
      await db
        .updateTable('outbox')
        .set({
          state: 'delivered',
          delivered_at: clock.now().toISOString(),
          attempts: row.attempts + 1,
          last_error: null,
        })
        .where('id', '=', row.id)
        .execute();
      this.options.metrics?.outboxDeliveries.inc({ kind: row.kind, outcome: 'delivered' });
      if (row.kind === 'sms') this.options.metrics?.smsSent.inc();
    } catch (err) {
      const attempts = row.attempts + 1;
      const next = new Date(clock.now().getTime() + retryDelayMs(attempts, retryBaseMs));
      const dead = next.toISOString() > row.give_up_at;
      const message = err instanceof Error ? err.message : String(err);
      this.options.metrics?.backgroundFailures.inc({ loop: `outbox-${row.kind}` });
      this.options.metrics?.outboxDeliveries.inc({
        kind: row.kind,
        outcome: dead ? 'dead' : 'retry',
      });
      logger.warn(
        { outbox: row.id, kind: row.kind, attempts, dead },
        `outbox delivery failed: ${message}`,
      );
      await db
        .updateTable('outbox')
        .set({
          state: dead ? 'dead' : 'pending',
          attempts,
          next_attempt_at: next.toISOString(),
          last_error: message.slice(0, 500),
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
}

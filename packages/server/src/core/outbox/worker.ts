import { setMaxListeners } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../store/index.js';
import type { OutboxTable } from '../store/schema.js';
import type { Metrics } from '../metrics.js';
import type { Outbox, OutboxKind } from './index.js';
import { duePage } from './due-page.js';
import { DeliverySlots, type DueItem } from './slots.js';
import { insertAttempt, untilAborted } from './attempts.js';

/**
 * Delivers one item; throws to ask for a retry. `signal` aborts when the worker stops: a handler
 * should end at once (the worker stops waiting for it either way and gives the item back).
 */
export type Deliver = (
  item: { id: string; target: string; payload: unknown },
  signal?: AbortSignal,
) => Promise<void>;

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
  /** Deliveries in flight at once (default 50); a slot is refilled as soon as it frees. */
  slots?: number;
  /**
   * Deliveries in flight at once to one callback host, or through the SMS provider (default 4):
   * a receiver that never answers holds these slots, not everyone's.
   */
  slotsPerHost?: number;
  /**
   * Deliveries in flight at once for one customer (default a quarter of `slots`, at least one): a
   * customer whose receivers all hang holds these slots, and every other customer's items find one.
   */
  slotsPerCustomer?: number;
}

/** How long a claimed item is left to its worker before another may retry it. */
const leaseMs = 5 * 60 * 1000;
/**
 * Pages of due items one fill reads at most: a backlog of a host at its cap is passed over page by
 * page, and a fill stays short however long it is (the next one goes on from where it stopped).
 */
const pagesPerFill = 20;

export function retryDelayMs(
  attempts: number,
  baseMs: number,
  random: () => number = Math.random,
): number {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
  return Math.round(delay * (0.8 + 0.4 * random()));
}

/**
 * Sends due outbox items: one delivery per item while workers run normally, with exponential
 * backoff until the item's give-up time; at least once across crashes. Each item carries its id
 * (`X-Svc-Delivery` for callbacks) so receivers can drop duplicates.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private filling: Promise<void> | null = null;
  private again = false;
  private started = false;
  private stopping: AbortController;
  private readonly slots: DeliverySlots;
  /** Where the last fill stopped among the due items (undefined: at the start). */
  private place: DueItem | undefined;

  constructor(private readonly options: WorkerOptions) {
    const size = options.slots ?? 50;
    this.slots = new DeliverySlots({
      size,
      perHost: options.slotsPerHost ?? 4,
      perCustomer: options.slotsPerCustomer ?? Math.max(1, Math.floor(size / 4)),
    });
    this.stopping = this.newStopping();
    options.outbox.onNotify(() => this.kick());
  }

  /** One stop signal for every delivery in flight: each of them listens to it. */
  private newStopping(): AbortController {
    const controller = new AbortController();
    setMaxListeners(this.slots.size * 2, controller.signal);
    return controller;
  }

  start(): void {
    if (this.stopping.signal.aborted) this.stopping = this.newStopping();
    this.started = true;
    this.kick();
  }

  /**
   * Aborts the deliveries in flight and gives their items back (due at once, the attempt not
   * counted), so a stop fits the shutdown budget and a restart resumes without waiting out leases.
   */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.stopping.abort(new Error('outbox worker stopping'));
    await this.filling;
    await this.slots.settled();
  }

  /** Fills the free slots now (or right after the current fill). */
  kick(): void {
    if (!this.started) return;
    if (this.filling) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.filling = this.fill()
      .catch((err: unknown) => this.options.logger.error({ err }, 'outbox pass failed'))
      .finally(() => {
        this.filling = null;
        if (!this.started) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.options.pollMs ?? 500);
        }
      });
  }

  /** Fills the free slots and waits until those deliveries are over; for tests. */
  async pass(): Promise<void> {
    await this.fill();
    await this.slots.settled();
  }

  /**
   * Starts due items while slots are free, in (next attempt, id) order from where the last fill
   * stopped, starting over at the end: items of a host or a customer at its cap are passed over
   * (they keep their place, and pages leave them out), and however long one host's or customer's
   * backlog, every other item is reached.
   */
  private async fill(): Promise<void> {
    const { signal } = this.stopping;
    // A fill that starts mid-list goes on from the start once it reaches the end: an item passed
    // over earlier (its host or customer was full then) may be the one a freed slot is for.
    let wrapped = this.place === undefined;
    for (let pages = 0; pages < pagesPerFill && this.slots.free > 0 && !signal.aborted; pages++) {
      const now = this.options.clock.now().toISOString();
      const page = await duePage(
        this.options.db,
        { now, after: this.place, limit: this.slots.size },
        { targets: this.slots.fullTargets(), customers: this.slots.fullCustomers() },
      );
      for (const item of page) {
        if (this.slots.free === 0) return; // the place stays at the last item looked at
        if (this.slots.hasRoomFor(item)) this.launch(item, signal);
        this.place = item;
      }
      if (page.length < this.slots.size) {
        this.place = undefined;
        if (wrapped) return;
        wrapped = true;
      }
    }
  }

  /** Takes a slot for the item at once; when the delivery is over, the slot is refilled. */
  private launch(item: DueItem, signal: AbortSignal): void {
    const work = this.deliver(item, signal).catch((err: unknown) =>
      this.options.logger.error({ err, outbox: item.id }, 'outbox delivery not recorded'),
    );
    void this.slots.take(item, work).then(() => this.kick());
  }

  private async deliver(item: DueItem, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    const row = await this.claim(item);
    if (!row) return;
    const started = this.options.clock.now().getTime();
    try {
      const payload = JSON.parse(row.payload) as unknown;
      const handler = this.options.handlers[row.kind];
      await untilAborted(
        () => handler({ id: row.id, target: row.target, payload }, signal),
        signal,
      );
    } catch (err) {
      await (signal.aborted ? this.release(row) : this.recordFailure(row, err, started));
      return;
    }
    await this.recordDelivered(row, started);
  }

  /**
   * Takes an item for this worker: moves its next attempt a lease ahead, only if no other worker
   * (another instance) did so first. A worker that dies mid-delivery leaves the item to be
   * retried when the lease ends. Answers the row as claimed: its `next_attempt_at` is the lease.
   */
  private claim(item: DueItem): Promise<OutboxTable | undefined> {
    const lease = new Date(this.options.clock.now().getTime() + leaseMs).toISOString();
    return this.options.db
      .updateTable('outbox')
      .set({ next_attempt_at: lease })
      .where('id', '=', item.id)
      .where('state', '=', 'pending')
      .where('next_attempt_at', '=', item.next_attempt_at)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Writes an outcome only while this worker still holds its lease: once the lease ran out,
   * another worker may have claimed the item (and delivered it); a late outcome changes nothing.
   * An attempt's outcome is kept beside the item (the console's delivery log), in one transaction.
   */
  private async underLease(
    row: OutboxTable,
    values: Partial<Omit<OutboxTable, 'id'>>,
    attempt?: { started: number; error: string | null },
  ): Promise<boolean> {
    const now = this.options.clock.now();
    const updated = await this.options.db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('outbox')
        .set(values)
        .where('id', '=', row.id)
        .where('state', '=', 'pending')
        .where('next_attempt_at', '=', row.next_attempt_at)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      if (attempt) await insertAttempt(tx, row, attempt, now);
      return true;
    });
    if (updated) return true;
    this.options.logger.warn(
      { outbox: row.id, kind: row.kind },
      'outbox lease ran out during the delivery; its outcome is not recorded',
    );
    return false;
  }

  private async recordDelivered(row: OutboxTable, started: number): Promise<void> {
    const recorded = await this.underLease(
      row,
      {
        state: 'delivered',
        delivered_at: this.options.clock.now().toISOString(),
        attempts: row.attempts + 1,
        last_error: null,
      },
      { started, error: null },
    );
    if (!recorded) return;
    this.options.metrics?.outboxDeliveries.inc({ kind: row.kind, outcome: 'delivered' });
    if (row.kind === 'sms') this.options.metrics?.smsSent.inc();
  }

  private async recordFailure(row: OutboxTable, err: unknown, started: number): Promise<void> {
    const attempts = row.attempts + 1;
    const delay = retryDelayMs(attempts, this.options.retryBaseMs);
    const next = new Date(this.options.clock.now().getTime() + delay).toISOString();
    const dead = next > row.give_up_at;
    const message = err instanceof Error ? err.message : String(err);
    this.options.logger.warn(
      { outbox: row.id, kind: row.kind, attempts, dead },
      `outbox delivery failed: ${message}`,
    );
    const error = message.slice(0, 500);
    const recorded = await this.underLease(
      row,
      { state: dead ? 'dead' : 'pending', attempts, next_attempt_at: next, last_error: error },
      { started, error },
    );
    if (!recorded) return;
    this.options.metrics?.backgroundFailures.inc({ loop: `outbox-${row.kind}` });
    this.options.metrics?.outboxDeliveries.inc({
      kind: row.kind,
      outcome: dead ? 'dead' : 'retry',
    });
  }

  /** Gives an item back when stopping: due at once, the interrupted attempt not counted. */
  private async release(row: OutboxTable): Promise<void> {
    await this.underLease(row, { next_attempt_at: this.options.clock.now().toISOString() });
  }
}

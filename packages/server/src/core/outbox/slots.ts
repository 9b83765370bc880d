import type { OutboxTable } from '../store/schema.js';

/** What a worker knows of an item before claiming it. */
export type DueItem = Pick<
  OutboxTable,
  'id' | 'kind' | 'target' | 'customer_id' | 'next_attempt_at'
>;

interface Flight {
  host: string;
  customer: string | null;
  target: string;
  done: Promise<void>;
}

/** The caps of a worker's deliveries in flight. */
export interface SlotCaps {
  /** In all. */
  size: number;
  /** To one host (callbacks), or through the SMS provider. */
  perHost: number;
  /** For one customer; items of no customer count as one customer's. */
  perCustomer: number;
}

/** What the per-host cap counts: a callback's host (with its port); SMS share one provider. */
function hostKey(item: Pick<OutboxTable, 'kind' | 'target'>): string {
  if (item.kind === 'sms') return 'sms';
  try {
    return new URL(item.target).host;
  } catch {
    return item.target;
  }
}

/**
 * A worker's deliveries in flight: at most `size` at once, `perHost` to one host and
 * `perCustomer` for one customer, so a receiver that never answers holds its host's slots, and
 * a customer whose receivers all hang holds its share of the slots, not everyone's.
 */
export class DeliverySlots {
  private readonly flights = new Map<string, Flight>();
  readonly size: number;

  constructor(private readonly caps: SlotCaps) {
    this.size = caps.size;
  }

  get free(): number {
    return this.size - this.flights.size;
  }

  /** A free slot, the item's host and customer under their caps, and not in flight here already. */
  hasRoomFor(item: DueItem): boolean {
    return (
      this.free > 0 &&
      !this.flights.has(item.id) &&
      !this.hostIsFull(hostKey(item)) &&
      !this.customerIsFull(item.customer_id)
    );
  }

  /** Holds a slot for the item until `work` settles; answers once the slot is free again. */
  take(item: DueItem, work: Promise<void>): Promise<void> {
    const done = work.finally(() => this.flights.delete(item.id));
    const flight = { host: hostKey(item), customer: item.customer_id, target: item.target, done };
    this.flights.set(item.id, flight);
    return done;
  }

  /** The targets of hosts at their cap: a scan for due items can leave them out. */
  fullTargets(): string[] {
    const flights = [...this.flights.values()];
    return [...new Set(flights.filter((f) => this.hostIsFull(f.host)).map((f) => f.target))];
  }

  /** The customers at their cap (null: the items of no customer), whose items a scan can leave out. */
  fullCustomers(): (string | null)[] {
    const customers = new Set([...this.flights.values()].map((f) => f.customer));
    return [...customers].filter((c) => this.customerIsFull(c));
  }

  /** Resolves once every delivery now in flight is over. */
  async settled(): Promise<void> {
    await Promise.all([...this.flights.values()].map((f) => f.done));
  }

  private hostIsFull(host: string): boolean {
    return this.count((f) => f.host === host) >= this.caps.perHost;
  }

  private customerIsFull(customer: string | null): boolean {
    return this.count((f) => f.customer === customer) >= this.caps.perCustomer;
  }

  private count(matches: (flight: Flight) => boolean): number {
    let count = 0;
    for (const flight of this.flights.values()) if (matches(flight)) count += 1;
    return count;
  }
}

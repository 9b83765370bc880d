import type { OutboxTable } from '../store/schema.js';

/** What a worker knows of an item before claiming it. */
export type DueItem = Pick<OutboxTable, 'id' | 'kind' | 'target' | 'next_attempt_at'>;

interface Flight {
  host: string;
  target: string;
  done: Promise<void>;
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
 * A worker's deliveries in flight: at most `size` at once and `perHost` to one host, so a
 * receiver that never answers holds its host's slots, not everyone's.
 */
export class DeliverySlots {
  private readonly flights = new Map<string, Flight>();

  constructor(
    readonly size: number,
    private readonly perHost: number,
  ) {}

  get free(): number {
    return this.size - this.flights.size;
  }

  /** A free slot, the item's host under its cap, and the item not in flight here already. */
  hasRoomFor(item: DueItem): boolean {
    return this.free > 0 && !this.flights.has(item.id) && !this.hostIsFull(hostKey(item));
  }

  /** Holds a slot for the item until `work` settles; answers once the slot is free again. */
  take(item: DueItem, work: Promise<void>): Promise<void> {
    const done = work.finally(() => this.flights.delete(item.id));
    this.flights.set(item.id, { host: hostKey(item), target: item.target, done });
    return done;
  }

  /** The targets of hosts at their cap: a scan for due items can leave them out. */
  fullTargets(): string[] {
    const flights = [...this.flights.values()];
    return [...new Set(flights.filter((f) => this.hostIsFull(f.host)).map((f) => f.target))];
  }

  /** Resolves once every delivery now in flight is over. */
  async settled(): Promise<void> {
    await Promise.all([...this.flights.values()].map((f) => f.done));
  }

  private hostIsFull(host: string): boolean {
    let count = 0;
    for (const flight of this.flights.values()) if (flight.host === host) count += 1;
    return count >= this.perHost;
  }
}

import type { Clock } from './clock.js';

/**
 * Fixed-window counters of this process, on the injected clock (the SMS budget counts per clock
 * hour). Keys of past windows are dropped when the map grows, so a flood of distinct keys cannot
 * grow it without bound.
 */
export class Counters {
  private readonly counts = new Map<string, { window: number; n: number }>();
  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
  ) {}

  private window(): number {
    return Math.floor(this.clock.ms() / this.windowMs);
  }

  count(key: string): number {
    const entry = this.counts.get(key);
    return entry?.window === this.window() ? entry.n : 0;
  }

  add(key: string): number {
    const window = this.window();
    const entry = this.counts.get(key);
    if (entry?.window === window) return ++entry.n;
    if (this.counts.size >= 100_000) this.prune(window);
    this.counts.set(key, { window, n: 1 });
    return 1;
  }

  /** Seconds until the current window ends: when a refused caller may come back. */
  retryAfter(): number {
    const end = (this.window() + 1) * this.windowMs;
    return Math.max(1, Math.ceil((end - this.clock.ms()) / 1000));
  }

  private prune(window: number): void {
    for (const [key, entry] of this.counts) if (entry.window !== window) this.counts.delete(key);
  }
}

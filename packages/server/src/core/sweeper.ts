import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';
import type { Metrics } from './metrics.js';

/** One background loop over due rows (expiry of svcfications, of FIDO links, …). */
export interface Sweep<Row> {
  name: string;
  /** Due rows, oldest first, at most `limit`. */
  due(limit: number): Promise<Row[]>;
  key(row: Row): string;
  /** Handles one row; a throw parks that row only. */
  run(row: Row): Promise<void>;
}

const batch = 200;
const firstParkMs = 5_000;
const longestParkMs = 60 * 60 * 1000;
/** Parked rows kept in memory at most; beyond it the oldest parking is forgotten (retried). */
const maxParked = 1_000;

/**
 * Runs sweeps row by row: a row that fails is logged, counted in /metrics and parked (skipped for
 * 5 s, doubling to an hour), and never stops the rows of other customers. Parking lives in memory:
 * a restart retries every row once.
 */
export class Sweeper {
  private readonly parked = new Map<string, { until: number; failures: number }>();

  constructor(
    private readonly deps: {
      clock: Clock;
      metrics: Pick<Metrics, 'backgroundFailures'>;
      logger: Pick<FastifyBaseLogger, 'error'>;
    },
  ) {}

  /** One pass of a sweep; answers how many rows it handled. */
  async pass<Row>(sweep: Sweep<Row>): Promise<number> {
    const now = this.deps.clock.now().getTime();
    const rows = await sweep.due(batch + this.parked.size);
    let handled = 0;
    for (const row of rows) {
      const key = `${sweep.name}:${sweep.key(row)}`;
      const parking = this.parked.get(key);
      if (parking && parking.until > now) continue;
      if (handled === batch) break;
      handled += 1;
      try {
        await sweep.run(row);
        this.parked.delete(key);
      } catch (err) {
        this.park(key, parking?.failures ?? 0, now);
        this.deps.metrics.backgroundFailures.inc({ loop: sweep.name });
        this.deps.logger.error({ err, loop: sweep.name, row: sweep.key(row) }, 'row parked');
      }
    }
    return handled;
  }

  private park(key: string, failures: number, now: number): void {
    const wait = Math.min(firstParkMs * 2 ** failures, longestParkMs);
    this.parked.delete(key);
    this.parked.set(key, { until: now + wait, failures: failures + 1 });
    if (this.parked.size > maxParked) this.parked.delete(this.parked.keys().next().value ?? '');
  }
}

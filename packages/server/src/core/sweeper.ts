import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.js';
import type { Metrics } from './metrics.js';

/** A place among due rows, which a sweep reads in (expires_at, id) order. */
export interface SweepCursor {
  expires_at: string;
  id: string;
}

/** One background loop over due rows (expiry of svcfications, of FIDO links, …). */
export interface Sweep<Row extends SweepCursor> {
  name: string;
  /** Due rows after `after`, in (expires_at, id) order, at most `limit`. */
  due(limit: number, after: SweepCursor): Promise<Row[]>;
  /** Handles one row; a throw parks that row only. */
  run(row: Row): Promise<void>;
}

/** Rows run per pass at most. */
const batch = 200;
/** Pages of due rows read per pass at most, parked ones included: a pass stays short. */
const pagesPerPass = 5;
/** Before every due row. */
const start: SweepCursor = { expires_at: '', id: '' };
const firstParkMs = 5_000;
const longestParkMs = 60 * 60 * 1000;
/**
 * Parked rows kept in memory at most (a key and two numbers each, some 20 MB in all); beyond it the
 * row that failed longest ago is forgotten and its back-off starts over. Far more rows than the
 * sweeps fail on, so that churn among failing rows never shortens their back-off.
 */
const maxParked = 100_000;

/**
 * Runs sweeps row by row: a row that fails is logged, counted in /metrics and parked (skipped for
 * 5 s, doubling to an hour). Each sweep walks its due rows in a stable order from where its last
 * pass stopped, starting over at the end, and parked rows cost no part of a pass's budget: however
 * many rows of one customer fail, every other due row is reached. Parking and places live in
 * memory: a restart retries every row once.
 */
export class Sweeper {
  private readonly parked = new Map<string, { until: number; failures: number }>();
  private readonly places = new Map<string, SweepCursor>();

  constructor(
    private readonly deps: {
      clock: Clock;
      metrics: Pick<Metrics, 'backgroundFailures'>;
      logger: Pick<FastifyBaseLogger, 'error'>;
    },
  ) {}

  /** One pass of a sweep; answers how many rows it ran. */
  async pass<Row extends SweepCursor>(sweep: Sweep<Row>): Promise<number> {
    const now = this.deps.clock.now().getTime();
    let handled = 0;
    for (let page = 0; page < pagesPerPass; page += 1) {
      const rows = await this.due(sweep);
      for (const row of rows) {
        if (handled === batch) return handled;
        this.places.set(sweep.name, { expires_at: row.expires_at, id: row.id });
        const key = `${sweep.name}:${row.id}`;
        if ((this.parked.get(key)?.until ?? 0) > now) continue;
        handled += 1;
        await this.run(sweep, row, key, now);
      }
      if (rows.length < batch) {
        this.places.delete(sweep.name); // the end: the next pass starts over
        break;
      }
    }
    return handled;
  }

  /**
   * The next page of a sweep's due rows. A failed read is logged and counted, and answers none:
   * the pass ends and the next one starts over.
   */
  private async due<Row extends SweepCursor>(sweep: Sweep<Row>): Promise<Row[]> {
    try {
      return await sweep.due(batch, this.places.get(sweep.name) ?? start);
    } catch (err) {
      this.deps.metrics.backgroundFailures.inc({ loop: sweep.name });
      this.deps.logger.error({ err, loop: sweep.name }, 'sweep failed');
      return [];
    }
  }

  private async run<Row extends SweepCursor>(
    sweep: Sweep<Row>,
    row: Row,
    key: string,
    now: number,
  ): Promise<void> {
    try {
      await sweep.run(row);
      this.parked.delete(key);
    } catch (err) {
      this.park(key, now);
      this.deps.metrics.backgroundFailures.inc({ loop: sweep.name });
      this.deps.logger.error({ err, loop: sweep.name, row: row.id }, 'row parked');
    }
  }

  private park(key: string, now: number): void {
    const failures = this.parked.get(key)?.failures ?? 0;
    const wait = Math.min(firstParkMs * 2 ** failures, longestParkMs);
    this.parked.delete(key);
    this.parked.set(key, { until: now + wait, failures: failures + 1 });
    if (this.parked.size > maxParked) this.parked.delete(this.parked.keys().next().value ?? '');
  }
}

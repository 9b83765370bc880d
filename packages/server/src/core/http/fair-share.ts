import { performance as perf } from 'node:perf_hooks';
import fastifyPlugin from 'fastify-plugin';
import { Counter, Gauge, type Registry } from 'prom-client';

/** A party's share: tokens refilled at `perMs` a millisecond, up to a burst of two milliseconds. */
interface Bucket {
  tokens: number;
  at: number;
}

/** Answers one party may have waiting; beyond it an answer goes out at once (and closes). */
const maxWaiting = 1024;

/**
 * Fair share under contention. One event loop serves every customer, so a customer that floods
 * it makes everyone else wait behind its requests. While another customer has been served within
 * `contentionMs`, each party's answers leave at `perMs` a millisecond (a token bucket); the rest
 * wait, in order. A flooding client's connections then stay quiet while they wait (a client sends
 * its next request once answered), so its requests come in small groups that others' requests
 * are served between. Parties are customers, which contend, and client addresses (refusals of
 * unauthenticated requests), which are paced at a fifth of that while any customer is served but
 * never make a customer wait. A customer alone is never paced. Time is `now()` in milliseconds (monotonic).
 *
 * `perMs` is a ceiling: while customers contend, the share follows how busy the event loop was
 * over each 100 ms (`adapt`). A loop busy all the time makes everyone's request wait behind a
 * whole turn of the flood's, whatever the share: on a machine that serves fewer answers a second
 * than the ceiling, a fixed share would never pace anyone.
 */
export class FairShare {
  /** Customers by when they were last served. */
  private readonly customers = new Map<string, number>();
  /** Answers each customer asked for since the share last adapted, and over the period before. */
  private asked = new Map<string, number>();
  private askedBefore = new Map<string, number>();
  /** What the second-busiest customer asked for over the period before. */
  private secondBefore = 0;
  private readonly buckets = new Map<string, Bucket>();
  private readonly waiting = new Map<string, (() => void)[]>();
  private pruned = 0;
  /** The share now: `perMs` unless the loop was busy while customers contended. */
  private share: number;
  private readonly utilization: () => number;
  private timer: NodeJS.Timeout | null = null;
  private closing = false;
  /** Answers that had to wait (`svc_fair_share_paced_total`). */
  paced = 0;

  constructor(
    private readonly perMs: number,
    private readonly options: {
      contentionMs?: number;
      now?: () => number;
      /** A send that threw (it ran from the timer, where nobody else would see it). */
      onError?: (err: unknown) => void;
      /** The event loop's utilization (0–1) since the last call; default: measured. */
      utilization?: () => number;
    } = {},
  ) {
    this.share = perMs;
    this.utilization = options.utilization ?? loopUtilization();
  }

  /** The share of each customer now, per millisecond (`svc_fair_share_per_second`). */
  get perMsNow(): number {
    return this.share;
  }

  private now(): number {
    return this.options.now?.() ?? perf.now();
  }

  /**
   * Calls `send` now, or once the party's share allows it. False when the party already has
   * `maxWaiting` answers waiting: the caller sends at once and should end the connection.
   */
  answer(party: string, contender: boolean, send: () => void): boolean {
    const now = this.now();
    if (contender) {
      this.customers.set(party, now);
      this.asked.set(party, (this.asked.get(party) ?? 0) + 1);
    }
    this.prune(now);
    const queue = this.waiting.get(party);
    if (!queue) {
      if (this.closing || !this.contended(party) || this.quiet(party) || this.take(party, now))
        send();
      else this.hold(party, [send]);
      return true;
    }
    if (queue.length >= maxWaiting) return false;
    this.hold(party, queue, send);
    return true;
  }

  /** Sends what each waiting party's share allows now; everything once it is not contended. */
  release(): void {
    const now = this.now();
    this.prune(now);
    const due: (() => void)[] = [];
    for (const [party, queue] of this.waiting) {
      const paced = !this.closing && this.contended(party) && !this.quiet(party);
      while (queue.length > 0 && (!paced || this.take(party, now)))
        due.push(queue.shift() as () => void);
      if (queue.length === 0) this.waiting.delete(party);
    }
    // The next turn is set before sending: nothing a send does can leave others waiting.
    this.timer = this.waiting.size > 0 ? setTimeout(() => this.release(), 1) : null;
    for (const send of due)
      try {
        send();
      } catch (err) {
        this.options.onError?.(err);
      }
  }

  /** Sends everything waiting and paces nothing from now on (the server is closing). */
  drain(): void {
    this.closing = true;
    this.release();
  }

  /** Whether `drain()` was called. */
  get draining(): boolean {
    return this.closing;
  }

  private hold(party: string, queue: (() => void)[], send?: () => void): void {
    if (send) queue.push(send);
    this.waiting.set(party, queue);
    this.paced += 1;
    this.timer ??= setTimeout(() => this.release(), 1);
  }

  /** Whether another customer than `party` was served within `contentionMs`. */
  private contended(party: string): boolean {
    return this.customers.size - (this.customers.has(party) ? 1 : 0) > 0;
  }

  private take(party: string, now: number): boolean {
    // Refusals are no service: an address gets a fifth of a customer's share.
    const perMs = this.customers.has(party) ? this.share : this.share / 5;
    const burst = Math.max(1, 2 * perMs);
    const bucket = this.buckets.get(party) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    this.buckets.set(party, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /**
   * While customers contend, a loop busy over 90 % of the last period cuts the share by a quarter
   * (down to a twentieth of `perMs`), and one busy under 80 % raises it by a tenth (up to `perMs`):
   * the flooding customer is paced until others' requests find the loop free again.
   */
  private adapt(): void {
    const busy = this.utilization();
    [, this.secondBefore = 0] = [...this.asked.values()].sort((a, b) => b - a);
    this.askedBefore = this.asked;
    this.asked = new Map();
    if (this.customers.size < 2) this.share = this.perMs;
    else if (busy > 0.9) this.share = Math.max(this.perMs / 20, this.share * 0.75);
    else if (busy < 0.8) this.share = Math.min(this.perMs, this.share * 1.1);
  }

  /**
   * Whether a customer served over the last period asked for no more than a quarter over what the
   * second-busiest one asked for, then and so far in this one: only the customer asking most is
   * paced (two that ask alike are served alike already), and a flood is paced within its first
   * period. Newcomers and addresses are paced as before.
   */
  private quiet(party: string): boolean {
    const before = this.askedBefore.get(party);
    const most = 1.25 * this.secondBefore;
    return before !== undefined && before <= most && (this.asked.get(party) ?? 0) <= most;
  }

  /** Forgets parties not served within `contentionMs`, and adapts the share (every 100 ms at most). */
  private prune(now: number): void {
    if (now - this.pruned < 100) return;
    this.pruned = now;
    this.adapt();
    const since = now - (this.options.contentionMs ?? 1000);
    for (const [party, seen] of this.customers)
      if (seen < since && !this.waiting.has(party)) this.customers.delete(party);
    for (const [party, bucket] of this.buckets)
      if (bucket.at < since && !this.waiting.has(party)) this.buckets.delete(party);
  }
}

/** The event loop's utilization since the previous call. */
function loopUtilization(): () => number {
  let last = perf.eventLoopUtilization();
  return () => {
    const now = perf.eventLoopUtilization();
    const { utilization } = perf.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}

export interface FairShareOptions {
  /** Answers a second one customer gets while others are served too; 0 turns the share off. */
  perSecond: number;
  registry: Registry;
}

/**
 * The fair share as a plugin, registered after every other onSend hook (core/http/index.ts).
 *
 * What a client observes: while another customer is being served, a customer's answers leave at
 * most `perSecond` a second (less while the event loop is saturated), in the order they were
 * ready, the rest a few milliseconds later; a customer served alone is never slowed. Refusals of
 * unauthenticated requests are paced by client address at a fifth of that. Pages, documents and
 * probes are never paced. More than 1024 answers waiting for one party: the next goes out at once
 * with `Connection: close`. Answers held while the server closes go out with `Connection: close`.
 * `/metrics` counts the paced answers (`svc_fair_share_paced_total`) and shows the current share
 * (`svc_fair_share_per_second`).
 */
export const fairShare = fastifyPlugin<FairShareOptions>(
  async (app, { perSecond, registry }) => {
    if (perSecond === 0) return;
    const share = new FairShare(perSecond / 1000, {
      onError: (err) => app.log.error({ err }, 'a paced answer failed'),
    });
    new Counter({
      name: 'svc_fair_share_paced_total',
      help: "answers that waited for their customer's (or address's) share while others were served",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(share.paced);
      },
    });
    new Gauge({
      name: 'svc_fair_share_per_second',
      help: "each customer's share of answers a second while customers contend (falls while the event loop is busy)",
      registers: [registry],
      collect() {
        this.set(share.perMsNow * 1000);
      },
    });
    // Closing: what waits goes out now, with the connection's end (see app.ts).
    app.addHook('preClose', async () => share.drain());
    app.addHook('onSend', (request, reply, payload, done) => {
      // A customer's answers by customer; refusals of unauthenticated requests (bad credentials,
      // bad input, unknown paths) by client address.
      const customer = request.caller?.customerId;
      const party = customer ?? (reply.statusCode >= 400 ? `address:${request.ip}` : null);
      if (!party) return done(null, payload);
      const send = () => {
        // Held past the start of closing: the hook that ends connections then has already run.
        if (share.draining) void reply.header('connection', 'close');
        done(null, payload);
      };
      if (share.answer(party, customer !== undefined, send)) return;
      // Too many answers waiting for one party (a client pipelining requests): this one goes
      // out now and ends its connection.
      void reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'svc-fair-share', fastify: '5.x' },
);

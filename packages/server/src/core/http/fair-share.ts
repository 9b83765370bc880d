import type { FastifyInstance } from 'fastify';
import { Counter, type Registry } from 'prom-client';

/**
 * Fair share under contention. One event loop serves every customer, so a customer that floods
 * it makes everyone else wait behind its requests. While more than one customer has been served
 * within `contentionMs`, each customer's answers leave at most `perMs` per millisecond; the rest
 * wait, in order, for the next millisecond. A flooding client's connections then stay quiet
 * while they wait (HTTP/1.1 sends one request at a time per connection), so its next requests
 * come in small groups that others' requests are served between. A customer alone is never
 * paced. Time is `now()` in milliseconds (monotonic).
 */
export class FairShare {
  private readonly lastSeen = new Map<string, number>();
  private readonly sent = new Map<string, { ms: number; n: number }>();
  private readonly waiting = new Map<string, (() => void)[]>();
  private pruned = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Answers that had to wait (`svc_fair_share_paced_total`). */
  paced = 0;

  constructor(
    private readonly perMs: number,
    private readonly contentionMs = 1000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Calls `send` now, or once the customer's share allows it. */
  answer(customer: string, send: () => void): void {
    const now = this.now();
    this.lastSeen.set(customer, now);
    this.prune(now);
    const queue = this.waiting.get(customer);
    if (!queue && (this.lastSeen.size < 2 || this.take(customer, Math.floor(now)))) return send();
    this.paced += 1;
    if (queue) queue.push(send);
    else this.waiting.set(customer, [send]);
    this.timer ??= setTimeout(() => this.release(), 1);
  }

  /** Sends what each waiting customer's share allows this millisecond. */
  release(): void {
    const ms = Math.floor(this.now());
    const due: (() => void)[] = [];
    for (const [customer, queue] of this.waiting) {
      while (queue.length > 0 && this.take(customer, ms)) due.push(queue.shift() as () => void);
      if (queue.length === 0) this.waiting.delete(customer);
    }
    // The next turn is set before sending: nothing a send does can leave others waiting.
    this.timer = this.waiting.size > 0 ? setTimeout(() => this.release(), 1) : null;
    for (const send of due) send();
  }

  private take(customer: string, ms: number): boolean {
    const entry = this.sent.get(customer);
    if (entry?.ms !== ms) {
      this.sent.set(customer, { ms, n: 1 });
      return true;
    }
    if (entry.n >= this.perMs) return false;
    entry.n += 1;
    return true;
  }

  /** Forgets customers not served within `contentionMs` (every 100 ms at most). */
  private prune(now: number): void {
    if (now - this.pruned < 100) return;
    this.pruned = now;
    for (const [customer, seen] of this.lastSeen)
      if (now - seen > this.contentionMs && !this.waiting.has(customer)) {
        this.lastSeen.delete(customer);
        this.sent.delete(customer);
      }
  }
}

/** Paces answers per customer (`perSecond`, 0: off); after every other onSend hook. */
export function registerFairShare(
  app: FastifyInstance,
  perSecond: number,
  registry: Registry,
): void {
  if (perSecond === 0) return;
  const share = new FairShare(Math.max(1, Math.round(perSecond / 1000)));
  new Counter({
    name: 'svc_fair_share_paced_total',
    help: "answers that waited for their customer's (or address's) share while others were served",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(share.paced);
    },
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // A customer's answers by customer; refusals of unauthenticated requests (bad credentials,
    // bad input, unknown paths) by client address. Pages, documents and probes are not paced.
    const party =
      request.caller?.customerId ?? (reply.statusCode >= 400 ? `address:${request.ip}` : null);
    if (!party) return done(null, payload);
    share.answer(party, () => done(null, payload));
  });
}

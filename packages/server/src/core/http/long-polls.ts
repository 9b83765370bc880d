import type { FastifyReply, FastifyRequest } from 'fastify';
import { rateLimited } from '../errors.js';
import { clientOf } from './rate-limit.js';
import { httpCoreOf } from './types.js';

/** Long polls held at once, at most, per client address and per customer (0: no cap). */
export interface LongPollCaps {
  perAddress: number;
  perCustomer: number;
}

/** Long polls in flight in this process, by client address and by customer. */
export class LongPolls {
  private readonly held = new Map<string, number>();

  constructor(readonly caps: LongPollCaps) {}

  /** Takes a place for each key under its cap, or none and false when one is full. */
  take(keys: readonly [string, number][]): boolean {
    if (keys.some(([key, cap]) => cap > 0 && (this.held.get(key) ?? 0) >= cap)) return false;
    for (const [key] of keys) this.held.set(key, (this.held.get(key) ?? 0) + 1);
    return true;
  }

  release(keys: readonly [string, number][]): void {
    for (const [key] of keys) {
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    }
  }
}

/** Retry-After of a refused long poll: a held one ends within its 30 s at most. */
const retryAfterSeconds = 5;

/**
 * The step of a route that may hold its answer (a long poll): beyond the caps per client address
 * and per customer it is refused (429), so one client cannot hold thousands of waiters. Its place
 * is given back when the answer is sent or the client goes away; the use case, given
 * `request.signal`, stops waiting at once when the client disconnects.
 */
export async function holdsLongPoll(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const polls = httpCoreOf(request).longPolls;
  const keys: [string, number][] = [[`ip:${clientOf(request.ip)}`, polls.caps.perAddress]];
  const customerId = request.caller?.customerId;
  if (customerId) keys.push([`customer:${customerId}`, polls.caps.perCustomer]);
  if (!polls.take(keys)) throw rateLimited(retryAfterSeconds, 'Too many long polls held at once.');
  reply.raw.once('close', () => polls.release(keys));
}

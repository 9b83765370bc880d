import type { Resolve } from './callback-url.js';
import { guardedPost } from './guarded-fetch.js';
import type { Deliver } from './worker.js';

/**
 * POSTs a callback body as JSON with its delivery id. Any non-2xx answer, a timeout or a network
 * error is a failure the worker retries; an abort by the worker (it is stopping) ends it at once.
 * Only addresses a callback may reach are connected to (guarded-fetch.ts).
 */
export function callbackDeliverer(options: {
  allowInsecure: boolean;
  timeoutMs?: number;
  /** The DNS lookup; the system's by default. */
  resolve?: Resolve;
}): Deliver {
  const post = guardedPost(options);
  return async ({ id, target, payload }, signal) => {
    const status = await post(target, {
      headers: {
        'content-type': 'application/json',
        'x-svc-delivery': id,
        'user-agent': 'svc-callbacks/1',
      },
      body: JSON.stringify(payload),
      signal,
    });
    if (status < 200 || status >= 300) throw new Error(`receiver answered ${status}`);
  };
}

import { resolvesPublicly } from './callback-url.js';
import type { Deliver } from './worker.js';

/**
 * POSTs a callback body as JSON with its delivery id. Any non-2xx answer, a timeout or a network
 * error is a failure the worker retries. Redirects are not followed.
 */
export function callbackDeliverer(options: {
  allowInsecure: boolean;
  timeoutMs?: number;
}): Deliver {
  return async ({ id, target, payload }) => {
    if (!options.allowInsecure && !(await resolvesPublicly(target)))
      throw new Error('callback host resolves to a private address');
    const response = await fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-svc-delivery': id,
        'user-agent': 'svc-callbacks/1',
      },
      body: JSON.stringify(payload),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await response.body?.cancel();
    if (response.status < 200 || response.status >= 300)
      throw new Error(`receiver answered ${response.status}`);
  };
}

import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, fetch } from 'undici';
import { allowedAddresses, hostOf, systemResolve, type Resolve } from './callback-url.js';

/** A POST to an address someone else gave (a callback URL, a Web Push endpoint). */
export type GuardedPost = (
  url: string,
  request: { headers: Record<string, string>; body: string | Uint8Array; signal?: AbortSignal },
) => Promise<number>;

/**
 * POSTs and answers the status, the body unread. A timeout or a network error throws; redirects
 * are not followed. The connection looks its host up itself and reaches only addresses that
 * lookup allowed, so a name cannot answer a public address to a check and a private one to the
 * connection (DNS rebinding). undici's own fetch, so that its Agent is certainly understood.
 */
export function guardedPost(options: {
  allowInsecure: boolean;
  timeoutMs?: number;
  /** The DNS lookup; the system's by default. */
  resolve?: Resolve;
}): GuardedPost {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const allowed = (host: string) =>
    allowedAddresses(host, {
      resolve: options.resolve ?? systemResolve,
      allowInsecure: options.allowInsecure,
    });
  // The connect timeout bounds the lookup too: a stuck DNS server cannot hold a delivery longer.
  const dispatcher = new Agent({ connect: { lookup: connectLookup(allowed), timeout: timeoutMs } });
  return async (url, { headers, body, signal }) => {
    const host = hostOf(new URL(url));
    // A connection to an address literal skips the lookup: judge the literal here.
    if (isIP(host)) await allowed(host);
    const timeout = AbortSignal.timeout(timeoutMs);
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      dispatcher,
    }).catch(rethrowCause);
    await response.body?.cancel();
    return response.status;
  };
}

/** A connection's DNS lookup (`net.connect`'s `lookup`) that answers only allowed addresses. */
function connectLookup(allowed: (host: string) => Promise<LookupAddress[]>): LookupFunction {
  return (hostname, options, callback) => {
    allowed(hostname).then(
      (addresses) => {
        const [first] = addresses;
        if (options.all || !first) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

/** fetch reports every network failure as "fetch failed"; its cause says which (a refusal). */
function rethrowCause(err: unknown): never {
  throw err instanceof TypeError && err.cause instanceof Error ? err.cause : err;
}

import type { Credentials } from '@svc/sdk';
import { Pool } from 'undici';
import { dueMs, pacedCount, summarize, type BenchResult, type LoadOptions } from './run.js';
import { signingGets } from './signed-get.js';

export type PacedOptions = Omit<LoadOptions, 'freshHeaders'> & {
  rate: number;
  /** The loopback address to send from (127.0.0.0/8): another client address than the load's. */
  localAddress?: string;
  /** Signs each GET with these HMAC credentials (Date and signature remade once a second). */
  signedBy?: Credentials;
};

/**
 * The request headers at this moment: the load's own, plus a fresh signature when it is signed,
 * merged once per signature (once a second), not per request.
 */
function headersNow(options: PacedOptions, path: string): () => Record<string, string> {
  const fixed = options.headers ?? {};
  if (!options.signedBy) return () => fixed;
  const signed = signingGets(options.signedBy, path);
  let last = signed();
  let merged = { ...fixed, ...last };
  return () => {
    const now = signed();
    if (now !== last) [last, merged] = [now, { ...fixed, ...now }];
    return merged;
  };
}

/**
 * Requests at a steady `rate` over keep-alive connections (undici's pool: `node:http`'s client
 * spent 60–80 µs of CPU a request and fell behind at 14,000 a second), each latency
 * measured in microseconds from the moment it was sent (a request that waits for a free connection
 * counts that wait). The rate rises over the first seconds (`warmUpSeconds`), which are not counted.
 */
export async function pacedLoad(options: PacedOptions): Promise<BenchResult> {
  const { connections, localAddress } = options;
  const url = new URL(options.url);
  const pool = new Pool(url.origin, { connections, ...(localAddress ? { localAddress } : {}) });
  const path = url.pathname + url.search;
  const headers = headersNow(options, path);
  const method = options.method ?? 'GET';
  const latencies: number[] = [];
  let errors = 0;
  const send = async (from: number, counted: boolean) => {
    try {
      const answer = await pool.request({ path, method, headers: headers(), body: options.body });
      await answer.body.dump();
      if (!counted) return;
      if (answer.statusCode !== 200) errors += 1;
      latencies.push(performance.now() - from);
    } catch {
      errors += 1;
    }
  };
  const start = performance.now();
  const { warmUp, total } = pacedCount(options.rate, options.seconds);
  const sent: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + dueMs(i, options.rate);
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // Timed from the call: this process's own timer lateness is not the server's, while a wait
    // for a free connection (all busy with slow answers) still counts.
    sent.push(send(performance.now(), i >= warmUp));
  }
  await Promise.all(sent);
  await pool.destroy();
  return summarize(options.name, latencies, options.seconds, errors);
}

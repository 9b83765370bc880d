import { Agent, request } from 'node:http';
import type { Credentials } from '@svc/sdk';
import { pacedFinishes, type FinishesRequest } from './fido-finish.js';
import { roundTrips, type RoundTripRows, type TripsRequest } from './round-trip.js';
import {
  dueMs,
  pacedCount,
  summarize,
  warmUpSeconds,
  type BenchResult,
  type LoadOptions,
} from './run.js';
import { signingGets } from './signed-get.js';

export type PacedOptions = Omit<LoadOptions, 'freshHeaders'> & {
  rate: number;
  /** The loopback address to send from (127.0.0.0/8): another client address than the load's. */
  localAddress?: string;
  /** Signs each GET with these HMAC credentials (Date and signature remade once a second). */
  signedBy?: Credentials;
};

/** The request headers at this moment: the load's own, plus a fresh signature when it is signed. */
function headersNow(options: PacedOptions, path: string): () => Record<string, string> {
  const fixed = options.headers ?? {};
  if (!options.signedBy) return () => fixed;
  const signed = signingGets(options.signedBy, path);
  return () => ({ ...fixed, ...signed() });
}

/**
 * Requests at a steady `rate` over keep-alive connections, each latency measured in microseconds
 * from the moment it was sent (a request that waits for a free connection counts that wait). The
 * rate rises over the first seconds (`warmUpSeconds`), which are not counted.
 */
async function pacedLoad(options: PacedOptions): Promise<BenchResult> {
  const { connections: maxSockets, localAddress } = options;
  const agent = new Agent({
    keepAlive: true,
    maxSockets,
    ...(localAddress ? { localAddress } : {}),
  });
  const url = new URL(options.url);
  const headers = headersNow(options, url.pathname + url.search);
  const latencies: number[] = [];
  let errors = 0;
  const send = (from: number, counted: boolean) =>
    new Promise<void>((resolve) => {
      const req = request(url, { method: options.method, headers: headers(), agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (!counted) return resolve();
          if (res.statusCode !== 200) errors += 1;
          latencies.push(performance.now() - from);
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(options.body);
    });
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
  agent.destroy();
  return summarize(options.name, latencies, options.seconds, errors);
}

/** What `apart()` asks this process to run. */
export type ApartRequest =
  { paced: PacedOptions } | { trips: TripsRequest } | { finishes: FinishesRequest };

/** The round trips, after `warmUpSeconds` of the same by other users and devices, not counted. */
async function warmTrips(request: TripsRequest): Promise<RoundTripRows> {
  const { options } = request;
  const warm = { ...options, seconds: warmUpSeconds, label: `${options.label}-warm` };
  await roundTrips({ ...request, options: warm });
  return roundTrips(request);
}

/**
 * One paced load in this process, for a latency that must not share an event loop or a heap with
 * another load (customer B's while customer A floods, the rows at half the peak rate).
 */
process.once('message', (request: ApartRequest) => {
  const run =
    'paced' in request
      ? pacedLoad(request.paced)
      : 'trips' in request
        ? warmTrips(request.trips)
        : pacedFinishes(request.finishes);
  void run.then((result) => process.send?.(result, () => process.exit(0)));
});

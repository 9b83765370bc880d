import { DeviceClient, payloads, RpClient, type Credentials, type FetchLike } from '@svc/sdk';
import { lightFetch } from './light-fetch.js';
import { summarize, type BenchResult } from './run.js';

interface Actor {
  rp: RpClient;
  device: DeviceClient;
  user: string;
}

/** Where the RP and the device send their requests (two instances, or one). */
export interface Endpoints {
  rp: string;
  device: string;
}

async function actor(
  at: Endpoints,
  server: Credentials,
  sdk: Credentials,
  label: string,
  fetch: FetchLike,
): Promise<Actor> {
  const rp = new RpClient({ baseUrl: at.rp, credentials: server, fetch });
  const device = new DeviceClient({ baseUrl: at.device, credentials: sdk, fetch });
  await device.register();
  const user = `bench-user-${label}`;
  const binding = await rp.bindDevice(device.identifier, user);
  await rp.setBindingActive(binding.id, true);
  await rp.setDeviceActive(device.identifier, true);
  return { rp, device, user };
}

type Svc = { id: string; status: string };

export interface RoundTripOptions {
  seconds: number;
  /** Devices working in parallel. */
  concurrency: number;
  /** Round trips per second over all devices; default: as fast as they are answered. */
  rate?: number;
  /** Users and devices of this run (a run does not reuse another's). */
  label: string;
}

/** The round trip's calls, in order: one row each besides the round trip's own. */
const steps = ['create svcfication', 'next (device)', 'respond (device)', 'read result'] as const;

async function timed<T>(latencies: number[], call: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await call();
  latencies.push(performance.now() - start);
  return result;
}

/** What a run of round trips is: its row's name, where it goes, with which credentials, and how. */
export interface TripsRequest {
  name: string;
  at: Endpoints;
  server: Credentials;
  sdk: Credentials;
  options: RoundTripOptions;
}

/** A round trip's own row, and one per call of it. */
export interface RoundTripRows {
  trips: BenchResult;
  calls: BenchResult[];
}

/**
 * create → next → respond → read, by `concurrency` devices in parallel for `seconds`: one row per
 * round trip, and one per call of it.
 */
export async function roundTrips(request: TripsRequest): Promise<RoundTripRows> {
  const { name, at, server, sdk, options } = request;
  const { seconds, concurrency, rate, label } = options;
  const http = lightFetch();
  const actors = await Promise.all(
    Array.from({ length: concurrency }, (_, i) =>
      actor(at, server, sdk, `${label}-${i}`, http.fetch),
    ),
  );
  const latencies: number[] = [];
  const perCall = steps.map(() => [] as number[]);
  const [create = [], next = [], respond = [], read = []] = perCall;
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  // Paced: each device starts a round trip every `concurrency / rate` seconds.
  const interval = rate ? (concurrency * 1000) / rate : 0;
  await Promise.all(
    actors.map(async ({ rp, device, user }, i) => {
      let due = started + (interval * i) / concurrency;
      while (performance.now() < end) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        due += interval;
        const start = performance.now();
        try {
          const created = await timed(create, async () => {
            const body = { action: 'login', resource: 'bench', desired_level: 2 };
            return (
              await rp.request<Svc>('POST', '/api/v2/svcfications', {
                ...body,
                user_identifier: user,
              })
            ).body;
          });
          const found = await timed(next, async () => {
            return (await device.signed<Svc>('GET', '/api/v2/svcfications/next')).body;
          });
          await timed(respond, async () => {
            const keys = await device.keys();
            return device.signed('POST', '/api/v2/svcfication_responses', {
              payloads: await Promise.all([
                payloads.deviceAr(keys, found.id, device.identifier),
                payloads.userPresence(keys, found.id, device.identifier),
              ]),
            });
          });
          const result = await timed(read, async () => {
            return (await rp.request<Svc>('GET', `/api/v2/svcfications/${created.id}`)).body;
          });
          if (result.status !== 'ACCEPTED') throw new Error(result.status);
          latencies.push(performance.now() - start);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  http.close();
  return {
    trips: summarize(name, latencies, elapsed, errors),
    calls: steps.map((step, i) => summarize(`  ${step}`, perCall[i] ?? [], elapsed, 0)),
  };
}

/**
 * Devices of other users of the customer, each long-polling /next all along (a new poll as soon as
 * one ends), as real devices do. Resolves to the function that stops them.
 */
export async function waitingDevices(
  at: Endpoints,
  server: Credentials,
  sdk: Credentials,
  count: number,
): Promise<() => Promise<void>> {
  const http = lightFetch();
  const devices = await Promise.all(
    Array.from({ length: count }, (_, i) => actor(at, server, sdk, `waiting-${i}`, http.fetch)),
  );
  let stopped = false;
  const polls = devices.map(async ({ device }) => {
    while (!stopped) await device.signed('GET', '/api/v2/svcfications/next?wait=3');
  });
  return async () => {
    stopped = true;
    await Promise.all(polls);
    http.close();
  };
}

/** How long a device waiting on /next?wait takes to see a svcfication after the RP's create returns. */
export async function longPollWake(
  name: string,
  at: Endpoints,
  server: Credentials,
  sdk: Credentials,
  samples: number,
): Promise<BenchResult> {
  const http = lightFetch();
  const { rp, device, user } = await actor(at, server, sdk, 'wake', http.fetch);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < samples; i++) {
    const polled = device
      .signed<Svc>('GET', '/api/v2/svcfications/next?wait=10')
      .then(() => performance.now());
    await new Promise((r) => setTimeout(r, 5));
    const created = (
      await rp.request<Svc>('POST', '/api/v2/svcfications', {
        action: 'login',
        resource: 'bench',
        desired_level: 1,
        user_identifier: user,
      })
    ).body;
    const createdAt = performance.now();
    const seenAt = await polled;
    if (seenAt < createdAt - 1000) errors += 1;
    latencies.push(Math.max(0, seenAt - createdAt));
    await rp.request('DELETE', `/api/v2/svcfications/${created.id}`);
  }
  http.close();
  return summarize(name, latencies, (performance.now() - started) / 1000, errors);
}

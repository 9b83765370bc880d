import { DeviceClient, payloads, RpClient, type Credentials } from '@svc/sdk';
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
  index: number,
): Promise<Actor> {
  const rp = new RpClient({ baseUrl: at.rp, credentials: server });
  const device = new DeviceClient({ baseUrl: at.device, credentials: sdk });
  await device.register();
  const user = `bench-user-${index}`;
  const binding = await rp.bindDevice(device.identifier, user);
  await rp.setBindingActive(binding.id, true);
  await rp.setDeviceActive(device.identifier, true);
  return { rp, device, user };
}

type Svc = { id: string; status: string };

/** create → next → respond → read, by `concurrency` devices in parallel for `seconds`; one row per round trip. */
export async function roundTrips(
  name: string,
  at: Endpoints,
  server: Credentials,
  sdk: Credentials,
  seconds: number,
  concurrency: number,
): Promise<BenchResult> {
  const actors = await Promise.all(
    Array.from({ length: concurrency }, (_, i) => actor(at, server, sdk, i)),
  );
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    actors.map(async ({ rp, device, user }) => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          const created = (
            await rp.request<Svc>('POST', '/api/v2/svcfications', {
              action: 'login',
              resource: 'bench',
              desired_level: 2,
              user_identifier: user,
            })
          ).body;
          const next = (await device.signed<Svc>('GET', '/api/v2/svcfications/next')).body;
          await device.signed('POST', '/api/v2/svcfication_responses', {
            payloads: [
              payloads.deviceAr(device.keys, next.id, device.identifier),
              payloads.userPresence(device.keys, next.id, device.identifier),
            ],
          });
          const read = (await rp.request<Svc>('GET', `/api/v2/svcfications/${created.id}`)).body;
          if (read.status !== 'ACCEPTED') throw new Error(read.status);
          latencies.push(performance.now() - start);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return summarize(name, latencies, seconds, errors);
}

/** How long a device waiting on /next?wait takes to see a svcfication after the RP's create returns. */
export async function longPollWake(
  name: string,
  at: Endpoints,
  server: Credentials,
  sdk: Credentials,
  samples: number,
): Promise<BenchResult> {
  const { rp, device, user } = await actor(at, server, sdk, 10_000);
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
  return summarize(name, latencies, (performance.now() - started) / 1000, errors);
}

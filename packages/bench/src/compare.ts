import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DeviceClient } from '@svc/sdk';
import { roundTrips } from './round-trip.js';
import { load, verificationRequest, type BenchResult } from './run.js';
import {
  benchEnv,
  cpuMicros,
  createCustomer,
  serve,
  stop,
  svcBin,
  type IssuedCustomer,
  type Served,
} from './serve.js';
import { signedGets } from './signed-get.js';

const usage =
  'usage: npm run bench:compare -- <packages/server of another build> [pairs] [seconds]';
const connections = 32;
/** Seconds of each scenario, untimed, before its pairs: V8 optimizes the path first. */
const warmUp = 5;

/** One build of svc as an operator runs it: `svc serve` on a fresh SQLite store. */
interface Target {
  build: string;
  dir: string;
  served: Served;
  customer: IssuedCustomer;
  devicePath: string;
}

type Burst = (target: Target, seconds: number) => Promise<BenchResult>;

/** Each burst of round trips has users and devices of its own. */
let tripBursts = 0;

/** The scenarios compared: the hot paths of the goals table that one server runs alone. */
const scenarios: Record<string, Burst> = {
  'sandbox verification': (t, seconds) =>
    load({
      name: 'sandbox',
      ...verificationRequest(t.served.url, t.customer.sandbox_token),
      seconds,
      connections,
    }),
  'signed device read': (t, seconds) =>
    signedGets('device', t.served.url, t.devicePath, t.customer.server_credentials, {
      seconds,
      connections,
    }),
  // Per trip (create, next, respond, read), its 16 users and devices made in the burst.
  'svcfication round trip': async (t, seconds) => {
    const { server_credentials: server, sdk_credentials: sdk } = t.customer;
    const at = { rp: t.served.url, device: t.served.url };
    const options = { seconds, concurrency: 16, label: `compare-${++tripBursts}` };
    return (await roundTrips({ name: 'trips', at, server, sdk, options })).trips;
  },
};

async function start(build: string, bin: string): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-compare-'));
  // Every burst comes from one address and one credential: the limits still count each request.
  // Throughput, not fatigue: each simulated user gets hundreds of svcfications.
  const env = {
    ...process.env,
    ...benchEnv,
  };
  const customer = createCustomer(bin, ['--data-dir', dir], env);
  const served = await serve(bin, dir, { env });
  const device = new DeviceClient({ baseUrl: served.url, credentials: customer.sdk_credentials });
  await device.register();
  return { build, dir, served, customer, devicePath: `/api/v2/devices/${device.identifier}` };
}

/** The server CPU per request of one burst, in µs. */
async function cpuPerRequest(target: Target, burst: Burst, seconds: number): Promise<number> {
  const pid = target.served.child.pid ?? 0;
  const before = cpuMicros(pid);
  const row = await burst(target, seconds);
  if (row.errors > 0 || row.requests === 0)
    throw new Error(`${target.build}: ${row.errors} errors in ${row.requests} requests`);
  return (cpuMicros(pid) - before) / row.requests;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** One line: each build's median, and in how many pairs this build cost less. */
export function verdict(scenario: string, ours: number[], theirs: number[]): string {
  const lower = ours.filter((value, i) => value < (theirs[i] ?? Number.NaN)).length;
  return `${scenario}: this build ${median(ours).toFixed(1)} µs, the other ${median(theirs).toFixed(1)} µs (medians); lower in ${lower} of ${ours.length} pairs`;
}

/** Pairs per pair of server processes: each round starts both builds anew (see `main`). */
const pairsPerRound = 4;

/** One round: both builds started (in the order given), each scenario's pairs, both stopped. */
async function round(
  builds: { build: string; bin: string }[],
  pairs: number,
  seconds: number,
  costs: Map<string, Map<string, number[]>>,
): Promise<void> {
  const started: Target[] = [];
  try {
    for (const { build, bin } of builds) started.push(await start(build, bin));
    for (const [scenario, burst] of Object.entries(scenarios)) {
      for (const target of started) await burst(target, warmUp);
      for (let pair = 0; pair < pairs; pair++) {
        // The order swaps each pair: neither build always follows the other.
        const order = pair % 2 === 0 ? started : [...started].reverse();
        const line: string[] = [];
        for (const target of order) {
          const cost = await cpuPerRequest(target, burst, seconds);
          costs.get(scenario)?.get(target.build)?.push(cost);
          line.push(`${target.build} ${cost.toFixed(1)} µs`);
        }
        process.stdout.write(`${scenario}: ${line.join(', ')}\n`);
      }
    }
  } finally {
    for (const target of started) {
      await stop(target.served);
      rmSync(target.dir, { recursive: true, force: true });
    }
  }
}

/**
 * `npm run bench:compare -- <dir> [pairs] [seconds]`: this build of svc against another (the
 * `packages/server` directory of another checkout, built), each a `svc serve` of its own, under the
 * same loads in alternating bursts. The machine's drift (the bare route ran anywhere from 20 to
 * 36 µs a request between runs) falls on both alike. So do a process's own fortunes: the same
 * build in two processes differed by 7–11 % for their whole lives (where V8 and the allocator
 * happened to place things), so the servers are started anew every `pairsPerRound` pairs, in turns
 * first.
 */
async function main(): Promise<void> {
  const [other = '', pairsText = '12', secondsText = '3'] = process.argv.slice(2);
  const otherBin = resolve(other, 'bin/svc.js');
  const pairs = Number(pairsText);
  const seconds = Number(secondsText);
  if (!existsSync(otherBin) || !Number.isInteger(pairs) || pairs < 1 || !(seconds > 0)) {
    process.stderr.write(`${usage}\n`);
    process.exit(2);
  }
  const builds = [
    { build: 'this', bin: svcBin },
    { build: 'other', bin: otherBin },
  ];
  const costs = new Map(
    Object.keys(scenarios).map((s) => [s, new Map(builds.map((b) => [b.build, [] as number[]]))]),
  );
  for (let done = 0, n = 0; done < pairs; done += pairsPerRound, n++)
    await round(
      n % 2 === 0 ? builds : [...builds].reverse(),
      Math.min(pairsPerRound, pairs - done),
      seconds,
      costs,
    );
  process.stdout.write('\n');
  for (const [scenario, of] of costs)
    process.stdout.write(`${verdict(scenario, of.get('this') ?? [], of.get('other') ?? [])}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

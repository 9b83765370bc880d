import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DeviceClient } from '@svc/sdk';
import type { IssuedCustomer } from '../core/customers.js';
import { load, type BenchResult } from './run.js';
import { cpuMicros, createCustomer, serve, stop, type Served } from './serve.js';
import { signedGets } from './signed-get.js';

const usage =
  'usage: npm run bench:compare -- <packages/server of another build> [pairs] [seconds]';
const connections = 32;
const warmUpSeconds = 5;

/** One build of svc as an operator runs it: `svc serve` on a fresh SQLite store. */
interface Target {
  build: string;
  dir: string;
  served: Served;
  customer: IssuedCustomer;
  devicePath: string;
}

type Burst = (target: Target, seconds: number) => Promise<BenchResult>;

const body = JSON.stringify({
  aamva: { identification_id: 'DL000001', person_given_name: 'STEVEN', person_sur_name: 'BROWN' },
});

/** The scenarios compared: the two hot reads whose goals count a few µs. */
const scenarios: Record<string, Burst> = {
  'sandbox verification': (t, seconds) =>
    load({
      name: 'sandbox',
      url: `${t.served.url}/api/v2/verifications`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${t.customer.sandbox_token}`,
      },
      body,
      seconds,
      connections,
    }),
  'signed device read': (t, seconds) =>
    signedGets('device', t.served.url, t.devicePath, t.customer.server_credentials, {
      seconds,
      connections,
    }),
};

async function start(build: string, bin: string): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-compare-'));
  // Every burst comes from one address and one credential: the limits still count each request.
  const env = {
    ...process.env,
    SVC_RATE_LIMIT_PER_ADDRESS: '1000000000',
    SVC_RATE_LIMIT_PER_CREDENTIAL: '1000000000',
  };
  const customer = createCustomer(bin, ['--data-dir', dir], env);
  const served = await serve(bin, dir, [], env);
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

/**
 * `npm run bench:compare -- <dir> [pairs] [seconds]`: this build of svc against another (the
 * `packages/server` directory of another checkout, built), each a `svc serve` of its own, under the
 * same loads in alternating bursts, the order swapped each pair. The machine's drift (the bare
 * route ran anywhere from 20 to 36 µs a request between runs) falls on both alike, so a change of a
 * few µs a request shows, where whole bench runs apart hide it.
 */
async function main(): Promise<void> {
  const [other = '', pairsText = '10', secondsText = '3'] = process.argv.slice(2);
  const otherBin = resolve(other, 'bin/svc.js');
  const pairs = Number(pairsText);
  const seconds = Number(secondsText);
  if (!existsSync(otherBin) || !(pairs >= 1) || !(seconds > 0)) {
    process.stderr.write(`${usage}\n`);
    process.exit(2);
  }
  const ownBin = fileURLToPath(new URL('../../bin/svc.js', import.meta.url));
  const targets = [await start('this', ownBin), await start('other', otherBin)];
  try {
    for (const [scenario, burst] of Object.entries(scenarios)) {
      for (const target of targets) await burst(target, warmUpSeconds);
      const costs: Record<string, number[]> = { this: [], other: [] };
      for (let pair = 0; pair < pairs; pair++) {
        const order = pair % 2 === 0 ? targets : [...targets].reverse();
        for (const target of order)
          costs[target.build]?.push(await cpuPerRequest(target, burst, seconds));
        const [ours, theirs] = [costs.this?.at(-1) ?? 0, costs.other?.at(-1) ?? 0];
        process.stdout.write(
          `${scenario}, pair ${pair + 1}: this ${ours.toFixed(1)} µs, other ${theirs.toFixed(1)} µs\n`,
        );
      }
      process.stdout.write(`${verdict(scenario, costs.this ?? [], costs.other ?? [])}\n\n`);
    }
  } finally {
    await Promise.all(targets.map((t) => stop(t.served)));
    for (const t of targets) rmSync(t.dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

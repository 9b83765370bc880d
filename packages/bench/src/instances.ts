import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { longPollWake, roundTrips } from './round-trip.js';
import type { BenchResult } from './run.js';
import { cpuMicros, createCustomer, serve, stop, svcBin as bin, type Served } from './serve.js';

/**
 * Two `svc serve` processes over one PostgreSQL database (in a fresh schema), as an operator runs
 * them behind a load balancer, and a customer made with the CLI.
 */
async function postgresInstances(databaseUrl: string) {
  const schema = `svc_bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const env = {
    ...process.env,
    DATABASE_URL: url.toString(),
    SVC_MASTER_KEY: randomBytes(32).toString('hex'),
    SVC_LOG_LEVEL: 'warn',
    // Throughput, not fatigue: each simulated user gets thousands of svcfications.
    SVC_SVCFICATION_OPEN_LIMIT: '0',
    SVC_SVCFICATION_WINDOW_LIMIT: '0',
  };
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'svc-bench-pg-')));
  // The first migrates the fresh schema; the second starts on it once it is ready.
  const served: Served[] = [];
  for (const [i, dir] of dirs.entries())
    served.push(await serve(bin, dir, { args: i === 0 ? ['--migrate'] : [], env }));
  const customer = createCustomer(bin, [], env);
  return {
    urls: [served[0]?.url ?? '', served[1]?.url ?? ''] as const,
    /** The CPU time both instances have used so far, in µs. */
    cpu: () => served.reduce((sum, s) => sum + cpuMicros(s.child.pid ?? 0), 0),
    customer,
    stop: async () => {
      await Promise.all(served.map(stop));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/**
 * The round trip (after a warm-up run of `warmUp` seconds, its server CPU that of both instances)
 * and the wake across two instances.
 */
export async function postgresRows(
  url: string,
  seconds: number,
  warmUp: number,
): Promise<[BenchResult, BenchResult]> {
  const instances = await postgresInstances(url);
  try {
    const [a, b] = instances.urls;
    const across = { rp: a, device: b };
    const { server_credentials: server, sdk_credentials: sdk } = instances.customer;
    const trips = (label: string, length: number) =>
      roundTrips({
        name: 'round trip, PostgreSQL, 2 instances',
        at: across,
        server,
        sdk,
        options: { seconds: length, concurrency: 16, label },
      });
    if (warmUp > 0) await trips('pg-warm', warmUp);
    const atStart = instances.cpu();
    const { trips: row } = await trips('pg', seconds);
    if (row.requests > 0) row.serverCpuUs = (instances.cpu() - atStart) / row.requests;
    const wake = 'long-poll wake, PostgreSQL, across instances';
    return [row, await longPollWake(wake, across, server, sdk, 100)];
  } finally {
    await instances.stop();
  }
}

import { fork } from 'node:child_process';
import { fidoFinishes } from './fido-finish.js';
import { postgresInstances } from './instances.js';
import { load, printTable, type BenchResult } from './run.js';
import { longPollWake, roundTrips } from './round-trip.js';
import type { Targets } from './targets.js';

const databaseUrl = process.env.SVC_BENCH_DATABASE_URL ?? '';

/** The round trip and the wake across two instances over PostgreSQL. */
async function postgresRows(url: string, seconds: number): Promise<BenchResult[]> {
  const instances = await postgresInstances(url);
  try {
    const [a, b] = instances.urls;
    const across = { rp: a, device: b };
    const { server_credentials: server, sdk_credentials: sdk } = instances.customer;
    return [
      await roundTrips('round trip, PostgreSQL, 2 instances', across, server, sdk, seconds, 16),
      await longPollWake('long-poll wake, PostgreSQL, across instances', across, server, sdk, 100),
    ];
  } finally {
    await instances.stop();
  }
}

/**
 * `npm run bench [seconds]`: starts the targets in a child process, loads each scenario in turn
 * from this process over loopback (bounded in time), and prints one table.
 */
async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 5);
  const connections = 32;
  const fidoLogins = 2000;
  const child = fork(new URL('./targets.js', import.meta.url), { stdio: 'inherit' });
  const targets = await new Promise<Targets>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Targets));
    child.once('exit', (code) => reject(new Error(`bench targets exited with ${String(code)}`)));
  });
  const rows: BenchResult[] = [];
  try {
    const body = JSON.stringify({
      aamva: {
        identification_id: 'DL000001',
        person_given_name: 'STEVEN',
        person_sur_name: 'BROWN',
        person_birth_date: '19800115',
      },
    });
    const json = { 'content-type': 'application/json' };
    rows.push(
      await load({
        name: 'bare Fastify JSON route',
        url: `${targets.bareUrl}/json`,
        method: 'POST',
        headers: json,
        body,
        seconds,
        connections,
      }),
    );
    rows.push(
      await load({
        name: 'sandbox verification',
        url: `${targets.svcUrl}/api/v2/verifications`,
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${targets.customer.sandbox_token}` },
        body,
        seconds,
        connections,
      }),
    );
    const sandbox = (token: string, name: string, connections: number) =>
      load({
        name,
        url: `${targets.svcUrl}/api/v2/verifications`,
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${token}` },
        body,
        seconds,
        connections,
      });
    // One customer floods; another customer's latency is watched, quiet and during the flood.
    rows.push(await sandbox(targets.other.sandbox_token, 'customer B sandbox, quiet (2 conns)', 2));
    const [, during] = await Promise.all([
      sandbox(targets.customer.sandbox_token, 'customer A flooding (32 conns)', 32),
      sandbox(targets.other.sandbox_token, 'customer B sandbox during the flood', 2),
    ]);
    rows.push(during);
    const { server_credentials: server, sdk_credentials: sdk } = targets.customer;
    const one = { rp: targets.svcUrl, device: targets.svcUrl };
    rows.push(
      await roundTrips('svcfication round trip (4 signed calls)', one, server, sdk, seconds, 16),
    );
    rows.push(
      await longPollWake(
        'long-poll wake after create (ms after create answered)',
        one,
        server,
        sdk,
        200,
      ),
    );
    rows.push(
      await fidoFinishes(targets.svcUrl, targets.customer.fido_api_key, seconds, 16, fidoLogins),
    );
  } finally {
    child.disconnect();
  }
  if (databaseUrl) rows.push(...(await postgresRows(databaseUrl, seconds)));
  const [bare, sandbox, quiet, flooded] = rows;
  const ratio = bare && sandbox ? sandbox.rps / bare.rps : 0;
  // autocannon reports whole milliseconds: a quiet p99 under 1 ms reads 0 and has no ratio.
  const isolation =
    quiet && flooded
      ? quiet.p99 > 0
        ? `${(flooded.p99 / quiet.p99).toFixed(2)} (target <= 2)`
        : `quiet p99 < 1 ms, ${flooded.p99} ms during the flood (target: within 2× quiet)`
      : 'not measured';
  printTable(rows, [
    `sandbox / bare route: ${ratio.toFixed(2)} (target >= 0.60)`,
    `flood isolation, customer B p99 during a flood / quiet: ${isolation}`,
    `${connections} connections (16 devices for round trips), ${seconds}s per scenario, loopback, load generator in its own process, SQLite synchronous=${targets.synchronous}`,
    'round trip: req/s column = completed round trips per second; latency per round trip',
    'autocannon rows (bare route, sandbox) report latency in whole milliseconds',
    databaseUrl
      ? 'PostgreSQL rows: two `svc serve` instances over one database; the RP calls one, the device the other'
      : 'PostgreSQL rows: set SVC_BENCH_DATABASE_URL=postgres://… to add them',
    `FIDO finish: verify calls only, 16 users in parallel each in counter order; links, challenges and assertions made before timing; at most ${fidoLogins} or ${seconds}s`,
  ]);
}

await main();

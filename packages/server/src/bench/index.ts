import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { DeviceClient } from '@svc/sdk';
import { serverNodeFlags } from '../node-flags.js';
import { assertionChecks } from './assertion-check.js';
import { fidoFinishes, finishesApart } from './fido-finish.js';
import { goals, printGoals, type Measured } from './goals.js';
import { benchOptions } from './options.js';
import { postgresRows } from './instances.js';
import {
  load,
  pacedApart,
  printTable,
  verificationBody,
  verificationRequest,
  warmUpSeconds,
  writeResults,
  type BenchResult,
} from './run.js';
import {
  longPollWake,
  roundTrips,
  tripsApart,
  waitingDevices,
  type TripsRequest,
} from './round-trip.js';
import { signedGets } from './signed-get.js';
import type { TargetReply, TargetRequest, Targets } from './targets.js';

const args = benchOptions(process.argv.slice(2));
const { seconds, warmUp, only } = args;
const databaseUrl = process.env.SVC_BENCH_DATABASE_URL ?? '';
const connections = 32;
const fidoLogins = 2000;
const profileDir = new URL('../../../../bench/profiles/', import.meta.url).pathname;

function ask(child: ChildProcess, request: TargetRequest): Promise<TargetReply> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as TargetReply));
    child.send(request);
  });
}

async function startTargets(): Promise<{ child: ChildProcess; targets: Targets }> {
  if (args.profile || args.sql) mkdirSync(profileDir, { recursive: true });
  const child = fork(new URL('./targets.js', import.meta.url), args.sql ? ['--sql'] : [], {
    execArgv: [...process.execArgv, ...serverNodeFlags],
    stdio: 'inherit',
  });
  const targets = await new Promise<Targets>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Targets));
    child.once('exit', (code) => reject(new Error(`bench targets exited with ${String(code)}`)));
  });
  return { child, targets };
}

/**
 * Runs one scenario for the warm-up seconds, untimed and unobserved, then for the bench's seconds,
 * and sets on that row the targets process's CPU time per operation (a figure that other work on
 * the machine does not distort), and the bench process's own (the load generator's: the two share
 * the machine's cores); with --profile, also writes bench/profiles/{name}.cpuprofile,
 * and with --sql bench/profiles/{name}.sql.txt (the time of each SQL statement of svc on SQLite).
 * The warm-up lets V8 optimize the scenario's code first: the figures are a warm server's.
 */
async function observed(
  child: ChildProcess,
  name: string,
  run: (length: number) => Promise<BenchResult>,
): Promise<BenchResult> {
  if (warmUp > 0) await run(warmUp);
  await ask(child, { type: 'observe', start: true, profile: Boolean(args.profile) });
  const loadAtStart = process.cpuUsage();
  const row = await run(seconds);
  const load = process.cpuUsage(loadAtStart);
  const done = await ask(child, {
    type: 'observe',
    start: false,
    operations: row.requests,
    ...(args.profile ? { file: `${profileDir}${name}.cpuprofile` } : {}),
    ...(args.sql ? { sqlFile: `${profileDir}${name}.sql.txt` } : {}),
  });
  if (row.requests === 0) return row;
  row.loadCpuUs = (load.user + load.system) / row.requests;
  if (done.type === 'observed') row.serverCpuUs = (done.cpuMs * 1000) / row.requests;
  return row;
}

/** Every row of the goals table against one targets process (svc on SQLite, a bare Fastify). */
async function sqliteRows(child: ChildProcess, t: Targets, rows: BenchResult[]): Promise<Measured> {
  const m: Measured = { halfPeak: [] };
  const add = (row: BenchResult) => (rows.push(row), row);
  const json = { 'content-type': 'application/json' };
  const bare = (method: 'GET' | 'POST', name: string, length: number) =>
    load({
      name,
      url: `${t.bareUrl}/json`,
      method,
      headers: json,
      body: verificationBody,
      seconds: length,
      connections,
    });
  const verification = (token: string) => verificationRequest(t.svcUrl, token);
  const sandbox = (token: string, name: string, length = seconds) =>
    load({ name, ...verification(token), seconds: length, connections });
  const { server_credentials: server, sdk_credentials: sdk } = t.customer;
  const device = new DeviceClient({ baseUrl: t.svcUrl, credentials: sdk });
  await device.register();
  const devicePath = `/api/v2/devices/${device.identifier}`;
  const deviceGets = (name: string, length = seconds) =>
    signedGets(name, t.svcUrl, devicePath, server, { seconds: length, connections });
  const one = { rp: t.svcUrl, device: t.svcUrl };
  let tripRuns = 0; // each run has users and devices of its own
  const tripsOf = (name: string, rate?: number, length = seconds): TripsRequest => ({
    name,
    at: one,
    server,
    sdk,
    options: {
      seconds: length,
      concurrency: 16,
      label: String(++tripRuns),
      ...(rate ? { rate } : {}),
    },
  });
  const tripRow = async (name: string, length: number) =>
    (await roundTrips(tripsOf(name, undefined, length))).trips;

  m.barePost = add(
    await observed(child, 'bare-post', (s) => bare('POST', 'bare Fastify JSON route, POST', s)),
  );
  m.bareGet = add(
    await observed(child, 'bare-get', (s) => bare('GET', 'bare Fastify JSON route, GET', s)),
  );
  // svc's own route that does nothing: every shared hook (core/http) and no work of its own.
  if (only.has('core'))
    m.core = add(
      await observed(child, 'core', (s) =>
        load({
          name: 'svc GET /healthz (the shared hooks alone)',
          url: `${t.svcUrl}/healthz`,
          method: 'GET',
          seconds: s,
          connections,
        }),
      ),
    );
  if (only.has('sandbox'))
    m.sandbox = add(
      await observed(child, 'sandbox', (s) =>
        sandbox(t.customer.sandbox_token, 'sandbox verification', s),
      ),
    );
  if (only.has('device'))
    m.deviceGet = add(
      await observed(child, 'device', (s) =>
        deviceGets('HMAC GET /api/v2/devices/{id} (signed answer)', s),
      ),
    );
  // One customer floods; another customer's latency is watched, quiet and during the flood, by
  // a client in its own process (sharing the flooding client's event loop, it would measure
  // that loop's delays too) and from its own address (127.0.0.2: the failed-authentication
  // limits of the flooding address are not its own). B is a busy but ordinary relying party:
  // 500 verifications a second.
  // A flood outlasts B's whole run: its process starting and its warm-up too.
  const flooding = seconds + warmUpSeconds + 2;
  const other = (name: string) =>
    pacedApart({
      name,
      ...verification(t.other.sandbox_token),
      seconds,
      connections: 8,
      rate: 500,
      localAddress: '127.0.0.2',
    });
  if (only.has('flood')) {
    // B's quiet figure is a warm server's, as every row's is: without the sandbox row before it
    // (`--only flood`), the sandbox's code is warmed the same way first, untimed.
    if (!only.has('sandbox') && warmUp > 0)
      await sandbox(t.other.sandbox_token, 'sandbox warm-up', warmUp);
    m.quiet = add(await other('customer B sandbox, quiet (500/s, 8 conns)'));
    const [flood, during] = await Promise.all([
      sandbox(t.customer.sandbox_token, 'customer A flooding (32 conns)', flooding),
      other('customer B sandbox during the flood (500/s)'),
    ]);
    add(flood);
    m.flooded = add(during);
  }
  if (only.has('trips'))
    m.trips = add(
      await observed(child, 'trips', (s) => tripRow('svcfication round trip (4 signed calls)', s)),
    );
  if (only.has('wake')) {
    const wake = (name: string) => longPollWake(name, one, server, sdk, 200);
    m.wake = add(await wake('long-poll wake after create (ms after create answered)'));
    const stop = await waitingDevices(one, server, sdk, 100);
    add(await observed(child, 'crowd', () => wake('  the same, 100 other devices waiting')));
    await stop();
  }
  if (only.has('fido')) {
    m.fido = add(
      await fidoFinishes(t.svcUrl, t.customer.fido_api_key, fidoLogins, (run) =>
        observed(child, 'fido', run),
      ),
    );
    m.assertionCheck = add(await assertionChecks(fidoLogins));
  }
  if (only.has('half')) {
    const half = (peak: BenchResult | undefined) => Math.max(1, Math.round((peak?.rps ?? 200) / 2));
    // Paced apart, evenly over each second: autocannon's rate sends each connection's share of
    // a second at the second's start, as fast as the server answers.
    const steady = { seconds, connections };
    const sandboxHalf = { ...verification(t.customer.sandbox_token), rate: half(m.sandbox) };
    const name = (route: string) => `${route} at half its peak rate`;
    m.halfPeak.push(add(await pacedApart({ name: name('sandbox'), ...sandboxHalf, ...steady })));
    const url = `${t.svcUrl}${devicePath}`;
    const deviceHalf = { url, signedBy: server, rate: half(m.deviceGet) };
    m.halfPeak.push(add(await pacedApart({ name: name('device GET'), ...deviceHalf, ...steady })));
    const paced = await tripsApart(tripsOf(name('round trip'), half(m.trips)));
    add(paced.trips);
    m.halfPeak.push(...paced.calls.map(add));
    const fidoHalf = [t.svcUrl, t.customer.fido_api_key, half(m.fido), seconds] as const;
    m.halfPeak.push(add(await finishesApart(name('FIDO finish'), ...fidoHalf)));
  }
  if (only.has('filled')) {
    const count = args.fill;
    const filled = await ask(child, { type: 'fill', count });
    if (filled.type === 'filled')
      process.stderr.write(
        `bulk-loaded ${filled.count} svcfications in ${filled.seconds.toFixed(1)} s\n`,
      );
    const name = `svcfication round trip, ${count.toLocaleString('en')} svcfications stored`;
    m.tripsFilled = add(await observed(child, 'filled', (s) => tripRow(name, s)));
  }
  const rss = await ask(child, { type: 'rss' });
  if (rss.type === 'rss') m.peakRssMb = rss.peakMb;
  if (only.has('flood')) {
    // Last: the bad tokens put 127.0.0.1 past its failed-authentication limit for a minute.
    m.quietLater = add(await other('customer B sandbox, quiet again (500/s, 8 conns)'));
    const [badFlood, duringBad] = await Promise.all([
      sandbox('not-a-token', 'a bad-token flood from another address (32 conns)', flooding),
      other('customer B sandbox during the bad-token flood (500/s)'),
    ]);
    add({ ...badFlood, errors: 0 }); // every answer is a refusal, by design
    m.badFlooded = add(duringBad);
  }
  return m;
}

/**
 * `npm run bench [seconds] [--only a,b] [--warm-up s] [--fill rows] [--profile] [--sql]`: starts the targets in a child
 * process, loads each scenario in turn from this process over loopback (bounded in time), prints
 * the rows and the goals, and writes bench/results.json (with `--only`, results-partial.json).
 */
async function main(): Promise<void> {
  const { child, targets } = await startTargets();
  const rows: BenchResult[] = [];
  let measured: Measured;
  try {
    measured = await sqliteRows(child, targets, rows);
  } finally {
    child.disconnect();
  }
  if (databaseUrl && !args.some) rows.push(...(await postgresRows(databaseUrl, seconds, warmUp)));
  printTable(rows, [
    `${connections} connections for autocannon rows (whole ms), 16 devices for round trips; ${seconds}s per scenario, after ${warmUp}s of the same load untimed (--warm-up); loopback; load generator in its own process; SQLite synchronous=${targets.synchronous}`,
    'round trip: req/s column = completed round trips per second; latency per round trip; indented rows are its calls',
    `FIDO finish: verify calls only, 16 users in parallel each in counter order; links, challenges and assertions made before timing; at most ${fidoLogins} or ${seconds}s, after as many (or ${warmUp}s) untimed; at half its peak, paced over 16 other users, a login waiting only while all 16 are busy`,
    `SimpleWebAuthn's check: ${fidoLogins} verifyAuthenticationResponse calls, 16 in flight, after as many untimed, in the bench's process with nothing else running; its CPU (all threads) in the server column`,
    databaseUrl
      ? 'PostgreSQL rows: two `svc serve` instances over one database; the RP calls one, the device the other'
      : 'PostgreSQL rows: set SVC_BENCH_DATABASE_URL=postgres://… to add them',
  ]);
  const list = goals(measured);
  printGoals(list);
  if (args.profile) process.stdout.write(`\nCPU profile of the targets process in ${profileDir}\n`);
  if (args.sql) process.stdout.write(`\nTime per SQL statement (*.sql.txt) in ${profileDir}\n`);
  const file = writeResults({ seconds, warmUp, rows, goals: list }, args.some);
  process.stdout.write(`\nResults in ${file}\n`);
}

await main();

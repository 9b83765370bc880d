import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DeviceClient } from '@svc/sdk';
import { assertionChecks } from './assertion-check.js';
import { renderDoc } from './doc.js';
import { es256Verifications } from './es256.js';
import { benchOrganization, fidoFinishes } from './fido-finish.js';
import { floored, floorsOf } from './floors.js';
import { goals, printGoals, type Measured } from './goals.js';
import { postgresRows } from './instances.js';
import { benchOptions } from './options.js';
import { oidcSignIns } from './oidc-sign-in.js';
import { longPollWake, roundTrips, waitingDevices, type TripsRequest } from './round-trip.js';
import {
  load,
  pacedApart,
  printTable,
  repository,
  verificationBody,
  verificationRequest,
  warmUpSeconds,
  writeResults,
  type BenchResult,
} from './run.js';
import {
  benchEnv,
  cpuMicros,
  createCustomer,
  peakRssMb,
  serve,
  serveBare,
  stop,
  svcBin,
  type IssuedCustomer,
  type Served,
} from './serve.js';
import { signedGets } from './signed-get.js';

const args = benchOptions(process.argv.slice(2));
const { seconds, warmUp, only } = args;
const databaseUrl = process.env.SVC_BENCH_DATABASE_URL ?? '';
const connections = 32;
const fidoLogins = 2000;
const profileDir = fileURLToPath(new URL('bench/profiles/', repository));

/**
 * `svc serve` as an operator starts it on a fresh data directory, with two customers made by the
 * CLI first. Every row comes from one address and one credential, faster than the default limits
 * of a window allow: they still count every request, up to a ceiling no run reaches. Throughput,
 * not fatigue: each simulated user gets thousands of svcfications. The soft authenticator signs
 * for https://localhost, where the FIDO links must then open.
 */
async function startSvc(dir: string) {
  const env = {
    ...process.env,
    ...benchEnv,
    SVC_FIDO_LINK_BASE: 'https://localhost',
  };
  const customer = createCustomer(svcBin, ['--data-dir', dir], env);
  const other = createCustomer(svcBin, ['--data-dir', dir, '--name', 'bench-other'], env);
  if (args.profile) mkdirSync(profileDir, { recursive: true });
  const nodeFlags = args.profile
    ? ['--cpu-prof', '--cpu-prof-dir', profileDir, '--cpu-prof-name', 'svc-serve.cpuprofile']
    : [];
  const served = await serve(svcBin, dir, { env, nodeFlags });
  return { served, customer, other };
}

/**
 * Runs one scenario for the warm-up seconds, untimed, then for the bench's seconds, and sets on
 * that row the CPU time per operation of the process that served it (read from /proc: a figure
 * that other work on the machine does not distort), and the bench process's own (the load
 * generator's). The warm-up lets V8 optimize the scenario's code first: the figures are a warm
 * server's.
 */
async function observed(
  server: Served,
  run: (length: number) => Promise<BenchResult>,
): Promise<BenchResult> {
  if (warmUp > 0) await run(warmUp);
  const pid = server.child.pid ?? 0;
  const serverAtStart = cpuMicros(pid);
  const loadAtStart = process.cpuUsage();
  const row = await run(seconds);
  const load = process.cpuUsage(loadAtStart);
  if (row.requests === 0) return row;
  row.serverCpuUs = (cpuMicros(pid) - serverAtStart) / row.requests;
  row.loadCpuUs = (load.user + load.system) / row.requests;
  return row;
}

interface Servers {
  svc: Served;
  bare: Served;
  customer: IssuedCustomer;
  other: IssuedCustomer;
}

/** Every row against svc on SQLite and the bare Fastify server. */
async function sqliteRows({ svc, bare, customer, other }: Servers, rows: BenchResult[]) {
  const m: Measured = {};
  const add = (row: BenchResult) => {
    rows.push(row);
    // Progress on stderr, row by row: a full run takes minutes.
    const cpu = row.serverCpuUs === undefined ? '' : `, ${row.serverCpuUs.toFixed(0)} µs/op`;
    process.stderr.write(`${row.name}: ${row.requests} ops${cpu}\n`);
    return row;
  };
  const svcUrl = svc.url;
  const bareRun = (method: 'GET' | 'POST', length: number) =>
    load({
      name: `bare Fastify JSON route, ${method}`,
      url: `${bare.url}/json`,
      method,
      headers: { 'content-type': 'application/json' },
      body: verificationBody,
      seconds: length,
      connections,
    });
  const verification = (token: string) => verificationRequest(svcUrl, token);
  const sandbox = (token: string, name: string, length: number) =>
    load({ name, ...verification(token), seconds: length, connections });
  const { server_credentials: server, sdk_credentials: sdk } = customer;
  const device = new DeviceClient({ baseUrl: svcUrl, credentials: sdk });
  await device.register();
  const devicePath = `/api/v2/devices/${device.identifier}`;
  const one = { rp: svcUrl, device: svcUrl };
  const tripName = 'push round trip (create, next, answer, read)';
  let tripRuns = 0; // each run has users and devices of its own
  const tripsOf = (name: string, length: number): TripsRequest => ({
    name,
    at: one,
    server,
    sdk,
    options: { seconds: length, concurrency: 16, label: String(++tripRuns) },
  });

  const barePost = add(await observed(bare, (s) => bareRun('POST', s)));
  const bareGet = add(await observed(bare, (s) => bareRun('GET', s)));
  const es256 = add(await es256Verifications(fidoLogins));
  const assertionCheck = only.has('fido') ? add(await assertionChecks(fidoLogins)) : undefined;
  const floor = floorsOf({
    barePost,
    bareGet,
    es256,
    ...(assertionCheck ? { assertionCheck } : {}),
  });
  if (only.has('sandbox'))
    m.sandbox = add(
      floored(
        await observed(svc, (s) => sandbox(customer.sandbox_token, 'sandbox verification', s)),
        floor.post,
      ),
    );
  if (only.has('device'))
    m.deviceGet = add(
      floored(
        await observed(svc, (s) =>
          signedGets('signed device read (HMAC GET, signed answer)', svcUrl, devicePath, server, {
            seconds: s,
            connections,
          }),
        ),
        floor.get,
      ),
    );
  // svc's own route that does nothing: every global hook and no work of its own.
  if (only.has('core'))
    add(
      floored(
        await observed(svc, (s) =>
          load({
            name: 'svc GET /healthz (the global hooks alone)',
            url: `${svcUrl}/healthz`,
            seconds: s,
            connections,
          }),
        ),
        floor.get,
      ),
    );
  if (only.has('trips'))
    m.trips = add(
      floored(
        await observed(svc, async (s) => (await roundTrips(tripsOf(tripName, s))).trips),
        floor.trip,
      ),
    );
  if (only.has('wake')) {
    const wake = (name: string) => longPollWake(name, one, server, sdk, 200);
    m.wake = add(await observed(svc, () => wake('long-poll wake (ms after create answered)')));
    const stopWaiting = await waitingDevices(one, server, sdk, 100);
    add(await observed(svc, () => wake('  the same, 100 other devices waiting')));
    await stopWaiting();
  }
  const organization =
    only.has('fido') || only.has('oidc')
      ? await benchOrganization(svcUrl, customer.fido_api_key)
      : null;
  if (only.has('fido'))
    m.fido = add(
      floored(
        await fidoFinishes(svcUrl, customer.fido_api_key, fidoLogins, (run) => observed(svc, run)),
        floor.fido,
      ),
    );
  if (organization && only.has('oidc'))
    m.oidc = add(
      await oidcSignIns(svcUrl, customer.fido_api_key, organization, (run) => observed(svc, run)),
    );
  if (only.has('flood')) {
    // One customer floods; another's latency is watched, quiet and during the flood, by a client
    // in its own process (sharing the flooding client's event loop, it would measure that loop's
    // delays too) and from its own address (127.0.0.2: the failed-authentication limits of the
    // flooding address are not its own). B is a busy but ordinary relying party: 500 a second.
    // A flood outlasts B's whole run: its process starting and its warm-up too.
    const b = (name: string) =>
      pacedApart({
        name,
        ...verification(other.sandbox_token),
        seconds,
        connections: 8,
        rate: 500,
        localAddress: '127.0.0.2',
      });
    if (!only.has('sandbox') && warmUp > 0)
      await sandbox(other.sandbox_token, 'sandbox warm-up', warmUp);
    m.quiet = add(await b('customer B sandbox, quiet (500/s, 8 conns)'));
    const flooding = seconds + warmUpSeconds + 2;
    const [flood, during] = await Promise.all([
      sandbox(customer.sandbox_token, 'customer A flooding (32 conns)', flooding),
      b('customer B sandbox during the flood (500/s)'),
    ]);
    add(flood);
    m.flooded = add(during);
  }
  m.peakRssMb = peakRssMb(svc.child.pid ?? 0);
  return { measured: m, tripFloor: floor.trip };
}

/**
 * `npm run bench [seconds] [--only a,b] [--warm-up s] [--profile]`: starts `svc serve` and a bare
 * Fastify server, loads each scenario in turn from this process over loopback (bounded in time),
 * prints the rows and the goals, writes bench/results.json (with `--only`, results-partial.json)
 * and renders the full run's table into docs/performance.md.
 */
async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const rows: BenchResult[] = [];
  let sqlite: Awaited<ReturnType<typeof sqliteRows>>;
  try {
    const { served: svc, customer, other } = await startSvc(dir);
    const bare = await serveBare(dir).catch(async (err: unknown) => {
      await stop(svc);
      throw err;
    });
    try {
      sqlite = await sqliteRows({ svc, bare, customer, other }, rows);
    } finally {
      await Promise.all([stop(svc), stop(bare)]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const { measured, tripFloor } = sqlite;
  if (databaseUrl && !args.some) {
    const [trips, wake] = await postgresRows(databaseUrl, seconds, warmUp);
    rows.push(floored(trips, tripFloor), wake);
    measured.wakeAcross = wake;
  }
  const notes = [
    `${connections} connections for autocannon rows, 16 devices for round trips; ${seconds} s per row after ${warmUp} s of the same load untimed; loopback; svc serve on SQLite, the bare server and the load generator in processes of their own`,
    'server CPU: utime+stime of the serving process (/proc) over the row, per operation; per core: 1e6 / that',
    "floors: bare POST/GET from the bare Fastify server; round trip = 2 bare POST + 2 bare GET + 4 ES256 verifications; FIDO finish = bare POST + SimpleWebAuthn check; the check and ES256 rows are the bench process's own CPU",
    databaseUrl
      ? 'PostgreSQL rows: two `svc serve` instances over one database; the RP calls one, the device the other; CPU of both'
      : 'PostgreSQL rows: set SVC_BENCH_DATABASE_URL=postgres://… to add them',
  ];
  printTable(rows, notes);
  const list = goals(measured);
  printGoals(list);
  if (args.profile) process.stdout.write(`\nCPU profile of svc serve in ${profileDir}\n`);
  const file = writeResults({ seconds, warmUp, notes, rows, goals: list }, args.some);
  process.stdout.write(`\nResults in ${file}\n`);
  if (!args.some) process.stdout.write(`Table rendered into ${renderDoc()}\n`);
}

await main();

import { mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { systemClock } from '../core/clock.js';
import { loadMasterKey, SecretBox } from '../core/crypto/secret-box.js';
import { createCustomer } from '../areas/customers/create-customer.js';
import type { IssuedCustomer } from '../areas/customers/issue-credentials.js';
import { LogStream } from '../core/log-stream.js';
import { randomIds } from '../core/ids.js';
import { openStore, type StatementTimes } from '../core/store/index.js';
import { withServices } from '../context.js';
import { fillSvcfications } from './fill.js';
import { profiler, statementReport } from './profiler.js';

export interface Targets {
  svcUrl: string;
  bareUrl: string;
  customer: IssuedCustomer;
  /** A second customer, whose latency the flood scenario watches. */
  other: IssuedCustomer;
  synchronous: string;
}

/** What the bench asks of the targets process while it runs. */
export type TargetRequest =
  | { type: 'fill'; count: number }
  | { type: 'rss' }
  | { type: 'observe'; start: true; profile: boolean }
  | { type: 'observe'; start: false; operations: number; file?: string; sqlFile?: string };
export type TargetReply =
  | { type: 'filled'; count: number; seconds: number }
  | { type: 'rss'; peakMb: number }
  | { type: 'observed'; cpuMs: number };

/**
 * The benchmark's servers, run in a child process so that the load generator does not share
 * their event loop: svc on a real SQLite file in a temp dir, and a bare Fastify JSON route.
 */
async function serveTargets(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  // The soft authenticator signs for https://localhost, where the FIDO links must then open.
  const config = loadConfig(undefined, {
    dataDir,
    port: 0,
    allowInsecureCallbacks: true,
    fidoLinkBase: 'https://localhost',
    // Throughput, not fatigue: each simulated user gets thousands of svcfications.
    svcficationOpenLimit: 0,
    svcficationWindowLimit: 0,
    // Every row comes from one address and one credential, faster than the default limits of a
    // window allow: they still count every request, up to a ceiling no run reaches.
    rateLimitPerAddress: 1_000_000_000,
    rateLimitPerCredential: 1_000_000_000,
  });
  const statementTimes: StatementTimes | undefined = process.argv.includes('--sql')
    ? new Map()
    : undefined;
  const store = await openStore({
    sqlitePath: join(dataDir, 'svc.db'),
    synchronous: config.sqliteSynchronous,
    ...(statementTimes ? { statementTimes } : {}),
  });
  const deps = withServices({
    config,
    store,
    clock: systemClock,
    ids: randomIds,
    box: new SecretBox(loadMasterKey('', dataDir)),
  });
  const customer = await createCustomer({ ...deps, db: store.db }, { name: 'bench' });
  const other = await createCustomer({ ...deps, db: store.db }, { name: 'bench-other' });
  // Logged as `svc serve` logs (a line per request), to a file as an operator would.
  const logger = pino({ level: 'info' }, new LogStream(openSync(join(dataDir, 'svc.log'), 'a')));
  const app = await buildApp({ ...deps, logger });
  const svcUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.post('/json', async () => ({ hello: 'world' }));
  bare.get('/json', async () => ({ hello: 'world' }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const targets: Targets = {
    svcUrl,
    bareUrl,
    customer,
    other,
    synchronous: config.sqliteSynchronous,
  };
  let peakRss = process.memoryUsage.rss();
  let cpuAtStart = process.cpuUsage();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 100);
  process.on('message', (message: TargetRequest) => {
    const reply = async (): Promise<TargetReply> => {
      if (message.type === 'rss') return { type: 'rss', peakMb: peakRss / 2 ** 20 };
      if (message.type === 'observe') {
        if (message.start) {
          cpuAtStart = process.cpuUsage();
          statementTimes?.clear();
          if (message.profile) await profiler.start();
        } else {
          if (message.file) await profiler.stop(message.file);
          if (message.sqlFile && statementTimes)
            writeFileSync(message.sqlFile, statementReport(statementTimes, message.operations));
        }
        const { user, system } = process.cpuUsage(cpuAtStart);
        return { type: 'observed', cpuMs: (user + system) / 1000 };
      }
      const started = performance.now();
      await fillSvcfications(store.db, customer.id, message.count);
      return {
        type: 'filled',
        count: message.count,
        seconds: (performance.now() - started) / 1000,
      };
    };
    void reply().then((r) => process.send?.(r));
  });
  process.send?.(targets);
  process.once('disconnect', () => {
    clearInterval(sampler);
    void Promise.all([app.close(), bare.close()])
      .then(() => store.close())
      .finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
}

await serveTargets();

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { systemClock } from '../core/clock.js';
import { loadMasterKey, SecretBox } from '../core/crypto/secret-box.js';
import { createCustomer, type IssuedCustomer } from '../core/customers.js';
import { randomIds } from '../core/ids.js';
import { openStore } from '../core/store/index.js';
import { withServices } from '../context.js';

export interface Targets {
  svcUrl: string;
  bareUrl: string;
  customer: IssuedCustomer;
  /** A second customer, whose latency the flood scenario watches. */
  other: IssuedCustomer;
  synchronous: string;
}

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
  });
  const store = await openStore({
    sqlitePath: join(dataDir, 'svc.db'),
    synchronous: config.sqliteSynchronous,
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
  const app = await buildApp(deps);
  const svcUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.post('/json', async () => ({ hello: 'world' }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const targets: Targets = {
    svcUrl,
    bareUrl,
    customer,
    other,
    synchronous: config.sqliteSynchronous,
  };
  process.send?.(targets);
  process.once('disconnect', () => {
    void Promise.all([app.close(), bare.close()])
      .then(() => store.close())
      .finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
}

await serveTargets();

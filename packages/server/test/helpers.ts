import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config/index.js';
import { ManualClock } from '../src/core/clock.js';
import { SecretBox } from '../src/core/crypto/secret-box.js';
import { createCustomer, type IssuedCustomer } from '../src/core/customers.js';
import { randomIds } from '../src/core/ids.js';
import { openStore, type Store } from '../src/core/store/index.js';
import { withServices, type Context } from '../src/context.js';

export interface TestApp {
  app: FastifyInstance;
  store: Store;
  clock: ManualClock;
  box: SecretBox;
  config: Config;
  ctx: Context;
  customer: IssuedCustomer;
  newCustomer(name?: string, verifyIdentityDocuments?: boolean): Promise<IssuedCustomer>;
  close(): Promise<void>;
}

/** The whole app on in-memory SQLite with a manual clock and one customer. */
export async function testApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = loadConfig({}, { dataDir: '/nonexistent-test-dir', allowInsecureCallbacks: true, ...overrides });
  const store = await openStore({ sqlitePath: ':memory:' });
  const clock = new ManualClock(new Date());
  const box = new SecretBox(randomBytes(32));
  const deps = { ...withServices({ config, store, clock, ids: randomIds, box }), clock };
  const app = await buildApp(deps);
  const newCustomer = (name = 'acme', verifyIdentityDocuments = false) => createCustomer({ ...deps, db: store.db }, { name, verifyIdentityDocuments });
  const customer = await newCustomer();
  return {
    app, store, clock, box, config, ctx: deps, customer, newCustomer,
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}

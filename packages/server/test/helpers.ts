import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { installAttestationRoots } from '../src/areas/fido/links/attestation-roots.js';
import { loadConfig, type Config } from '../src/config/index.js';
import { ManualClock } from '../src/core/clock.js';
import { SecretBox } from '../src/core/crypto/secret-box.js';
import { createCustomer } from '../src/areas/customers/create-customer.js';
import type { IssuedCustomer } from '../src/areas/customers/issue-credentials.js';
import { randomIds } from '../src/core/ids.js';
import { openStore, type Store, type StoreOptions } from '../src/core/store/index.js';
import { withServices, type Context } from '../src/context.js';
import { expirySweeps } from '../src/worker.js';

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

/** The PostgreSQL server the `postgres` test projects run on; undefined in the `sqlite` project. */
export function postgresTestUrl(): string | undefined {
  if (process.env.SVC_TEST_STORE !== 'postgres') return undefined;
  const url = process.env.SVC_TEST_DATABASE_URL;
  if (!url) throw new Error('the postgres test project needs SVC_TEST_DATABASE_URL');
  return url;
}

/**
 * In-memory SQLite, or, in the `postgres` test project, a fresh schema of the PostgreSQL server
 * named by SVC_TEST_DATABASE_URL: the same suite runs on both.
 */
export async function openTestStore(options: Pick<StoreOptions, 'onQuery'> = {}): Promise<Store> {
  const url = postgresTestUrl();
  if (!url) return openStore({ sqlitePath: ':memory:', ...options });
  const schema = `t_${randomBytes(8).toString('hex')}`;
  const store = await openStore({
    sqlitePath: '',
    databaseUrl: url,
    schema,
    migrate: true,
    ...options,
  });
  return {
    ...store,
    close: async () => {
      await sql.raw(`drop schema ${schema} cascade`).execute(store.db);
      await store.close();
    },
  };
}

/** The whole app on a test store with a manual clock and one customer. */
export async function testApp(
  overrides: Partial<Config> = {},
  storeOptions: Pick<StoreOptions, 'onQuery'> = {},
  /** Where the app logs (none by default). */
  logger?: Parameters<typeof buildApp>[0]['logger'],
): Promise<TestApp> {
  const config = loadConfig(
    {},
    { dataDir: '/nonexistent-test-dir', allowInsecureCallbacks: true, ...overrides },
  );
  const store = await openTestStore(storeOptions);
  const clock = new ManualClock(new Date());
  const box = new SecretBox(randomBytes(32));
  const deps = { ...withServices({ config, store, clock, ids: randomIds, box }), clock };
  installAttestationRoots(config.fidoAttestationRoots); // as serve() does at start
  const app = await buildApp(logger ? { ...deps, logger } : deps);
  const newCustomer = (name = 'acme', verifyIdentityDocuments = false) =>
    createCustomer({ ...deps, db: store.db }, { name, verifyIdentityDocuments });
  const customer = await newCustomer();
  return {
    app,
    store,
    clock,
    box,
    config,
    ctx: deps,
    customer,
    newCustomer,
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}

/**
 * The set-up of a route-test file: a test app and the clients `clients` makes on it. Call it at
 * file level: it registers the beforeAll that makes them and the afterAll that closes the app; the
 * state it returns (`t` and the clients' fields) is filled once set-up ran.
 */
export function useTestApp<Clients extends object>(
  clients: (t: TestApp) => Clients,
  config: Partial<Config> = {},
) {
  const state = {} as { t: TestApp } & Clients;
  beforeAll(async () => {
    state.t = await testApp(config);
    Object.assign(state, clients(state.t));
  });
  afterAll(async () => state.t.close());
  return state;
}

/** A `fetch` that sends the request through `app.inject()`, so SDK clients can drive route tests. */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined) headers.set(k, String(v));
    return new Response(
      res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload),
      { status: res.statusCode, headers },
    );
  };
}

/** One pass of the worker's expiry loops, as the server runs them every second. */
export const sweepOnce = (t: TestApp): Promise<number> =>
  expirySweeps(t.ctx, { error: () => undefined })();

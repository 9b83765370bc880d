import { defineConfig } from 'vitest/config';

// Everything runs on SQLite. With SVC_TEST_DATABASE_URL set (.ci/run starts a PostgreSQL server),
// every test that touches the store runs a second time on PostgreSQL: the route tests and the
// store-touching unit tests (named `*.store.test.ts`) in a fresh schema each (`openTestStore()`),
// and the end-to-end suite against spawned servers whose data directories each get their own
// schema (`test/e2e/server.ts`).
const databaseUrl = process.env.SVC_TEST_DATABASE_URL;

if (!databaseUrl) {
  if (process.env.SVC_REQUIRE_POSTGRES)
    throw new Error(
      'PostgreSQL run required (SVC_REQUIRE_POSTGRES) but SVC_TEST_DATABASE_URL is not set',
    );
  // Vitest evaluates this file more than once per run (and knip reads it): one line, under vitest.
  if (!process.env.SVC_POSTGRES_SKIP_NOTED && process.env.VITEST)
    console.warn('PostgreSQL run skipped: SVC_TEST_DATABASE_URL is not set');
  process.env.SVC_POSTGRES_SKIP_NOTED = '1';
}

const postgres = databaseUrl
  ? [
      {
        extends: true as const,
        test: {
          name: 'postgres',
          // Route tests (`*.routes.test.ts`) and unit tests that open a store (`*.store.test.ts`): both
          // use `openTestStore()`/`testApp()`, which honour SVC_TEST_STORE.
          include: [
            'packages/server/test/**/*.routes.test.ts',
            'packages/*/src/**/*.store.test.ts',
          ],
          env: { SVC_TEST_STORE: 'postgres' },
        },
      },
      {
        extends: true as const,
        test: {
          name: 'postgres-e2e',
          include: ['packages/server/test/e2e/*.e2e.test.ts'],
          exclude: [
            // PostgreSQL-only already; runs in the sqlite project.
            'packages/server/test/e2e/scale-out.e2e.test.ts',
            // SQLite-only (a full SQLite disk).
            'packages/server/test/e2e/storage-faults.e2e.test.ts',
            // HTTP clients (the device simulator, the demo, the README tour), pages in a browser,
            // and the process and connection handling: what they reach of the store is covered
            // by the route tests and the other files on PostgreSQL.
            'packages/server/test/e2e/device-cli.e2e.test.ts',
            'packages/server/test/e2e/svccode-demo.e2e.test.ts',
            'packages/server/test/e2e/docs-pages.browser.e2e.test.ts',
            'packages/server/test/e2e/tour.e2e.test.ts',
            'packages/server/test/e2e/fido.browser.e2e.test.ts',
            'packages/server/test/e2e/fido.autofill.browser.e2e.test.ts',
            'packages/server/test/e2e/device-client.browser.e2e.test.ts',
            'packages/server/test/e2e/exit-with-parent.e2e.test.ts',
            'packages/server/test/e2e/slow-clients.e2e.test.ts',
          ],
          env: { SVC_TEST_STORE: 'postgres' },
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    // Timeouts catch hangs, not slowness: with three files at a time on two cores, a test that
    // spawns sixteen CLI processes one after another took 29–30 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A test process whose main thread stops for good is killed, not waited for (watchdog.ts).
    setupFiles: ['packages/server/test/watchdog.setup.ts'],
    // Two cores: most test files wait on spawned servers, browsers and databases, so three
    // files at a time (vitest's default here is one) roughly halve the suite's time. On
    // PostgreSQL each file's stores live in schemas of their own, and the stores introspect only
    // their own schema (`own-schema.ts`), so one file dropping its schema never fails another's
    // migration.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
        },
      },
      ...postgres,
    ],
  },
});

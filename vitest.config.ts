import { defineConfig } from 'vitest/config';

// With SVC_TEST_DATABASE_URL set (.ci/run starts a PostgreSQL server), the route and store tests
// run a second time against PostgreSQL; everything runs on SQLite.
const postgres = process.env.SVC_TEST_DATABASE_URL
  ? [
      {
        extends: true as const,
        test: {
          name: 'postgres',
          include: ['packages/server/test/*.routes.test.ts'],
          env: { SVC_TEST_STORE: 'postgres' },
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
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

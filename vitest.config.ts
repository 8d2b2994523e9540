// Four test projects: `unit` (pure functions of the domain package, the web app, its build
// plugins and the scripts; the lint config's layers), `api` (the server through app.inject
// against a real database: PGlite, or PostgreSQL with TEST_DB=postgres), `faults` (the shop
// under faults, `npm run test:faults`) and `cluster` (3 instances behind nginx,
// `npm run test:cluster`). `npm test` runs unit and api, then the bundle check and the browser
// suite; see scripts/test.mjs.
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

// The machines have 2 cores; more workers only fight over them.
const maxWorkers = 2;

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/domain/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/build/**/*.test.ts',
            'scripts/**/*.test.mjs',
            'eslint.config.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          // The fault tests stop databases and kill servers: `npm run test:faults` runs them;
          // the cluster tests run the production build behind nginx: `npm run test:cluster`.
          exclude: [
            ...configDefaults.exclude,
            'apps/server/test/faults/**',
            'apps/server/test/cluster/**',
          ],
          // One migrated embedded database for the run; each file opens its own from it.
          globalSetup: ['apps/server/test/helpers/pglite-template.ts'],
          pool: 'forks',
          maxWorkers,
          // Each file migrates a fresh database and some start the server as a process; on a
          // shared 2-core machine under load the slowest took 25 s of a 30 s limit.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // `npm run test:faults`: the shop under faults (fuzzed requests, PostgreSQL stopped,
          // PayPal failing, SIGKILL mid-checkout). They start PostgreSQL clusters and server
          // processes of their own, so one file at a time.
          name: 'faults',
          environment: 'node',
          include: ['apps/server/test/faults/**/*.test.ts'],
          pool: 'forks',
          maxWorkers: 1,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // `npm run test:cluster` (scripts/test-cluster.mjs): 3 instances of the production
          // build behind nginx with PostgreSQL and Redis, one cluster per file, one file at a time.
          name: 'cluster',
          environment: 'node',
          include: ['apps/server/test/cluster/**/*.test.ts'],
          pool: 'forks',
          maxWorkers: 1,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

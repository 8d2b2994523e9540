// Three test projects: `unit` (pure functions of the domain package and the web app), `api`
// (the server through app.inject against a real database: PGlite, or PostgreSQL with
// TEST_DB=postgres) and `faults` (the shop under faults, `npm run test:faults`). `npm test` runs
// unit and api, then the browser suite; see scripts/test.mjs.
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
          include: ['packages/domain/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          // The fault tests stop databases and kill servers: `npm run test:faults` runs them.
          exclude: [...configDefaults.exclude, 'apps/server/test/faults/**'],
          pool: 'forks',
          maxWorkers,
          // Each file migrates a fresh database and some start the server as a process.
          testTimeout: 30_000,
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
    ],
  },
});

// Two test projects: `unit` (pure functions of the domain package and the web app) and `api`
// (the server through app.inject against a real database: PGlite, or PostgreSQL with
// TEST_DB=postgres). `npm test` runs both, then the browser suite; see scripts/test.mjs.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
          pool: 'forks',
          maxWorkers,
          // Each file migrates a fresh database and some start the server as a process.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

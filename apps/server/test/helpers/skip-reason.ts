// A suite that may be skipped says why in its options: `npm test` (scripts/lib/test-summary.mjs)
// reads the reason from the report's `meta.skipReason` and lists it under "Skipped:", so a
// green run never hides tests that did not run. Tests inherit their suite's meta.
declare module 'vitest' {
  interface TaskMeta {
    skipReason?: string;
  }
}

export const skipReason = (reason: string) => ({ meta: { skipReason: reason } });

/** For suites that run on one kind of test database only (runIf / skipIf on testDatabaseKind). */
export const onPostgresOnly = skipReason(
  'runs on PostgreSQL only: the PostgreSQL pass of npm test runs it when TEST_DATABASE_URL is set',
);
export const onEmbeddedOnly = skipReason(
  'runs on the embedded database only: the PGlite pass of npm test runs it',
);
/** For the fault tests that start a PostgreSQL server of their own (Debian's postgresql). */
export const noPostgresServer = skipReason(
  'no PostgreSQL server installed under /usr/lib/postgresql',
);
export const noTestDatabaseUrl = skipReason('needs PostgreSQL: TEST_DATABASE_URL is not set');

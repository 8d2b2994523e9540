import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { readTemplate } from './pglite-template.ts';

/** Which database the API tests run on: TEST_DB=postgres with TEST_DATABASE_URL, else PGlite. */
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'embedded';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The connection string of the fresh database, for tests that start a server process. */
  url?: string;
  drop(): Promise<void>;
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (a PostgreSQL server URL)');
  return url;
}

/** Each test file gets an empty, migrated database of its own: a new PostgreSQL database or an in-memory PGlite. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind === 'embedded') {
    // From the run's migrated image when vitest's global setup made one (pglite-template.ts);
    // migrate() then finds nothing to do.
    const template = inject('pgliteTemplate');
    const handle = await openDatabase(template ? { loadDataDir: readTemplate(template) } : {});
    await handle.migrate();
    return { handle, drop: () => handle.close() };
  }
  const name = `proshop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), maxConnections: 20 });
  await handle.migrate();
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: serverUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';

/** A database or a transaction handle: repositories take either. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'embedded' | 'postgres';
  /** PostgreSQL's connection string, for sessions of their own such as a LISTEN connection. */
  url?: string;
  /** PostgreSQL's pool, for the read router's queries on the primary (db/replicas). */
  pool?: pg.Pool;
  /** Runs pending migrations; with PostgreSQL, one instance at a time. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** Folder for the embedded database; absent means in memory (tests). */
  dataDir?: string | undefined;
  /**
   * An in-memory database's starting files (a tar of a data folder, PGlite's dumpDataDir): the
   * API tests open each file's database from one migrated image instead of creating and
   * migrating it every time (apps/server/test/helpers/pglite-template.ts).
   */
  loadDataDir?: Blob | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

// In the bundle this file's code lives in dist/server.js and the build copies the migrations
// beside it, so the same relative address works from the sources and from the build.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any 64-bit number unique to this app: the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 7_203_114_801;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(options.url, options.maxConnections ?? 10)
    : openEmbedded(options.dataDir, options.loadDataDir);
}

/** Extensions the migrations create; PGlite can only load those it is given here. */
const extensions = { pg_trgm };

/**
 * PGlite's start options (docs/decisions/0033): they replace PGlite's defaults, so those come
 * first, then shared_buffers at 16 MB instead of PostgreSQL's 128 MB. Here the buffers live in
 * the WebAssembly memory, which only grows: at 128 MB it grew to 189 MB under the demo shop and
 * stayed there, for no measured gain, since the operating system's page cache holds the data
 * files anyway and the catalogue's reads come from the catalogue cache.
 */
const embeddedOptions = {
  extensions,
  startParams: [
    ...['--single', '-F', '-O', '-j', '-c', 'search_path=public', '-c', 'exit_on_error=false'],
    ...['-c', 'log_checkpoints=false', '-c', 'max_worker_processes=0'],
    ...['-c', 'max_parallel_workers=0', '-c', 'max_parallel_workers_per_gather=0'],
    ...['-c', 'io_method=sync', '-c', 'max_parallel_maintenance_workers=0'],
    ...['-c', 'shared_buffers=16MB'],
  ],
};

/**
 * Creates a new embedded database's files (PostgreSQL's initdb) in a short-lived child process.
 * In this process it would run a second WebAssembly instance and copy the data folder's image
 * through memory: the server peaked at 830 MB instead of 330, and kept some 80 MB of it for
 * good, which the C allocator holds once freed (docs/decisions/0033). Opened afterwards as on
 * any restart.
 */
async function createDataFiles(folder: string): Promise<void> {
  if (existsSync(join(folder, 'PG_VERSION'))) return;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // Exits by itself once closed: PGlite may leave a handle that would keep the child waiting.
  const code = `require(${JSON.stringify(pglite)}).PGlite.create(${JSON.stringify(folder)})
    .then((db) => db.close()).then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });`;
  await promisify(execFile)(process.execPath, ['-e', code], { timeout: 120_000 });
}

async function openEmbedded(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<DatabaseHandle> {
  let releaseLock = () => {};
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(join(dataDir, 'pglite.lock'));
    try {
      await createDataFiles(join(dataDir, 'pglite'));
      client = await PGlite.create(join(dataDir, 'pglite'), embeddedOptions);
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    client = await PGlite.create(
      loadDataDir ? { ...embeddedOptions, loadDataDir } : embeddedOptions,
    );
  }
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db,
    kind: 'embedded',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      if (closed) throw new Error('The database is closed');
      await client.query('select 1');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      releaseLock();
    },
  };
}

/**
 * The files of a new, migrated in-memory database as a tar (PGlite's dumpDataDir), to open
 * others from with `loadDataDir`: creating a database (initdb) costs seconds of CPU in
 * WebAssembly, loading an image well under one.
 */
export async function migratedEmbeddedImage(): Promise<Blob> {
  const client = await PGlite.create(embeddedOptions);
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * A pool of connections to one PostgreSQL server, with the shop's settings: the primary's
 * (openPostgres) and each read replica's (db/replicas) are made alike.
 */
export function createPostgresPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // Fail fast while the database is down, so callers get a 503 instead of a hung request.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    query_timeout: 15_000,
    // The shop's queries are short; PostgreSQL's JIT compiler, which starts above an estimated
    // cost, spent some 200 ms compiling filtered lists whose EXISTS on the variants it costs per
    // row though it runs for few (docs/decisions/0019), several times the query itself. Set on
    // each new connection before the pool hands it out (a startup option instead would be
    // refused by connection poolers such as PgBouncer); a server without JIT ignores it.
    // Not awaited: a client runs its queries in the order they were sent, so the SET comes
    // before whatever the pool's borrower sends next.
    onConnect: (client) => void client.query('set jit = off').catch(() => {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const pool = createPostgresPool(url, max);
  const db = drizzlePg({ client: pool, schema });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    url,
    pool,
    migrate: async () => {
      // A connection of its own, without the pool's 15 s query timeout: a migration may backfill
      // a large shop's tables in one statement (0028's rollups of every paid order).
      const connection = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
      // A connection lost mid-migration fails the query below; unheard, its 'error' would crash.
      connection.on('error', () => {});
      await connection.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder });
      } finally {
        await connection
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
          .catch(() => {});
        await connection.end();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

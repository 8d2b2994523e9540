import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { products } from '../src/db/schema.ts';
import { createTestDatabase, testDatabaseKind } from './helpers/test-database.ts';
import { onPostgresOnly } from './helpers/skip-reason.ts';
import { seedShop, snapshot } from './helpers/transfer-fixtures.ts';

/** How many migrations the folder holds, from drizzle-kit's journal. */
function migrationCount(): number {
  const journal = new URL('../src/db/migrations/meta/_journal.json', import.meta.url);
  return (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

const migrationsFolder = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

/** Empties the test database's schemas, as a database no ProShop has started on. */
async function emptyDatabase(handle: DatabaseHandle) {
  await handle.db.execute(sql`drop schema public cascade`);
  await handle.db.execute(sql`drop schema if exists drizzle cascade`);
  await handle.db.execute(sql`create schema public`);
}

/** Applies the first `count` migrations only, as the ProShop that had no more did. */
async function migrateFirst(handle: DatabaseHandle, count: number) {
  const folder = mkdtempSync(join(tmpdir(), 'proshop-migrations-'));
  try {
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, count);
    writeFileSync(journalPath, JSON.stringify(journal));
    if (handle.kind === 'embedded') {
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    } else {
      await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('migrations', () => {
  it('keep every row of a shop at the previous migration when it upgrades to the newest', async () => {
    const t = await createTestDatabase();
    try {
      await emptyDatabase(t.handle);
      await migrateFirst(t.handle, migrationCount() - 1);
      await seedShop(t.handle.db);
      const before = await snapshot(t.handle.db);
      await t.handle.migrate();
      const after = await snapshot(t.handle.db);
      // Every row still there with every value it had; columns the upgrade added are left out.
      for (const [table, rows] of Object.entries(before)) {
        const columns = Object.keys(JSON.parse(rows[0] ?? '{}') as object);
        const valuesOf = (found: string[] = []) =>
          found
            .map((row) => {
              const values = JSON.parse(row) as Record<string, unknown>;
              return JSON.stringify(columns.map((name) => values[name]));
            })
            .sort();
        expect(valuesOf(after[table]), table).toEqual(valuesOf(rows));
      }
    } finally {
      await t.drop();
    }
  });

  it('are idempotent: running them again on a migrated database changes nothing', async () => {
    const t = await createTestDatabase();
    try {
      await t.handle.db.insert(products).values({
        name: 'Kept',
        image: '/images/sample.webp',
        brand: 'b',
        category: 'c',
        description: 'd',
      });
      await t.handle.migrate();
      expect(await t.handle.db.$count(products)).toBe(1);
    } finally {
      await t.drop();
    }
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'run once when several instances start together (advisory lock)',
    onPostgresOnly,
    async () => {
      const t = await createTestDatabase();
      await t.handle.db.execute(sql`drop schema public cascade`);
      await t.handle.db.execute(sql`drop schema if exists drizzle cascade`);
      await t.handle.db.execute(sql`create schema public`);
      const instances = await Promise.all(
        [1, 2, 3, 4].map(() => openDatabase({ url: t.url, maxConnections: 2 })),
      );
      try {
        await Promise.all(instances.map((instance) => instance.migrate()));
        const applied = await t.handle.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect((applied as { rows: { n: number }[] }).rows[0]?.n).toBe(migrationCount());
        expect(await t.handle.db.$count(products)).toBe(0);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
        await t.drop();
      }
    },
  );
});

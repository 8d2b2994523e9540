import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { products } from '../src/db/schema.ts';
import { createTestDatabase, testDatabaseKind } from './helpers/test-database.ts';
import { onPostgresOnly } from './helpers/skip-reason.ts';

/** How many migrations the folder holds, from drizzle-kit's journal. */
function migrationCount(): number {
  const journal = new URL('../src/db/migrations/meta/_journal.json', import.meta.url);
  return (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

describe('migrations', () => {
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

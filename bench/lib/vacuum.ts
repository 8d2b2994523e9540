import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';

/**
 * Vacuums and analyses freshly loaded tables, as autovacuum does for a shop in use, until every
 * page is marked all-visible. A vacuum that runs while another transaction holds an older snapshot
 * (autovacuum analysing the table just loaded, say) marks nothing; index-only scans, such as the
 * one that skips the orders before an admin list page, then read every row from the table.
 */
export async function vacuumLikeAutovacuum(db: Database, tables: string[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await db.execute(sql.raw(`vacuum analyze ${tables.join(', ')}`));
    const result = await db.execute(sql`
      select relname, relpages, relallvisible from pg_class
      where relname in ${tables} and relallvisible < relpages`);
    const behind = (result as { rows: { relname: string }[] }).rows;
    if (behind.length === 0) return;
    if (attempt === 10) {
      console.warn(
        `Some pages are still not all-visible: ${behind.map((row) => row.relname).join(', ')}`,
      );
      return;
    }
    await sleep(500);
  }
}

import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';

/**
 * PostgreSQL's plan of a query (drizzle's `.toSQL()`), with sequential scans discouraged as on a
 * large table, so that a test can check which index a list is read from. `bitmapScans: false`
 * discourages bitmap scans too, as where a condition matches most of a large table.
 */
export async function planOf(
  db: Database,
  query: { sql: string; params: unknown[] },
  options: { bitmapScans?: boolean } = {},
): Promise<string> {
  // EXPLAIN cannot take bound parameters here: inline them as SQL literals.
  const text = query.sql.replace(/\$(\d+)/g, (_match, n: string) => {
    const value = query.params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (options.bitmapScans === false) await tx.execute(sql`set local enable_bitmapscan = off`);
    const result = await tx.execute(sql.raw(`explain ${text}`));
    return (result as { rows: Record<string, string>[] }).rows
      .map((row) => Object.values(row).join(' '))
      .join('\n');
  });
}

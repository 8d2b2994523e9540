import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * The rows of a raw statement. PGlite and node-postgres both answer `{ rows }`, but Drizzle types
 * the raw result per driver, so the shape is stated here once.
 */
export async function queryRows<Row extends Record<string, unknown>>(
  db: Database,
  query: SQL,
): Promise<Row[]> {
  const result: unknown = await db.execute<Row>(query);
  return (result as { rows: Row[] }).rows;
}

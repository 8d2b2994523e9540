import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { CATALOGUE_CHANNEL, LISTENER_LOCK } from './channels.ts';

/**
 * Tells every instance listening on the database that the catalogue changed, and returns the
 * backend ids of their listening sessions. Run it inside the writing transaction: PostgreSQL
 * delivers the notification when, and only if, the transaction commits, to every session that
 * listened before the commit, so every session listed here.
 */
export async function announceCatalogueChange(tx: Database, changeId = ''): Promise<number[]> {
  const result: unknown = await tx.execute(sql`
    select pg_notify(${CATALOGUE_CHANNEL}, ${changeId}), (
      select array_agg(pid) from pg_locks
       where locktype = 'advisory' and granted
         and database = (select oid from pg_database where datname = current_database())
         and classid = ${LISTENER_LOCK.classId} and objid = ${LISTENER_LOCK.objId} and objsubid = 2
    ) as sessions`);
  // Both drivers answer `{ rows }`; Drizzle types the raw result per driver.
  const [row] = (result as { rows: { sessions: number[] | null }[] }).rows;
  return row?.sessions ?? [];
}

/**
 * What a service needs to change anything the public catalogue reads show: products, their
 * stock, reviews and ratings, and the paid orders behind the "verified purchase" badge.
 */
export interface CatalogueChanges {
  /**
   * Runs `work` in a transaction that announces the change to every instance. It returns once
   * the transaction committed and every instance (this one included) dropped its cached
   * answers, so the caller's next read, on any instance, sees the change.
   */
  change<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T>;
}

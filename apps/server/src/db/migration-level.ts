import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './client.ts';
import { queryRows } from './sql-rows.ts';

const journalPath = fileURLToPath(new URL('./migrations/meta/_journal.json', import.meta.url));

const journalSchema = z.object({
  entries: z.array(z.object({ tag: z.string(), when: z.number() })).min(1),
});

function journal() {
  return journalSchema.parse(JSON.parse(readFileSync(journalPath, 'utf8'))).entries;
}

/** The newest migration this version of ProShop has, e.g. `0004_mail_outbox`. */
export function latestMigration(): string {
  return journal().at(-1)!.tag;
}

/**
 * The newest migration applied to a database. Drizzle records each applied migration with the
 * journal's `when` of its file; one this version does not know (a newer ProShop's) is named by
 * that number.
 */
export async function appliedMigration(db: Database): Promise<string> {
  const [newest] = await queryRows<{ created_at: string }>(
    db,
    sql`select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!newest) return 'none';
  const entry = journal().find((candidate) => String(candidate.when) === newest.created_at);
  return entry?.tag ?? `unknown (${newest.created_at})`;
}

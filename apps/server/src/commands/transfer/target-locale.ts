import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/sql-rows.ts';

/**
 * A warning when the database's character type is C or POSIX. There lower() changes only A-Z,
 * so the catalogue's lower-cased search text keeps Ü or É as they are and a search for "über"
 * misses "Über"; the embedded database (C.UTF-8) lowers every letter. Answers undefined when
 * the database lowers every letter.
 */
export async function caseFoldingWarning(db: Database): Promise<string | undefined> {
  const [found] = await queryRows<{ ctype: string }>(
    db,
    sql`select datctype as ctype from pg_database where datname = current_database()`,
  );
  if (!found || !/^(C|POSIX)$/i.test(found.ctype)) return undefined;
  return (
    `Note: this database was created with LC_CTYPE=${found.ctype}, which lower-cases only A to Z: ` +
    `searches for words with letters such as Ü or É become case-sensitive. For the same search ` +
    `as before, create the database with a UTF-8 locale ` +
    `(createdb --template=template0 --locale=C.UTF-8 <name>) and import again.`
  );
}

import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ExportReader } from './export-reader.ts';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  endSchema,
  headerSchema,
  tableEndSchema,
  tableStartSchema,
  type ExportHeader,
  type TableCount,
} from './export-format.ts';
import { announceCatalogueChange } from '../../modules/catalogue-cache/catalogue-changes.ts';
import {
  clearShippingSettings,
  holdsDefaultShippingSettings,
  SHIPPING_SETTINGS_TABLES,
} from '../../modules/shipping/default-settings.ts';
import { latestMigration } from '../../db/migration-level.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { databaseMessage, TransferError } from './transfer-error.ts';
import { transferTables, type TransferTable } from './transfer-tables.ts';

/** Rows per INSERT, and a cap on their text, so that large rows (e-mail bodies) stay small batches. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 2_000_000;

/**
 * Fills an empty, migrated database with the rows of an export, keeping ids and timestamps.
 * Everything happens in one transaction: a refused target, a damaged or incomplete file or a
 * row the database rejects leaves the target exactly as it was.
 */
export async function importShop(
  db: Database,
  lines: AsyncIterable<string>,
): Promise<{ header: ExportHeader; counts: TableCount[] }> {
  const reader = new ExportReader(lines);
  try {
    const header = await readHeader(reader);
    const counts = await db.transaction(async (tx) => {
      await refuseUnlessEmpty(tx);
      const written: TableCount[] = [];
      for (const table of transferTables) written.push(await importTable(tx, table, reader));
      const end = await reader.record(endSchema, 'the end of the export');
      if (end.tables !== transferTables.length) throw reader.damaged('the table count differs');
      if (!(await reader.atEnd())) throw reader.damaged('more follows the end of the export');
      await verifyCounts(tx, written);
      await moveSequencesOn(tx);
      // Shops already running on this database drop the empty catalogue they may have cached.
      await announceCatalogueChange(tx);
      return written;
    });
    return { header, counts };
  } finally {
    await reader.close();
  }
}

async function readHeader(reader: ExportReader): Promise<ExportHeader> {
  const first = await reader.next('the export header');
  let header: ExportHeader;
  try {
    header = headerSchema.parse(JSON.parse(first));
  } catch {
    throw new TransferError(
      `This is not a ProShop export: its first line is not a "${EXPORT_FORMAT}" header.`,
    );
  }
  if (header.version !== EXPORT_VERSION) {
    throw new TransferError(
      `The export is in format version ${header.version}; this version of ProShop reads version ${EXPORT_VERSION}. Export and import with the same version of ProShop.`,
    );
  }
  const latest = latestMigration();
  if (header.migration !== latest) {
    throw new TransferError(
      `The export was made from a database at migration ${header.migration}; this version of ProShop creates databases at migration ${latest}. Export and import with the same version of ProShop.`,
    );
  }
  return header;
}

async function countRows(db: Database, table: string): Promise<number> {
  const [found] = await queryRows<{ rows: number }>(
    db,
    sql`select count(*)::int as rows from ${sql.identifier(table)}`,
  );
  return found!.rows;
}

/**
 * Refuses a target that holds rows, except for the shipping and tax settings every migrated
 * database starts with (migration 0026): when they are exactly those, they are emptied here, in
 * the import's transaction, and the export's own take their place.
 */
async function refuseUnlessEmpty(db: Database): Promise<void> {
  const defaultSettings = await holdsDefaultShippingSettings(db);
  const filled: string[] = [];
  for (const table of transferTables) {
    if (defaultSettings && SHIPPING_SETTINGS_TABLES.includes(table.name)) continue;
    const rows = await countRows(db, table.name);
    if (rows > 0) filled.push(`${table.name}: ${rows}`);
  }
  if (filled.length === 0) {
    if (defaultSettings) await clearShippingSettings(db);
    return;
  }
  throw new TransferError(
    `The target database is not empty (${filled.join(', ')}); nothing was changed. The import ` +
      `only fills an empty database, so that no row is overwritten or mixed with others. Import ` +
      `into a new database, or drop and create this one again if its rows may go (such as the ` +
      `demo catalogue a shop seeds when it starts on an empty database).`,
  );
}

async function importTable(
  db: Database,
  table: TransferTable,
  reader: ExportReader,
): Promise<TableCount> {
  const start = await reader.record(tableStartSchema, `the start of table ${table.name}`);
  if (start.table !== table.name || start.columns.join() !== table.columns.join()) {
    throw reader.damaged(
      `expected table ${table.name} (${table.columns.join(', ')}), found ${start.table} (${start.columns.join(', ')})`,
    );
  }
  const hash = createHash('sha256');
  let rows = 0;
  let batch: Record<string, string | null>[] = [];
  let batchChars = 0;
  for (;;) {
    const text = await reader.next(`rows of table ${table.name} or its end`);
    if (!text.startsWith('[')) {
      await insertRows(db, table, batch);
      const end = reader.parse(text, tableEndSchema, `the end of table ${table.name}`);
      if (end.tableEnd !== table.name || end.rows !== rows) {
        throw reader.damaged(`table ${table.name} should end after ${end.rows} rows, not ${rows}`);
      }
      if (end.sha256 !== hash.digest('hex')) {
        throw reader.damaged(`the rows of table ${table.name} do not match their checksum`);
      }
      return { table: table.name, rows };
    }
    const row = reader.row(text, table.columns.length);
    hash.update(`${text}\n`);
    rows += 1;
    batch.push(Object.fromEntries(table.columns.map((column, index) => [column, row[index]!])));
    batchChars += text.length;
    if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) {
      await insertRows(db, table, batch);
      batch = [];
      batchChars = 0;
    }
  }
}

/** PostgreSQL parses each text back into its column's type, as it printed it for the export. */
async function insertRows(
  db: Database,
  table: TransferTable,
  batch: Record<string, string | null>[],
): Promise<void> {
  if (batch.length === 0) return;
  const name = sql.identifier(table.name);
  const columns = sql.join(
    table.columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  // json_populate_recordset parses every value into its column's type except for json and jsonb
  // columns, which take the JSON value as it is: the export's text of `{"Size": "M"}` would be
  // stored as a JSON string. Its text is taken out of that string and parsed.
  const values = sql.join(
    table.columns.map((column) => {
      const type = table.json[column];
      return type
        ? sql`(${sql.identifier(column)} #>> '{}')::${sql.raw(type)}`
        : sql.identifier(column);
    }),
    sql`, `,
  );
  try {
    await db.execute(
      sql`insert into ${name} (${columns})
          select ${values} from json_populate_recordset(null::${name}, ${JSON.stringify(batch)}::json)`,
    );
  } catch (error) {
    throw new TransferError(
      `The export file is damaged: the database refused a row of table ${table.name} (${databaseMessage(error)}). Export the shop again.`,
    );
  }
}

/**
 * The import wrote the numbers of identity columns (orders' numbers) itself, which leaves their
 * sequences where a new database starts them: each moves on past the highest number imported, so
 * the next order gets the next number, not one already taken. No rows: the sequence stays.
 */
async function moveSequencesOn(db: Database): Promise<void> {
  for (const table of transferTables) {
    for (const column of table.identity) {
      await db.execute(
        sql`select setval(pg_get_serial_sequence(quote_ident(${table.name}), ${column}), max(${sql.identifier(column)}))
            from ${sql.identifier(table.name)}`,
      );
    }
  }
}

/** Counts again inside the transaction: what the target holds is what the file held. */
async function verifyCounts(db: Database, written: TableCount[]): Promise<void> {
  for (const { table, rows } of written) {
    const held = await countRows(db, table);
    if (held !== rows) {
      throw new TransferError(
        `Table ${table} would hold ${held} rows instead of the ${rows} of the export; nothing was imported.`,
      );
    }
  }
}

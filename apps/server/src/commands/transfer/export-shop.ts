import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportHeader,
  type TableCount,
} from './export-format.ts';
import { appliedMigration } from '../../db/migration-level.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { transferTables, type TransferTable } from './transfer-tables.ts';

/** Where the export goes; `write` resolves when the text may be followed by more (backpressure). */
export interface TextSink {
  write(text: string): Promise<void>;
}

/** Rows read per query: memory stays flat however many orders the shop holds. */
const PAGE_ROWS = 1000;

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

/**
 * Writes every table of the database to `sink` in the export format (export-format.ts). One
 * read-only snapshot, so an export taken from a live PostgreSQL is consistent across tables.
 */
export async function exportShop(
  db: Database,
  sink: TextSink,
  source: ExportHeader['source'],
): Promise<{ header: ExportHeader; counts: TableCount[] }> {
  return db.transaction(
    async (tx) => {
      // Timestamps print with their offset; in UTC every export reads the same.
      await tx.execute(sql`set local timezone = 'UTC'`);
      const header: ExportHeader = {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        migration: await appliedMigration(tx),
        exportedAt: new Date().toISOString(),
        source,
      };
      await sink.write(line(header));
      const counts: TableCount[] = [];
      for (const table of transferTables) counts.push(await exportTable(tx, table, sink));
      await sink.write(line({ end: true, tables: transferTables.length }));
      return { header, counts };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** One table, page by page in primary-key order (keyset paging: each page is an index range). */
async function exportTable(
  db: Database,
  table: TransferTable,
  sink: TextSink,
): Promise<TableCount> {
  await sink.write(line({ table: table.name, columns: table.columns }));
  const values = sql.join(
    table.columns.map((column) => sql`${sql.identifier(column)}::text`),
    sql`, `,
  );
  const key = sql.identifier(table.key);
  const hash = createHash('sha256');
  let rows = 0;
  let after: string | undefined;
  for (;;) {
    const page = await queryRows<{ row: string; key: string }>(
      db,
      sql`select array_to_json(array[${values}])::text as row, ${key}::text as key
          from ${sql.identifier(table.name)}
          ${after === undefined ? sql`` : sql`where ${key} > ${after}`}
          order by ${key} limit ${PAGE_ROWS}`,
    );
    if (page.length > 0) {
      const text = page.map((found) => `${found.row}\n`).join('');
      hash.update(text);
      await sink.write(text);
      rows += page.length;
      after = page.at(-1)!.key;
    }
    if (page.length < PAGE_ROWS) break;
  }
  await sink.write(line({ tableEnd: table.name, rows, sha256: hash.digest('hex') }));
  return { table: table.name, rows };
}

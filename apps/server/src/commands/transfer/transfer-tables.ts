import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema.ts';

export interface TransferTable {
  name: string;
  /** Stored columns in schema order; generated ones are left out (the target computes them). */
  columns: string[];
  /** The single-column primary key that orders and pages the export. */
  key: string;
  /**
   * The json and jsonb columns among `columns`, with their type. The export holds their text like
   * every other value; the import must parse that text, not store it as a JSON string.
   */
  json: Record<string, 'json' | 'jsonb'>;
  /**
   * Identity columns among `columns` (orders.order_number): the import keeps their values, so it
   * must then move their sequences past them.
   */
  identity: string[];
}

const JSON_TYPES = new Set(['json', 'jsonb']);

/** Column types backed by a sequence, which an import with kept ids would have to move on. */
const SEQUENCE_TYPES = new Set(['PgSerial', 'PgSmallSerial', 'PgBigSerial53', 'PgBigSerial64']);

function describe(table: PgTable): TransferTable & { parents: string[] } {
  const config = getTableConfig(table);
  const keys = config.columns.filter((column) => column.primary);
  const key = keys[0];
  if (keys.length !== 1 || !key || config.primaryKeys.length > 0) {
    throw new Error(`Table ${config.name} needs a single-column primary key to be exported`);
  }
  // Every id is a UUID, so an import that keeps ids leaves no sequence behind. An identity column
  // (by default, so the import may write its values) has its sequence set after the import; a
  // serial column would need the same: refuse until that exists.
  const sequenced = config.columns.find(
    (column) =>
      column.generatedIdentity?.type === 'always' || SEQUENCE_TYPES.has(column.columnType),
  );
  if (sequenced) {
    throw new Error(
      `Column ${config.name}.${sequenced.name} takes its values from a sequence, which the import does not set`,
    );
  }
  const stored = config.columns.filter((column) => !column.generated);
  return {
    name: config.name,
    columns: stored.map((column) => column.name),
    key: key.name,
    json: Object.fromEntries(
      stored
        .filter((column) => JSON_TYPES.has(column.getSQLType()))
        .map((column) => [column.name, column.getSQLType() as 'json' | 'jsonb']),
    ),
    identity: stored.filter((column) => column.generatedIdentity).map((column) => column.name),
    parents: config.foreignKeys.map(
      (foreignKey) => getTableConfig(foreignKey.reference().foreignTable).name,
    ),
  };
}

/**
 * Orders tables so that each comes after the tables its foreign keys point to, otherwise by name.
 * The order must not depend on how the schema module was loaded (Node lists a module's exports
 * alphabetically, a bundler in source order): the import expects the export's order.
 */
function parentsFirst(unordered: ReturnType<typeof describe>[]): TransferTable[] {
  const tables = unordered.toSorted((a, b) => a.name.localeCompare(b.name));
  const ordered: TransferTable[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find(
      (table) => !placed.has(table.name) && table.parents.every((parent) => placed.has(parent)),
    );
    if (!next) {
      const rest = tables.filter((table) => !placed.has(table.name)).map((table) => table.name);
      throw new Error(`Cannot order tables ${rest.join(', ')} by their foreign keys`);
    }
    ordered.push({
      name: next.name,
      columns: next.columns,
      key: next.key,
      json: next.json,
      identity: next.identity,
    });
    placed.add(next.name);
  }
  return ordered;
}

/** Every table of the schema, parents before children, so that foreign keys hold during an import. */
export const transferTables: readonly TransferTable[] = parentsFirst(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map(describe),
);

/**
 * Tables outside the Drizzle schema that the export leaves out on purpose: the dashboard's
 * rollups (migration 0028, decision 0049) and the orders' search documents (0029, decision
 * 0051), which the import rebuilds through their triggers as it writes the orders, their lines
 * and the refunds.
 */
export const derivedTables: readonly string[] = [
  'sales_hours',
  'product_sales_hours',
  'order_search_documents',
];

import { PRODUCT_STATUSES, type ProductStatus } from './product-status.ts';

/**
 * The products' CSV (issue #19, docs/decisions/0024): the columns the export writes and the
 * import reads, one line per variant. No zod here: the import screen reads it for its help.
 */

/**
 * The option columns, a name and a value per option (MAX_OPTIONS of them), as Shopify's product
 * CSV has them: any option name or value fits a cell, and the pairs keep the options' order.
 */
export const OPTION_CSV_COLUMNS = [
  ['option1_name', 'option1_value'],
  ['option2_name', 'option2_value'],
  ['option3_name', 'option3_value'],
] as const;

/**
 * Every column, in the export's order. product_id (or, for a new product, group) ties a
 * product's lines together; its own columns (name to status) are given on one of them (the
 * export: the first) or repeated the same; the others are each line's variant's.
 */
export const PRODUCT_CSV_COLUMNS = [
  'product_id',
  'group',
  'name',
  'brand',
  'category',
  'description',
  'price',
  'pictures',
  'low_stock_threshold',
  'status',
  'sku',
  ...OPTION_CSV_COLUMNS.flat(),
  'variant_price',
  'stock',
  'variant_picture',
  'active',
] as const;

export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/**
 * The columns an import file may leave out: `status` came after files were made without it
 * (such a file keeps a product's status, and makes new ones active, as before).
 */
export const OPTIONAL_CSV_COLUMNS: readonly ProductCsvColumn[] = ['status'];

/** Between a product's pictures in the `pictures` column. */
export const PICTURE_SEPARATOR = ' | ';

const ACTIVE_WORDS = new Map([
  ['yes', true],
  ['no', false],
  ['true', true],
  ['false', false],
  ['1', true],
  ['0', false],
]);

/**
 * What the `active` column says, in any case: on offer (yes, true, 1, or empty) or switched off
 * (no, false, 0); undefined for anything else. The export writes yes or no.
 */
export function activeFromCsv(text: string): boolean | undefined {
  return text === '' ? true : ACTIVE_WORDS.get(text.toLowerCase());
}

/**
 * What the `status` column says, in any case: draft or active; null when empty (the product
 * keeps its status, a new one is active); undefined for anything else.
 */
export function statusFromCsv(text: string): ProductStatus | null | undefined {
  if (text === '') return null;
  const status = text.toLowerCase();
  return PRODUCT_STATUSES.find((known) => known === status);
}

/** At most this many lines in one import (written in batches: docs/decisions/0048). */
export const MAX_IMPORT_ROWS = 100_000;
/** The CSV file may be this large (100,000 lines of the export take about 20 MB). */
export const MAX_IMPORT_CSV_BYTES = 32 * 1024 * 1024;
/** The ZIP of pictures may be this large. */
export const MAX_IMPORT_ZIP_BYTES = 50 * 1024 * 1024;
/**
 * At most this many files (folders included) in the ZIP: its directory is not read past them,
 * so a ZIP of a million empty files costs nothing.
 */
export const MAX_IMPORT_ZIP_ENTRIES = 1000;
/**
 * The pictures one import unpacks from its ZIP may come to this much together (each at most an
 * upload's 5 MB). Pictures barely compress, so twice the ZIP's own limit is room enough.
 */
export const MAX_IMPORT_ZIP_UNPACKED_BYTES = 2 * MAX_IMPORT_ZIP_BYTES;
/** At most this many pictures of the ZIP are used by one import. */
export const MAX_IMPORT_PICTURES = 200;

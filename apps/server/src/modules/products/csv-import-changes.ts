import { toCents } from '@proshop/domain/money';
import type { CsvProductRow } from './csv-import-read.ts';
import type { CurrentProduct } from './csv-import-repository.ts';
import type { PlannedProduct, PlannedVariant } from './csv-import-plan.ts';

type StoredVariant = CurrentProduct['variants'][number];

const cents = (amount: string | number | null) => (amount === null ? null : toCents(amount));
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);
/** Brands and categories are found by name in any case (taxonomy/find-or-create.ts). */
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The product's own columns its lines change, plus `options` when its options or their values
 * change and `variant order` when its lines list its variants in another order.
 */
export function productChanges(
  current: CurrentProduct,
  planned: PlannedProduct,
  matched: ReadonlyMap<CsvProductRow, StoredVariant>,
  rows: readonly CsvProductRow[],
): string[] {
  const changes: string[] = [];
  if (current.name !== planned.name) changes.push('name');
  if (!sameName(current.brand, planned.brand)) changes.push('brand');
  if (!sameName(current.category, planned.category)) changes.push('category');
  if (current.description !== planned.description) changes.push('description');
  if (cents(current.price) !== cents(planned.price)) changes.push('price');
  if (!sameList(current.images, planned.images)) changes.push('pictures');
  if (current.lowStockThreshold !== planned.lowStockThreshold) changes.push('low_stock_threshold');
  if (current.status !== planned.status) changes.push('status');
  if (JSON.stringify(current.options) !== JSON.stringify(planned.options)) changes.push('options');
  const kept = rows.flatMap((row) => matched.get(row)?.id ?? []);
  const storedOrder = current.variants.flatMap((variant) =>
    kept.includes(variant.id) ? [variant.id] : [],
  );
  if (!sameList(kept, storedOrder)) changes.push('variant order');
  return changes;
}

/** The variant's columns a line changes. */
export function variantChanges(
  stored: StoredVariant,
  planned: PlannedVariant,
  row: CsvProductRow,
): string[] {
  const changes: string[] = [];
  if (stored.sku !== planned.sku) changes.push('sku');
  if (Object.keys(stored.options).length !== row.variant.options.length) {
    changes.push('option1_name');
  }
  for (const option of row.variant.options) {
    if (stored.options[option.name] !== option.value) changes.push(`option${option.pair}_value`);
  }
  if (cents(stored.price) !== cents(planned.price)) changes.push('variant_price');
  if (stored.countInStock !== planned.countInStock) changes.push('stock');
  if (stored.image !== planned.image) changes.push('variant_picture');
  if (stored.active !== planned.active) changes.push('active');
  return changes;
}

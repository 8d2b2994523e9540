import type { ImportError } from '@proshop/domain/product-import-schemas';
import type { Database } from '../../db/client.ts';
import type { CsvProductRow } from './csv-import-read.ts';
import { findExistingProductIds, findSkuOwners } from './csv-import-repository.ts';

/** The lines of one product: a stored one (by id, or by a SKU it has) or one to make. */
export interface ProductGroup {
  productId: string | null;
  rows: CsvProductRow[];
}

/** Each SKU once in the file (any case): a later line naming it again is an error. */
function checkRepeatedSkus(rows: readonly CsvProductRow[], errors: ImportError[]) {
  const firstLine = new Map<string, number>();
  for (const { line, variant } of rows) {
    if (variant.sku === '') continue;
    const key = variant.sku.toLowerCase();
    const first = firstLine.get(key);
    if (first === undefined) firstLine.set(key, line);
    else
      errors.push({ line, column: 'sku', message: `SKU ${variant.sku} is also on line ${first}` });
  }
}

/**
 * Puts the lines into products (docs/decisions/0024): a line belongs to the product its
 * product_id names, else to the product that has its SKU, else to the new product of its group
 * (lines sharing a `group` value), else it makes a product alone. A group whose lines name a
 * stored product is that product. Products come in the order of their first lines.
 */
export async function groupRows(
  db: Database,
  rows: readonly CsvProductRow[],
  errors: ImportError[],
): Promise<ProductGroup[]> {
  checkRepeatedSkus(rows, errors);
  const existing = await findExistingProductIds(db, [
    ...new Set(rows.flatMap((row) => row.productId ?? [])),
  ]);
  const owners = await findSkuOwners(db, [
    ...new Set(rows.flatMap((row) => row.variant.sku || [])),
  ]);
  const named = rows.map((row) => {
    if (row.productId && !existing.has(row.productId)) {
      errors.push({
        line: row.line,
        column: 'product_id',
        message: 'No product has this id: leave it empty to create a product',
      });
      return null;
    }
    const owner = row.variant.sku ? owners.get(row.variant.sku.toLowerCase()) : undefined;
    if (row.productId && owner && owner.productId !== row.productId) {
      errors.push({
        line: row.line,
        column: 'sku',
        message: `SKU ${row.variant.sku} belongs to another product, ${owner.name}: change it there first`,
      });
    }
    return row.productId ?? owner?.productId ?? null;
  });

  const groupProduct = new Map<string, string | null>();
  for (const [index, row] of rows.entries()) {
    if (row.group === '') continue;
    const id = named[index] ?? null;
    const known = groupProduct.get(row.group);
    if (known === undefined || known === null) groupProduct.set(row.group, id ?? known ?? null);
    else if (id !== null && id !== known) {
      errors.push({
        line: row.line,
        column: 'group',
        message: `The lines of group ${row.group} belong to different products: one group is one product`,
      });
    }
  }

  const groups = new Map<string, ProductGroup>();
  for (const [index, row] of rows.entries()) {
    const productId = named[index] ?? (row.group ? groupProduct.get(row.group) : null) ?? null;
    const key = productId
      ? `id:${productId}`
      : row.group
        ? `group:${row.group}`
        : `line:${row.line}`;
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { productId, rows: [row] });
  }
  return [...groups.values()];
}

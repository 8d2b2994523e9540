import { products } from '../../db/schema/products.ts';

/**
 * What the products' CSV (packages/domain/src/product-csv.ts) holds of a product itself, as
 * stored: its id, its own columns (name to status) and its options (the order of the
 * option columns). The export writes it and the import compares a line with it: one list, so
 * that a new column cannot reach one and miss the other.
 */
export const csvProductColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  category: products.category,
  description: products.description,
  price: products.price,
  images: products.images,
  options: products.options,
  lowStockThreshold: products.lowStockThreshold,
  status: products.status,
};

/** A stored product as the CSV's columns read it (csvProductColumns). */
export type CsvProduct = Pick<typeof products.$inferSelect, keyof typeof csvProductColumns>;

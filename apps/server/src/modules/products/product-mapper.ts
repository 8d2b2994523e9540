import type { Product } from '@proshop/domain/product-schemas';
import { asc, getTableColumns, sql } from 'drizzle-orm';
import { products } from '../../db/schema.ts';

// Every column but the search columns, which only the database reads.
const {
  searchText: _searchText,
  searchName: _searchName,
  searchBrandCategory: _searchBrandCategory,
  ...columns
} = getTableColumns(products);

/** The columns of a product as the shop reads it (the search columns left out). */
export const productColumns = columns;

/**
 * Newest first: exactly the order of products_created_at_idx (drizzle-kit made it `desc nulls
 * last`), so that a page can be read from the index instead of sorting the catalogue.
 */
export const newestProductsFirst = [sql`${products.createdAt} desc nulls last`, asc(products.id)];

/** A stored product without its search columns. */
export type ProductRow = Omit<
  typeof products.$inferSelect,
  'searchText' | 'searchName' | 'searchBrandCategory'
>;

/** A stored product as the API sends it: `_id`, money and rating as numbers. */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    price: Number(row.price),
    countInStock: row.countInStock,
    description: row.description,
    brand: row.brand,
    category: row.category,
    rating: Number(row.rating),
    numReviews: row.numReviews,
    createdAt: row.createdAt.toISOString(),
  };
}

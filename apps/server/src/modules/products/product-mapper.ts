import type { Product } from '@proshop/domain/product-schemas';
import type { products } from '../../db/schema.ts';

/** A stored product without its search column, which only the database reads. */
export type ProductRow = Omit<typeof products.$inferSelect, 'searchText'>;

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

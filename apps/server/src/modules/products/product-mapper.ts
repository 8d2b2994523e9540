import type { Product } from '@proshop/domain/product-schemas';
import type { products } from '../../db/schema.ts';

export type ProductRow = typeof products.$inferSelect;

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

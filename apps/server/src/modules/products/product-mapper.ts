import type { Product, ProductVariant } from '@proshop/domain/product-schemas';
import type { AdminVariant } from '@proshop/domain/variant-schemas';
import { asc, getTableColumns, sql } from 'drizzle-orm';
import { products } from '../../db/schema/products.ts';
import { brands, categories } from '../../db/schema/taxonomy.ts';
import type { VariantRow } from './variants-repository.ts';

// Every column but the search columns and the option values on offer, which only the
// database reads.
const {
  searchText: _searchText,
  searchName: _searchName,
  searchBrandCategory: _searchBrandCategory,
  optionValues: _optionValues,
  ...columns
} = getTableColumns(products);

/**
 * The columns of a product as the shop reads it (the search columns left out), with the slugs of
 * its category and brand for links. The slugs are subqueries rather than joins, so that every
 * query of products keeps its shape (and its plan: a page is still read from one index).
 */
export const productColumns = {
  ...columns,
  categorySlug: sql<
    string | null
  >`(select ${categories.slug} from ${categories} where ${categories.id} = ${products.categoryId})`,
  brandSlug: sql<
    string | null
  >`(select ${brands.slug} from ${brands} where ${brands.id} = ${products.brandId})`,
};

/**
 * Newest first: exactly the order of products_created_at_idx (drizzle-kit made it `desc nulls
 * last`), so that a page can be read from the index instead of sorting the catalogue.
 */
export const newestProductsFirst = [sql`${products.createdAt} desc nulls last`, asc(products.id)];

/** A stored product without the columns only the database reads, with its category's and brand's slugs. */
export type ProductRow = Omit<
  typeof products.$inferSelect,
  'searchText' | 'searchName' | 'searchBrandCategory' | 'optionValues'
> & { categorySlug: string | null; brandSlug: string | null };

/** A stored product as the API sends it: `_id`, money and rating as numbers. */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    images: row.images,
    price: Number(row.price),
    minPrice: Number(row.minPrice),
    maxPrice: Number(row.maxPrice),
    countInStock: row.countInStock,
    variantCount: row.variantCount,
    description: row.description,
    brand: row.brand,
    category: row.category,
    brandSlug: row.brandSlug,
    categorySlug: row.categorySlug,
    rating: Number(row.rating),
    numReviews: row.numReviews,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A stored variant as the API sends it (`price` and `image` null: the product's own). */
export function toVariant(row: VariantRow): ProductVariant {
  return {
    _id: row.id,
    sku: row.sku,
    options: row.options,
    price: row.price === null ? null : Number(row.price),
    countInStock: row.countInStock,
    image: row.image,
    active: row.active,
  };
}

/** A stored variant as the admin's screens get it: with its weight (issue #38). */
export function toAdminVariant(row: VariantRow): AdminVariant {
  return { ...toVariant(row), weightGrams: row.weightGrams };
}

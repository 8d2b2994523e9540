// The tables the products module (apps/server/src/modules/products/) owns: only it writes them
// (README, Architecture). Other modules read them only where eslint.config.js allows it.
import { PRODUCT_STATUSES } from '@proshop/domain/product-status';
import type { OptionChoice, ProductOption } from '@proshop/domain/variants';
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, money } from './columns.ts';
import { taxClasses } from './shipping.ts';
import { brands, categories } from './taxonomy.ts';
import { users } from './users.ts';

export const products = pgTable(
  'products',
  {
    id: id(),
    /** The admin who created it; kept null when that account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The main picture: always the first of `images` (a CHECK keeps them together). */
    image: text('image').notNull(),
    /** Every picture in the admin's order, 1 to 12, the main one first. */
    images: text('images').array().notNull(),
    /**
     * The names of the product's brand and category ('' for none), copied from their records in
     * the same transaction as every rename or merge: the search's generated columns read them
     * (a generated column cannot read another table). docs/decisions/0018.
     */
    brand: text('brand').notNull(),
    category: text('category').notNull(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    /** What a variant without its own price sells at. */
    price: money('price').notNull().default('0'),
    /** Its options and their values in the admin's order, `[]` without (docs/decisions/0019). */
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    /**
     * A summary of the variants, kept by products/variant-summary.ts in the transaction of every
     * change of them, so that lists, filters and sorts read one row per product: the stock of the
     * variants offered together, the lowest and highest price they sell at, how many there are.
     */
    countInStock: integer('count_in_stock').notNull().default(0),
    minPrice: money('min_price').notNull().default('0'),
    maxPrice: money('max_price').notNull().default('0'),
    variantCount: integer('variant_count').notNull().default(1),
    /** What the product is taxed as (issue #38); null: the shop's default class (Standard). */
    taxClassId: uuid('tax_class_id').references(() => taxClasses.id, { onDelete: 'restrict' }),
    /** Units at or below which a variant is low on stock; null: the shop's LOW_STOCK_THRESHOLD. */
    lowStockThreshold: integer('low_stock_threshold'),
    /**
     * The option values on offer, one `Name:Value` each ('Size:M'; a name holds no ':'), in no
     * particular order: those of the variants switched on, `{}` without options. The option
     * facets count them and the option filter reads them before the variants.
     */
    optionValues: text('option_values')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
    numReviews: integer('num_reviews').notNull().default(0),
    /** Units taken from stock by paid orders less those given back: the best-selling sort. */
    unitsSold: integer('units_sold').notNull().default(0),
    /** `draft`: seen by admins only (catalogue-visibility.ts); `active`: in the shop. */
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The searched texts, lower-cased, in one column for one trigram index (docs/decisions/0004):
     * `LIKE` on it is ILIKE without lower-casing every row again. A newline separates the fields
     * so that a search word (which never holds one) cannot span two.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${products.name} || E'\\n' || ${products.brand} || E'\\n' || ${products.category} || E'\\n' || ${products.description})`,
      ),
    /**
     * The name, and the brand and category, lower-cased for the search's ranks (name first, then
     * brand or category): each has a trigram index, so that the few products matching there are
     * found without reading every match of search_text (docs/decisions/0004).
     */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${products.name})`),
    searchBrandCategory: text('search_brand_category')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`lower(${products.brand} || E'\\n' || ${products.category})`,
      ),
  },
  (table) => [
    check('products_count_in_stock_check', sql`${table.countInStock} >= 0`),
    check('products_price_check', sql`${table.price} >= 0`),
    check('products_status_check', sql`${table.status} in ('draft', 'active')`),
    check(
      'products_images_check',
      sql`cardinality(${table.images}) between 1 and 12 and ${table.images}[1] = ${table.image}`,
    ),
    index('products_created_at_idx').on(table.createdAt.desc(), table.id),
    index('products_rating_idx').on(table.rating.desc(), table.numReviews.desc()),
    index('products_category_idx').on(table.categoryId),
    index('products_brand_idx').on(table.brandId),
    // The facets' pass without a keyword reads only this (an index-only scan), not the rows with
    // their descriptions and search texts (docs/decisions/0018). The price and the id are for
    // the price filter's look at the variants (catalogue-filters.ts), which names them.
    index('products_facets_idx').on(
      table.categoryId,
      table.brandId,
      table.minPrice,
      table.maxPrice,
      table.countInStock,
      table.rating,
      table.price,
      table.id,
    ),
    // The products with option values on offer (one in ten in the benches' catalogue): the
    // option facets and filters find them here rather than reading every row (decision 0019).
    index('products_option_values_idx')
      .on(
        table.categoryId,
        table.brandId,
        table.minPrice,
        table.maxPrice,
        table.countInStock,
        table.rating,
      )
      .where(sql`${table.optionValues} <> '{}'::text[]`),
    index('products_min_price_idx').on(table.minPrice, table.id),
    index('products_units_sold_idx').on(table.unitsSold.desc(), table.createdAt.desc()),
    // "Is this file still used?" before an upload is deleted (uploads/file-cleanup.ts).
    index('products_images_idx').using('gin', table.images),
    index('products_search_text_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    index('products_search_name_trgm_idx').using('gin', table.searchName.op('gin_trgm_ops')),
    index('products_search_brand_category_trgm_idx').using(
      'gin',
      table.searchBrandCategory.op('gin_trgm_ops'),
    ),
  ],
);

/**
 * What a shopper buys: one combination of a product's options (Size M, Colour Blue), with its
 * own SKU, stock, optional price and picture, and an on/off switch. A product without options has
 * one variant choosing nothing (`options` = {}). Stock is taken per variant (products/stock.ts).
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    /** Option name → value; jsonb equality ignores key order, so the unique index sees a combination once. */
    options: jsonb('options').$type<OptionChoice>().notNull().default({}),
    /** Null: the product's price. */
    price: money('price'),
    countInStock: integer('count_in_stock').notNull().default(0),
    /** One of the product's pictures, or null for its main one. */
    image: text('image'),
    active: boolean('active').notNull().default(true),
    /** One unit's weight for weight-banded shipping (issue #38); null weighs nothing. */
    weightGrams: integer('weight_grams'),
    /** Its place in the admin's table (0 first). */
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('product_variants_count_in_stock_check', sql`${table.countInStock} >= 0`),
    check('product_variants_price_check', sql`${table.price} >= 0`),
    check('product_variants_weight_check', sql`${table.weightGrams} >= 0`),
    uniqueIndex('product_variants_sku_key').on(sql`lower(${table.sku})`),
    uniqueIndex('product_variants_product_options_key').on(table.productId, table.options),
    index('product_variants_product_idx').on(table.productId, table.position),
  ],
);

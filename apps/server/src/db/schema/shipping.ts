// The tables the shipping module (apps/server/src/modules/shipping/) owns: only it writes them
// (README, Architecture). The merchant's shipping zones and methods, tax classes and rates
// (issue #38); the checkout reads them to price an order and the order keeps a snapshot.
import type { WeightBand } from '@proshop/domain/shipping-rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, money } from './columns.ts';

/** What a product is taxed as (Standard, Reduced, Zero); a product naming none is the default's. */
export const taxClasses = pgTable(
  'tax_classes',
  {
    id: id(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('tax_classes_name_key').on(sql`lower(${table.name})`),
    // Exactly one default: at most one here, and the module never takes it away.
    uniqueIndex('tax_classes_one_default_key')
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
  ],
);

/**
 * Where the shop ships, matched in `position` order: countries (ISO 3166-1 alpha-2), narrowed by
 * regions (ISO 3166-2) or postal-code prefixes, or every address (`rest_of_world`). Its tax
 * rates are the rates of the addresses it serves.
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: id(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    restOfWorld: boolean('rest_of_world').notNull().default(false),
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    regions: text('regions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    postalPrefixes: text('postal_prefixes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The class shipping is taxed at here; null: shipping is not taxed in this zone. */
    shippingTaxClassId: uuid('shipping_tax_class_id').references(() => taxClasses.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('shipping_zones_position_idx').on(table.position)],
);

/** How a zone's orders travel and what it costs (before "free above" and weight bands). */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: id(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: money('price').notNull(),
    /** Free when the items after the discount come to more; null: never free by amount. */
    freeAbove: money('free_above'),
    /** The items after the discount must come to at least this; null: no minimum. */
    minOrder: money('min_order'),
    /** Up-to-grams → price in cents, `[]`: the price whatever the weight. */
    weightBands: jsonb('weight_bands').$type<WeightBand[]>().notNull().default([]),
    estimateMinDays: smallint('estimate_min_days').notNull(),
    estimateMaxDays: smallint('estimate_max_days').notNull(),
    active: boolean('active').notNull().default(true),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('shipping_methods_price_check', sql`${table.price} >= 0`),
    check(
      'shipping_methods_estimate_check',
      sql`${table.estimateMinDays} >= 0 and ${table.estimateMaxDays} >= ${table.estimateMinDays}`,
    ),
    index('shipping_methods_zone_idx').on(table.zoneId, table.position),
  ],
);

/** The tax of a class in a zone, in basis points (2000 = 20 %), and its name for the shopper. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: id(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    taxClassId: uuid('tax_class_id')
      .notNull()
      .references(() => taxClasses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    basisPoints: integer('basis_points').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('tax_rates_basis_points_check', sql`${table.basisPoints} between 0 and 10000`),
    uniqueIndex('tax_rates_zone_class_key').on(table.zoneId, table.taxClassId),
  ],
);

/** The shop's one row of pricing settings (id 'shop'). */
export const pricingSettings = pgTable(
  'pricing_settings',
  {
    id: text('id').primaryKey().default('shop'),
    /** Catalogue prices include tax: the tax is worked out of them, not added at checkout. */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [check('pricing_settings_one_row_check', sql`${table.id} = 'shop'`)],
);

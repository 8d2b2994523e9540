// The merchant's shipping and tax rules written straight into the shipping module's tables
// (issue #38), as a test sets up the shop it needs: zones in order with their methods and rates,
// tax classes by name, whether prices include tax. The admin's routes write the same rows.
import type { WeightBand } from '@proshop/domain/shipping-rules';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { products, productVariants } from '../../src/db/schema.ts';
import {
  pricingSettings,
  shippingMethods,
  shippingZones,
  taxClasses,
  taxRates,
} from '../../src/db/schema/shipping.ts';

export interface MethodSpec {
  name: string;
  price: string;
  freeAbove?: string;
  minOrder?: string;
  weightBands?: WeightBand[];
  /** Fastest and slowest delivery in days; [3, 5] when left out. */
  estimate?: [number, number];
  active?: boolean;
}

export interface ZoneSpec {
  name: string;
  restOfWorld?: boolean;
  countries?: string[];
  regions?: string[];
  postalPrefixes?: string[];
  /** The name of the class shipping is taxed at here; absent: shipping untaxed. */
  shippingTaxClass?: string;
  methods: MethodSpec[];
  /** Each class's rate here, by the class's name. */
  rates?: Record<string, { name: string; basisPoints: number }>;
}

export interface RulesSpec {
  zones: ZoneSpec[];
  pricesIncludeTax?: boolean;
}

/** The ids of what was written, by name: zones, methods ("Zone/Method") and classes. */
export interface WrittenRules {
  zones: Record<string, string>;
  methods: Record<string, string>;
  classes: Record<string, string>;
}

/** The class of each name, made when the shop has none of that name (Standard is the seed's). */
async function classIds(db: Database, names: readonly string[]): Promise<Record<string, string>> {
  if (names.length > 0) {
    await db
      .insert(taxClasses)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing();
  }
  const rows = await db.select().from(taxClasses);
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

/**
 * Replaces every zone (with its methods and rates) by these, in this order, and sets whether
 * prices include tax. Tax classes are kept and added to, never removed: products name them.
 */
export async function setShippingRules(db: Database, spec: RulesSpec): Promise<WrittenRules> {
  const classNames = new Set<string>();
  for (const zone of spec.zones) {
    for (const name of Object.keys(zone.rates ?? {})) classNames.add(name);
    if (zone.shippingTaxClass) classNames.add(zone.shippingTaxClass);
  }
  const classes = await classIds(db, [...classNames]);
  const written: WrittenRules = { zones: {}, methods: {}, classes };
  await db.transaction(async (tx) => {
    await tx.delete(shippingZones);
    for (const [position, zone] of spec.zones.entries()) {
      const [row] = await tx
        .insert(shippingZones)
        .values({
          name: zone.name,
          position,
          restOfWorld: zone.restOfWorld ?? false,
          countries: zone.countries ?? [],
          regions: zone.regions ?? [],
          postalPrefixes: zone.postalPrefixes ?? [],
          shippingTaxClassId: zone.shippingTaxClass ? classes[zone.shippingTaxClass]! : null,
        })
        .returning();
      written.zones[zone.name] = row!.id;
      for (const [order, method] of zone.methods.entries()) {
        const [stored] = await tx
          .insert(shippingMethods)
          .values({
            zoneId: row!.id,
            name: method.name,
            price: method.price,
            freeAbove: method.freeAbove ?? null,
            minOrder: method.minOrder ?? null,
            weightBands: method.weightBands ?? [],
            estimateMinDays: method.estimate?.[0] ?? 3,
            estimateMaxDays: method.estimate?.[1] ?? 5,
            active: method.active ?? true,
            position: order,
          })
          .returning();
        written.methods[`${zone.name}/${method.name}`] = stored!.id;
      }
      const rates = Object.entries(zone.rates ?? {});
      if (rates.length > 0) {
        await tx.insert(taxRates).values(
          rates.map(([className, rate]) => ({
            zoneId: row!.id,
            taxClassId: classes[className]!,
            name: rate.name,
            basisPoints: rate.basisPoints,
          })),
        );
      }
    }
    await tx
      .update(pricingSettings)
      .set({ pricesIncludeTax: spec.pricesIncludeTax ?? false })
      .where(eq(pricingSettings.id, 'shop'));
  });
  return written;
}

/** Taxes the products as the class of that id (null: the default class). */
export async function setTaxClass(db: Database, productIds: string[], classId: string | null) {
  await db.update(products).set({ taxClassId: classId }).where(inArray(products.id, productIds));
}

/** Gives every variant of the product this weight per unit, in grams. */
export async function setWeight(db: Database, productId: string, grams: number | null) {
  await db
    .update(productVariants)
    .set({ weightGrams: grams })
    .where(eq(productVariants.productId, productId));
}

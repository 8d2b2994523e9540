import { centsToDecimalString, toCents } from '@proshop/domain/money';
import { DEFAULT_PRICING_RULES } from '@proshop/domain/prices';
import { isDeepStrictEqual } from 'node:util';
import { getTableName } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  pricingSettings,
  shippingMethods,
  shippingZones,
  taxClasses,
  taxRates,
} from '../../db/schema/shipping.ts';

const decimalOrNull = (cents: number | null) =>
  cents === null ? null : centsToDecimalString(cents);

/**
 * Puts back the settings a new shop starts with, the rows migration 0026 writes
 * (DEFAULT_PRICING_RULES, with the same ids): what a wiped shop holds before the demo's are
 * added. Every zone, method, class and rate the merchant made goes, so no product may name a
 * class any more (the seed wipes the products first).
 */
export async function restoreDefaultShippingSettings(tx: Database): Promise<void> {
  const rules = DEFAULT_PRICING_RULES;
  await clearShippingSettings(tx);
  await tx.insert(taxClasses).values(
    rules.taxClasses.map(({ id, name, isDefault }, position) => ({
      id,
      name,
      isDefault,
      position,
    })),
  );
  await tx.insert(shippingZones).values(
    rules.zones.map((zone, position) => ({
      id: zone.id,
      name: zone.name,
      position,
      restOfWorld: zone.restOfWorld,
      countries: [...zone.countries],
      regions: [...zone.regions],
      postalPrefixes: [...zone.postalPrefixes],
      shippingTaxClassId: zone.shippingTaxClassId,
    })),
  );
  await tx.insert(shippingMethods).values(
    rules.methods.map((method, position) => ({
      id: method.id,
      zoneId: method.zoneId,
      name: method.name,
      price: centsToDecimalString(method.priceCents),
      freeAbove: decimalOrNull(method.freeAboveCents),
      minOrder: decimalOrNull(method.minOrderCents),
      weightBands: [...method.weightBands],
      estimateMinDays: method.estimateMinDays,
      estimateMaxDays: method.estimateMaxDays,
      active: method.active,
      position,
    })),
  );
  await tx.insert(taxRates).values(rules.taxRates.map((rate) => ({ ...rate })));
  await tx.insert(pricingSettings).values({ id: 'shop', pricesIncludeTax: rules.pricesIncludeTax });
}

/**
 * The tables of the shop's shipping and tax settings: migration 0026 fills them in every new
 * database, so an import treats them as replaceable (holdsDefaultShippingSettings).
 */
export const SHIPPING_SETTINGS_TABLES: readonly string[] = [
  taxClasses,
  shippingZones,
  shippingMethods,
  taxRates,
  pricingSettings,
].map((table) => getTableName(table));

/**
 * Whether the settings are exactly those a new shop starts with (the migration's rows,
 * DEFAULT_PRICING_RULES): nothing a merchant set would be lost by replacing them. Read one table
 * after the other: it runs in the import's transaction, one connection.
 */
export async function holdsDefaultShippingSettings(db: Database): Promise<boolean> {
  const zones = await db.select().from(shippingZones);
  const methods = await db.select().from(shippingMethods);
  const classes = await db.select().from(taxClasses);
  const rates = await db.select().from(taxRates);
  const settings = await db.select().from(pricingSettings);
  const held = {
    zones: zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      restOfWorld: zone.restOfWorld,
      countries: zone.countries,
      regions: zone.regions,
      postalPrefixes: zone.postalPrefixes,
      shippingTaxClassId: zone.shippingTaxClassId,
    })),
    methods: methods.map((method) => ({
      id: method.id,
      zoneId: method.zoneId,
      name: method.name,
      priceCents: toCents(method.price),
      freeAboveCents: method.freeAbove === null ? null : toCents(method.freeAbove),
      minOrderCents: method.minOrder === null ? null : toCents(method.minOrder),
      weightBands: method.weightBands,
      estimateMinDays: method.estimateMinDays,
      estimateMaxDays: method.estimateMaxDays,
      active: method.active,
    })),
    taxClasses: classes.map(({ id, name, isDefault }) => ({ id, name, isDefault })),
    taxRates: rates.map(({ zoneId, taxClassId, name, basisPoints }) => ({
      zoneId,
      taxClassId,
      name,
      basisPoints,
    })),
    pricesIncludeTax: settings.length === 1 ? settings[0]!.pricesIncludeTax : undefined,
  };
  return isDeepStrictEqual(held, DEFAULT_PRICING_RULES);
}

/** Empties the settings tables, for an import that brings the exported shop's own. */
export async function clearShippingSettings(tx: Database): Promise<void> {
  await tx.delete(taxRates);
  await tx.delete(shippingMethods);
  await tx.delete(shippingZones);
  await tx.delete(taxClasses);
  await tx.delete(pricingSettings);
}

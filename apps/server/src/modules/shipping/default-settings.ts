import { centsToDecimalString } from '@proshop/domain/money';
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
import { readPricingRules } from './rules-repository.ts';

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
 * DEFAULT_PRICING_RULES), read as the price rule reads them: nothing a merchant set would be lost
 * by replacing them.
 */
export async function holdsDefaultShippingSettings(db: Database): Promise<boolean> {
  return isDeepStrictEqual(await readPricingRules(db), DEFAULT_PRICING_RULES);
}

/** Empties the settings tables, for an import that brings the exported shop's own. */
export async function clearShippingSettings(tx: Database): Promise<void> {
  await tx.delete(taxRates);
  await tx.delete(shippingMethods);
  await tx.delete(shippingZones);
  await tx.delete(taxClasses);
  await tx.delete(pricingSettings);
}

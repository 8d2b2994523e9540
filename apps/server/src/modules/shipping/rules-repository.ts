import type { PricingRules } from '@proshop/domain/checkout-pricing';
import { toCents } from '@proshop/domain/money';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  pricingSettings,
  shippingMethods,
  shippingZones,
  taxClasses,
  taxRates,
} from '../../db/schema/shipping.ts';

const centsOrNull = (amount: string | null) => (amount === null ? null : toCents(amount));

/**
 * The merchant's rules as the price rule reads them (priceCheckout): zones in their order, every
 * method (inactive ones too: the rule leaves them out), classes, rates and the one setting. Five
 * small reads of a few rows each; nothing is cached, so an admin's change is in the next quote
 * on every instance.
 */
export async function readPricingRules(db: Database): Promise<PricingRules> {
  // One after the other: a transaction (the import's) has one connection, which must not be
  // asked twice at once; a few rows each, so the round trips are cheap.
  const zones = await db
    .select()
    .from(shippingZones)
    .orderBy(asc(shippingZones.position), asc(shippingZones.createdAt));
  const methods = await db
    .select()
    .from(shippingMethods)
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.createdAt));
  const classes = await db
    .select()
    .from(taxClasses)
    .orderBy(asc(taxClasses.position), asc(taxClasses.name));
  const rates = await db.select().from(taxRates);
  const settings = await db.select().from(pricingSettings);
  return {
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
      freeAboveCents: centsOrNull(method.freeAbove),
      minOrderCents: centsOrNull(method.minOrder),
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
    pricesIncludeTax: settings[0]?.pricesIncludeTax ?? false,
  };
}

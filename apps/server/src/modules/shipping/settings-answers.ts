import { fromCents } from '@proshop/domain/money';
import type {
  ShippingMethod,
  ShippingZone,
  TaxClass,
  TaxRate,
} from '@proshop/domain/shipping-schemas';
import type { MethodRow, TaxClassRow, TaxRateRow, ZoneRow } from './settings-repository.ts';

const amountOrNull = (value: string | null) => (value === null ? null : Number(value));

/** A stored method as the API sends it: amounts in units, bands with their price. */
export function toMethod(row: MethodRow): ShippingMethod {
  return {
    _id: row.id,
    zone: row.zoneId,
    name: row.name,
    price: Number(row.price),
    freeAbove: amountOrNull(row.freeAbove),
    minOrder: amountOrNull(row.minOrder),
    weightBands: row.weightBands.map((band) => ({
      upToGrams: band.upToGrams,
      price: fromCents(band.priceCents),
    })),
    estimateMinDays: row.estimateMinDays,
    estimateMaxDays: row.estimateMaxDays,
    active: row.active,
  };
}

export function toRate(row: TaxRateRow): TaxRate {
  return {
    _id: row.id,
    zone: row.zoneId,
    taxClass: row.taxClassId,
    name: row.name,
    basisPoints: row.basisPoints,
  };
}

/** A stored zone with its methods (in their order) and rates, as the API sends it. */
export function toZone(
  row: ZoneRow,
  methods: readonly MethodRow[],
  rates: readonly TaxRateRow[],
): ShippingZone {
  return {
    _id: row.id,
    name: row.name,
    restOfWorld: row.restOfWorld,
    countries: row.countries,
    regions: row.regions,
    postalPrefixes: row.postalPrefixes,
    shippingTaxClass: row.shippingTaxClassId,
    methods: methods.filter((method) => method.zoneId === row.id).map(toMethod),
    rates: rates.filter((rate) => rate.zoneId === row.id).map(toRate),
  };
}

/**
 * A class with the products taxed as it: those naming it, and for the default class those
 * naming none as well.
 */
export function toTaxClass(
  row: TaxClassRow,
  counts: { byClass: ReadonlyMap<string, number>; unassigned: number },
): TaxClass {
  return {
    _id: row.id,
    name: row.name,
    isDefault: row.isDefault,
    productCount: (counts.byClass.get(row.id) ?? 0) + (row.isDefault ? counts.unassigned : 0),
  };
}

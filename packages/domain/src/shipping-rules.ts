import { countryCodeOf } from './countries.ts';

/**
 * The merchant's shipping as data (issue #38): zones matched in the merchant's order, each with
 * its methods. Plain types in integer cents and grams, no zod: the server loads them from its
 * tables (modules/shipping) and the web app never prices with them itself, it asks the quote.
 */

/** Where an order goes, as far as zones and rates care. */
export interface Destination {
  /** An ISO 3166-1 alpha-2 code, or the free text of an address stored before codes. */
  country: string;
  /** ISO 3166-2 ('US-CA'); '' or absent when the country has none or it was not given. */
  region?: string;
  postalCode?: string;
}

export interface ZoneRule {
  id: string;
  name: string;
  /** Serves every address (the optional last "rest of the world" zone); the lists are ignored. */
  restOfWorld: boolean;
  /** ISO 3166-1 alpha-2 codes. */
  countries: readonly string[];
  /**
   * ISO 3166-2 codes narrowing the countries they belong to ('US-CA' narrows 'US'); a country of
   * the zone with none of its regions listed is served whole.
   */
  regions: readonly string[];
  /** Postal-code prefixes ('75', 'SW1'), compared without spaces and case; empty: every code. */
  postalPrefixes: readonly string[];
  /** The tax class shipping is taxed at in this zone; null: shipping is not taxed here. */
  shippingTaxClassId: string | null;
}

/** Up to this many grams (inclusive) the method costs this much. */
export interface WeightBand {
  upToGrams: number;
  priceCents: number;
}

export interface MethodRule {
  id: string;
  zoneId: string;
  name: string;
  priceCents: number;
  /** Free when the items after the discount come to more than this; null: never free by amount. */
  freeAboveCents: number | null;
  /** The items after the discount must come to at least this; null: no minimum. */
  minOrderCents: number | null;
  /** Empty: `priceCents` whatever the weight. Else the first band the parcel fits in. */
  weightBands: readonly WeightBand[];
  estimateMinDays: number;
  estimateMaxDays: number;
  active: boolean;
}

/** Compared without spaces, dashes or case: 'sw1a 1aa' starts with 'SW1'. */
const postalKey = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** The code of the destination's country, when its text names one. */
export const destinationCountry = (destination: Destination) => countryCodeOf(destination.country);

export function zoneServes(zone: ZoneRule, destination: Destination): boolean {
  if (zone.restOfWorld) return true;
  const country = destinationCountry(destination);
  if (!country || !zone.countries.includes(country)) return false;
  const ofCountry = zone.regions.filter((region) => region.startsWith(`${country}-`));
  const region = (destination.region ?? '').toUpperCase();
  if (ofCountry.length > 0 && !ofCountry.includes(region)) return false;
  if (zone.postalPrefixes.length === 0) return true;
  const postal = postalKey(destination.postalCode ?? '');
  return zone.postalPrefixes.some((prefix) => postal.startsWith(postalKey(prefix)));
}

/** The first zone, in the merchant's order, that serves the destination; undefined: none does. */
export function matchZone<Zone extends ZoneRule>(
  zones: readonly Zone[],
  destination: Destination,
): Zone | undefined {
  return zones.find((zone) => zoneServes(zone, destination));
}

/** Why a method of the zone cannot carry this order. */
export type MethodRefusal =
  | { reason: 'inactive' }
  | { reason: 'below-minimum'; minOrderCents: number }
  | { reason: 'too-heavy'; maxGrams: number };

/** What a parcel is priced by: the items after the discount, its weight, a free-shipping code. */
export interface Parcel {
  netCents: number;
  grams: number;
  freeShipping: boolean;
}

/**
 * The method's price for this parcel in cents, or why it cannot carry it. "Free above" is strict,
 * as the spec's "above 100": 100.00 pays shipping, 100.01 does not.
 */
export function methodPrice(method: MethodRule, parcel: Parcel): number | MethodRefusal {
  if (!method.active) return { reason: 'inactive' };
  if (method.minOrderCents !== null && parcel.netCents < method.minOrderCents) {
    return { reason: 'below-minimum', minOrderCents: method.minOrderCents };
  }
  let price = method.priceCents;
  if (method.weightBands.length > 0) {
    const bands = method.weightBands.toSorted((a, b) => a.upToGrams - b.upToGrams);
    const band = bands.find((candidate) => parcel.grams <= candidate.upToGrams);
    if (!band) return { reason: 'too-heavy', maxGrams: bands.at(-1)!.upToGrams };
    price = band.priceCents;
  }
  const freeByAmount = method.freeAboveCents !== null && parcel.netCents > method.freeAboveCents;
  return parcel.freeShipping || freeByAmount ? 0 : price;
}

/**
 * How much more the items after the discount must come to for a method free above
 * `freeAboveCents` to ship free: the cart's "Add $X more for free shipping". 0 when free already
 * (a free-shipping code too); null when it never is by amount. "Above" is strict, as in
 * methodPrice: the first amount that ships free is one cent more.
 */
export function centsToFreeShipping(
  freeAboveCents: number | null,
  parcel: Pick<Parcel, 'netCents' | 'freeShipping'>,
): number | null {
  if (parcel.freeShipping) return 0;
  if (freeAboveCents === null) return null;
  return Math.max(0, freeAboveCents + 1 - parcel.netCents);
}

// The demo shop's shipping and tax (issue #38), added to the settings every shop starts with
// (the 'Everywhere' zone, Standard 25.00 free above 100.00, 15 % tax): a first zone for the
// European Union with VAT and an express method priced by weight, so that both kinds show in
// the demo. Prices stay entered without tax, as the spec's default shop has them.
import { DEFAULT_PRICING_RULES } from '@proshop/domain/prices';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  products,
  productVariants,
  shippingMethods,
  shippingZones,
  taxClasses,
  taxRates,
} from '../../db/schema.ts';

/** The EU-27's ISO 3166-1 codes. */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]; // prettier-ignore

/**
 * The products taxed at the reduced rate. The demo sells no books; the e-reader stands for what
 * a shop would tax reduced (books, food), so that a reduced line shows in the demo's EU orders.
 */
export const DEMO_REDUCED_PRODUCTS = ['e-reader'];

/** One unit's weight in grams, by demo product key (every variant of a product alike). */
export const DEMO_WEIGHTS: Readonly<Record<string, number>> = {
  headphones: 250,
  'trail-shirt': 180,
  camera: 650,
  smartphone: 190,
  'gaming-console': 3200,
  'fleece-hoodie': 450,
  'wireless-mouse': 90,
  'smart-speaker': 1100,
  laptop: 1400,
  'mechanical-keyboard': 900,
  smartwatch: 60,
  'desk-lamp': 1300,
  backpack: 800,
  'running-shoes': 600,
  'coffee-maker': 2600,
  sunglasses: 40,
  'water-bottle': 350,
  'e-reader': 200,
};

const STANDARD_CLASS = DEFAULT_PRICING_RULES.taxClasses[0]!.id;
const EVERYWHERE = DEFAULT_PRICING_RULES.zones[0]!.id;

/**
 * Adds the demo's classes, zone, methods and rates to the default settings, and the weights and
 * classes of the demo's products, in the seed's transaction. The 'Everywhere' zone stays last,
 * and charges every product 15 % as before (Reduced too): outside the EU the demo is the spec's
 * shop.
 */
export async function seedDemoShipping(
  tx: Database,
  productIdByKey: ReadonlyMap<string, string>,
): Promise<void> {
  const classes = await tx
    .insert(taxClasses)
    .values([
      { name: 'Reduced', position: 1 },
      { name: 'Zero', position: 2 },
    ])
    .returning({ id: taxClasses.id, name: taxClasses.name });
  const reduced = classes.find((row) => row.name === 'Reduced')!.id;
  const zero = classes.find((row) => row.name === 'Zero')!.id;

  await tx.update(shippingZones).set({ position: 1 }).where(eq(shippingZones.id, EVERYWHERE));
  const [eu] = await tx
    .insert(shippingZones)
    .values({
      name: 'European Union',
      position: 0,
      countries: EU_COUNTRIES,
      shippingTaxClassId: STANDARD_CLASS,
    })
    .returning({ id: shippingZones.id });
  await tx.insert(shippingMethods).values([
    {
      zoneId: eu!.id,
      name: 'Standard',
      price: '9.90',
      freeAbove: '100.00',
      estimateMinDays: 3,
      estimateMaxDays: 6,
      position: 0,
    },
    {
      zoneId: eu!.id,
      name: 'Express',
      price: '19.90',
      weightBands: [
        { upToGrams: 2000, priceCents: 1990 },
        { upToGrams: 10_000, priceCents: 2990 },
      ],
      estimateMinDays: 1,
      estimateMaxDays: 2,
      position: 1,
    },
  ]);
  await tx.insert(taxRates).values([
    { zoneId: eu!.id, taxClassId: STANDARD_CLASS, name: 'VAT', basisPoints: 2000 },
    { zoneId: eu!.id, taxClassId: reduced, name: 'VAT', basisPoints: 700 },
    { zoneId: eu!.id, taxClassId: zero, name: 'VAT', basisPoints: 0 },
    { zoneId: EVERYWHERE, taxClassId: reduced, name: 'Tax', basisPoints: 1500 },
  ]);

  const reducedIds = DEMO_REDUCED_PRODUCTS.map((key) => productIdByKey.get(key)!);
  await tx.update(products).set({ taxClassId: reduced }).where(inArray(products.id, reducedIds));
  for (const [key, id] of productIdByKey) {
    await tx
      .update(productVariants)
      .set({ weightGrams: DEMO_WEIGHTS[key] ?? null })
      .where(eq(productVariants.productId, id));
  }
}

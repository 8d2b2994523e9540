// A made-up catalogue for the benches: the same products on every run, inserted in batches.
import { performance } from 'node:perf_hooks';
import type { Database } from '../../apps/server/src/db/client.ts';
import { vacuumLikeAutovacuum } from './vacuum.ts';
import { refreshVariantSummaries } from '../../apps/server/src/modules/products/variant-summary.ts';
import { slugify } from '../../packages/domain/src/slugs.ts';
import { sql } from 'drizzle-orm';
import {
  brands as brandTable,
  categories as categoryTable,
  products,
} from '../../apps/server/src/db/schema.ts';

// A small deterministic generator: the same catalogue on every run.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const adjectives = [
  'Wireless',
  'Compact',
  'Classic',
  'Smart',
  'Portable',
  'Premium',
  'Rugged',
  'Silent',
  'Vintage',
  'Ultra',
  'Eco',
  'Pro',
  'Mini',
  'Deluxe',
  'Travel',
  'Digital',
];
const nouns = [
  'Headphones',
  'Speaker',
  'Camera',
  'Keyboard',
  'Mouse',
  'Lamp',
  'Kettle',
  'Watch',
  'Backpack',
  'Charger',
  'Monitor',
  'Router',
  'Blender',
  'Drone',
  'Tripod',
  'Microphone',
  'Projector',
  'Toaster',
  'Heater',
  'Fan',
  'Scanner',
  'Printer',
  'Tablet',
  'Phone',
];
const brands = [
  'Apple',
  'Sony',
  'Logitech',
  'Philips',
  'Bosch',
  'Canon',
  'Anker',
  'Samsung',
  'Lenovo',
  'Braun',
  'Garmin',
  'Dell',
  'Bose',
  'Nikon',
  'Asus',
  'Xiaomi',
];
const categories = [
  'Electronics',
  'Kitchen',
  'Office',
  'Outdoor',
  'Audio',
  'Photography',
  'Home',
  'Gaming',
  'Travel',
  'Lighting',
];
const words = [
  'quality',
  'battery',
  'design',
  'everyday',
  'durable',
  'light',
  'fast',
  'quiet',
  'warranty',
  'stainless',
  'aluminium',
  'adjustable',
  'premium',
  'comfortable',
  'reliable',
  'energy',
  'efficient',
  'powerful',
  'elegant',
  'modern',
  'simple',
  'waterproof',
  'bluetooth',
];

function sentence(length: number): string {
  return Array.from({ length }, () => pick(words)).join(' ') + '.';
}

const day = 86_400_000;

/** One product in this many has options (Size × Colour, 6 variants, XL dearer), as a clothing shop's might. */
const WITH_OPTIONS_EVERY = 10;
const SIZES = ['S', 'M', 'L'];
const COLOURS = ['Black', 'White'];

/**
 * Every product's variants, as the shop keeps them (docs/decisions/0019): one choosing nothing
 * with the product's stock, or for one product in WITH_OPTIONS_EVERY six, the L ones dearer and
 * some sold out; then the products' summary of them (stock, lowest and highest price), all in
 * set-based statements.
 */
async function seedVariants(db: Database): Promise<void> {
  await db.execute(sql`
    update products set options = ${JSON.stringify([
      { name: 'Size', values: SIZES },
      { name: 'Colour', values: COLOURS },
    ])}::jsonb
    where (hashtext(id::text) & 2147483647) % ${WITH_OPTIONS_EVERY} = 0`);
  await db.execute(sql`
    insert into product_variants (product_id, sku, count_in_stock, position)
    select id, 'B-' || replace(id::text, '-', ''), count_in_stock, 0
    from products where options = '[]'::jsonb`);
  await db.execute(sql`
    insert into product_variants (product_id, sku, options, price, count_in_stock, position)
    select p.id, 'B-' || replace(p.id::text, '-', '') || '-' || s.size || '-' || c.colour,
      jsonb_build_object('Size', s.size, 'Colour', c.colour),
      case when s.size = 'L' then p.price + 5 end,
      (p.count_in_stock + s.n * 7 + c.n * 3) % 12,
      (s.n * 2 + c.n)::smallint
    from products p
    cross join unnest(${sql.param(SIZES)}::text[]) with ordinality as s(size, n)
    cross join unnest(${sql.param(COLOURS)}::text[]) with ordinality as c(colour, n)
    where p.options <> '[]'::jsonb`);
  const ids = await db.select({ id: products.id }).from(products);
  await refreshVariantSummaries(
    db,
    ids.map((row) => row.id),
  );
}

/**
 * Inserts `count` products (1,000 per statement) with words the search benches look for and
 * their variants, then vacuums and analyses the tables. Answers the seconds it took.
 */
export async function seedProducts(db: Database, count: number): Promise<number> {
  const started = performance.now();
  const records = async (table: typeof categoryTable, names: string[]) =>
    new Map(
      (
        await db
          .insert(table)
          .values(names.map((name) => ({ name, slug: slugify(name), description: `All ${name}` })))
          .returning({ id: table.id, name: table.name })
      ).map((row) => [row.name, row.id]),
    );
  const categoryIds = await records(categoryTable, categories);
  const brandIds = await records(brandTable, brands);
  const batch = 1_000;
  for (let offset = 0; offset < count; offset += batch) {
    const rows = Array.from({ length: Math.min(batch, count - offset) }, (_, i) => {
      const n = offset + i;
      const brand = pick(brands);
      const category = pick(categories);
      return {
        name: `${pick(adjectives)} ${pick(nouns)} ${n}`,
        image: '/images/sample.webp',
        images: ['/images/sample.webp'],
        brand,
        brandId: brandIds.get(brand)!,
        category,
        categoryId: categoryIds.get(category)!,
        unitsSold: Math.floor(random() * 500),
        description: `${sentence(12)} ${sentence(10)}`,
        price: (1 + random() * 999).toFixed(2),
        countInStock: Math.floor(random() * 50),
        rating: (random() * 5).toFixed(2),
        numReviews: Math.floor(random() * 100),
        createdAt: new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 2_000 * day)),
      };
    });
    await db.insert(products).values(rows);
  }
  await seedVariants(db);
  // A catalogue in use has been vacuumed and analysed by autovacuum; a freshly loaded one not yet,
  // and without the visibility map and statistics the planner misjudges the trigram index.
  await vacuumLikeAutovacuum(db, ['products', 'product_variants', 'categories', 'brands']);
  return (performance.now() - started) / 1000;
}

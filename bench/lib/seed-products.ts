// A made-up catalogue for the benches, built inside the database with generate_series: the same
// products on every run, a batch of products per statement (docs/decisions/0048), so that no
// statement nears the pool's 15 s query timeout at a million products.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { refreshVariantSummaries } from '../../apps/server/src/modules/products/variant-summary.ts';
import { slugify } from '../../packages/domain/src/slugs.ts';
import { vacuumLikeAutovacuum } from './vacuum.ts';

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
/** The brands the benches filter by come first (sony, bose); PRODUCT_BRANDS adds numbered ones. */
const namedBrands = [
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
/** The categories the benches filter by come first (audio, kitchen, home, office). */
const namedCategories = [
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
/** Words of the descriptions: 22 of them each, so that "waterproof" is in about 60 %. */
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

/**
 * Products one statement inserts, with their variants; each batch then has its summaries. 20,000
 * took 10 to 15 s on the busy 2-core machine (the trigram indexes of the search are most of it)
 * and once passed the 15 s timeout; 5,000 stay near 3 s.
 */
const BATCH = 5_000;

export interface CatalogueShape {
  products: number;
  /** Categories and brands: the named ones first, then numbered ones up to these counts. */
  categories?: number;
  brands?: number;
  /** Pictures of each product (1 to 12). */
  pictures?: number;
}

/** Prints a line at every tenth of a long build (a million products take many minutes). */
export function progressOf(what: string, total: number, started: number) {
  let told = 0;
  return (done: number) => {
    const tenth = Math.floor((done * 10) / total);
    if (total < 100_000 || tenth <= told) return;
    told = tenth;
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.log(
      `  ${done.toLocaleString('en')} of ${total.toLocaleString('en')} ${what} (${seconds} s)`,
    );
  };
}

/** Names up to `count`: the named ones, then `<prefix> 0017` and on. */
function names(named: readonly string[], count: number, prefix: string): string[] {
  return Array.from({ length: Math.max(count, 1) }, (_, i) =>
    i < named.length ? named[i]! : `${prefix} ${String(i + 1).padStart(4, '0')}`,
  );
}

async function insertTaxonomy(db: Database, table: 'categories' | 'brands', list: string[]) {
  for (let first = 0; first < list.length; first += 1_000) {
    const slice = list.slice(first, first + 1_000);
    await db.execute(sql`
      insert into ${sql.identifier(table)} (name, slug, description)
      select name, slug, 'All ' || name
      from unnest(${sql.param(slice)}::text[], ${sql.param(slice.map((name) => slugify(name)))}::text[])
        as t(name, slug)`);
  }
}

/**
 * Inserts the products: product n has a name "<adjective> <noun> n" (one in a hundred starts
 * with "Limited"), a brand and a category
 * spread evenly (hashes of n), a description of 22 words, `pictures` pictures, and one in five
 * has options: Size (S, M, L) × Colour (Black, White), half of those also Material (Cotton,
 * Wool): 6 or 12 variants, the L ones dearer, some sold out. The others have the one variant
 * choosing nothing with the product's stock (docs/decisions/0019). Then the summaries, batch by
 * batch (refreshVariantSummaries), and a vacuum and analyse as autovacuum would. Answers the
 * seconds it took.
 */
export async function seedProducts(db: Database, shape: number | CatalogueShape): Promise<number> {
  const started = performance.now();
  const {
    products: count,
    categories = namedCategories.length,
    brands = namedBrands.length,
    pictures = 1,
  } = typeof shape === 'number' ? { products: shape } : shape;
  await insertTaxonomy(db, 'categories', names(namedCategories, categories, 'Category'));
  await insertTaxonomy(db, 'brands', names(namedBrands, brands, 'Brand'));
  const options2 = [
    { name: 'Size', values: ['S', 'M', 'L'] },
    { name: 'Colour', values: ['Black', 'White'] },
  ];
  const options3 = [...options2, { name: 'Material', values: ['Cotton', 'Wool'] }];
  // A hash of n and a salt, 0 to 2^31: the same on every run, spread like random numbers.
  const h = (salt: number) => sql.raw(`(hashint4(n * 7 + ${salt}) & 2147483647)`);
  const progress = progressOf('products', count, started);
  for (let first = 0; first < count; first += BATCH) {
    const last = Math.min(count, first + BATCH) - 1;
    const result = await db.execute(sql`
      with c as (select id, name, (row_number() over (order by name) - 1)::int as i from categories),
      b as (select id, name, (row_number() over (order by name) - 1)::int as i from brands),
      p as (
        insert into products (name, image, images, brand, brand_id, category, category_id,
          units_sold, description, price, count_in_stock, rating, num_reviews, created_at, options)
        select
          -- "Limited" names one product in a hundred: the order search's word in 1 % of lines.
          case when n % 100 = 7 then 'Limited ' else '' end ||
          (${sql.param(adjectives)}::text[])[1 + ${h(1)} % ${adjectives.length}] || ' ' ||
            (${sql.param(nouns)}::text[])[1 + ${h(2)} % ${nouns.length}] || ' ' || n,
          '/uploads/' || md5('picture-' || n || '-1')::uuid || '.webp',
          array(select '/uploads/' || md5('picture-' || n || '-' || k)::uuid || '.webp'
            from generate_series(1, ${pictures}) k),
          b.name, b.id, c.name, c.id,
          ${h(3)} % 500,
          (select string_agg((${sql.param(words)}::text[])[1 + (hashint4(n * 31 + k) & 2147483647) % ${words.length}], ' ')
             from generate_series(1, 12) k) || '. ' ||
          (select string_agg((${sql.param(words)}::text[])[1 + (hashint4(n * 37 + k) & 2147483647) % ${words.length}], ' ')
             from generate_series(1, 10) k) || '.',
          round((1 + (${h(4)} % 99900) / 100.0)::numeric, 2),
          ${h(5)} % 50,
          round(((${h(6)} % 501) / 100.0)::numeric, 2),
          ${h(7)} % 100,
          timestamptz '2020-01-01' + (${h(8)} % 2000) * interval '1 day',
          case ${h(9)} % 10
            when 0 then ${JSON.stringify(options3)}::jsonb
            when 1 then ${JSON.stringify(options2)}::jsonb
            else '[]'::jsonb end
        from generate_series(${first}::int, ${last}::int) n
        join c on c.i = ${h(10)} % (select count(*) from c)
        join b on b.i = ${h(11)} % (select count(*) from b)
        returning id, price, count_in_stock, options
      ),
      v as (
        insert into product_variants (product_id, sku, options, price, count_in_stock, position)
        select p.id, 'B-' || replace(p.id::text, '-', ''), '{}'::jsonb, null, p.count_in_stock, 0
        from p where p.options = '[]'::jsonb
        union all
        select p.id,
          'B-' || replace(p.id::text, '-', '') || '-' || s.size || '-' || c.colour ||
            coalesce('-' || m.material, ''),
          jsonb_build_object('Size', s.size, 'Colour', c.colour) ||
            case when m.material is null then '{}'::jsonb else jsonb_build_object('Material', m.material) end,
          case when s.size = 'L' then p.price + 5 end,
          (p.count_in_stock + s.n * 7 + c.n * 3 + coalesce(m.n, 0)) % 12,
          ((s.n - 1) * 4 + (c.n - 1) * 2 + coalesce(m.n - 1, 0))::smallint
        from p
        cross join unnest(array['S', 'M', 'L']) with ordinality as s(size, n)
        cross join unnest(array['Black', 'White']) with ordinality as c(colour, n)
        left join lateral unnest(array['Cotton', 'Wool']) with ordinality as m(material, n)
          on jsonb_array_length(p.options) = 3
        where p.options <> '[]'::jsonb
        returning product_id
      )
      select distinct product_id as id from v`);
    const ids = (result as { rows: { id: string }[] }).rows.map((row) => row.id);
    await refreshVariantSummaries(db, ids);
    progress(last + 1);
  }
  // A catalogue in use has been vacuumed and analysed by autovacuum; a freshly loaded one not yet,
  // and without the visibility map and statistics the planner misjudges the trigram index.
  await vacuumLikeAutovacuum(db, ['products', 'product_variants', 'categories', 'brands']);
  return (performance.now() - started) / 1000;
}

import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { brands, categories } from '../../db/schema/taxonomy.ts';

/**
 * Whether anything still shows a picture known by any of `addresses` (one stored file can be
 * named `/uploads/<name>` and by the store's public address): a product's pictures
 * (products_images_idx), an order line (what a customer paid for keeps its picture), or a
 * category's or brand's picture. One statement, so it reads one moment of the database.
 */
export async function isPictureInUse(db: Database, addresses: readonly string[]): Promise<boolean> {
  if (addresses.length === 0) return false;
  const list = sql.join(
    addresses.map((address) => sql`${address}`),
    sql`, `,
  );
  const result: unknown = await db.execute(sql`
    select exists (select 1 from ${products} where ${products.images} && array[${list}]::text[])
        or exists (select 1 from ${orderItems} where ${orderItems.image} in (${list}))
        or exists (select 1 from ${categories} where ${categories.image} in (${list}))
        or exists (select 1 from ${brands} where ${brands.image} in (${list})) as "used"`);
  // Both drivers answer `{ rows }`; Drizzle types the raw result per driver.
  const [row] = (result as { rows: { used: boolean }[] }).rows;
  return row?.used ?? false;
}

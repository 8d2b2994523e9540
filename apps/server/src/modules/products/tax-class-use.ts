import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';

/**
 * How many products are taxed as each class (issue #38), for the shipping module's settings
 * screen and its refusal to delete a class in use: `byClass` counts the products that name a
 * class, `unassigned` those that name none (taxed as the default class, whichever it is).
 */
export async function productCountsByTaxClass(
  db: Database,
): Promise<{ byClass: Map<string, number>; unassigned: number }> {
  const rows = await db
    .select({ taxClassId: products.taxClassId, products: count() })
    .from(products)
    .groupBy(products.taxClassId);
  const byClass = new Map<string, number>();
  let unassigned = 0;
  for (const row of rows) {
    if (row.taxClassId === null) unassigned = row.products;
    else byClass.set(row.taxClassId, row.products);
  }
  return { byClass, unassigned };
}

/** How many products name this tax class. */
export async function countProductsOfTaxClass(db: Database, taxClassId: string): Promise<number> {
  const [row] = await db
    .select({ products: count() })
    .from(products)
    .where(eq(products.taxClassId, taxClassId));
  return row?.products ?? 0;
}

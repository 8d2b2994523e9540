import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, reviews } from '../../db/schema.ts';

/**
 * Recomputes a product's rating and review count from its reviews. Call it inside the
 * transaction that changed the reviews so that the two never disagree.
 */
export async function refreshProductRating(tx: Database, productId: string): Promise<void> {
  await tx
    .update(products)
    .set({
      rating: sql`coalesce((select round(avg(${reviews.rating}), 2) from ${reviews} where ${reviews.productId} = ${productId}), 0)`,
      numReviews: sql`(select count(*)::int from ${reviews} where ${reviews.productId} = ${productId})`,
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, productId));
}

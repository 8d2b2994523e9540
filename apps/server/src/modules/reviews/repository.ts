import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { reviews } from '../../db/schema/reviews.ts';
import type { ReviewRow } from './review-mapper.ts';

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

/** A product's reviews, oldest first, each marked when its author has a paid order with it. */
export function findReviewsOfProduct(db: Database, productId: string): Promise<ReviewRow[]> {
  const paidForIt = exists(
    db
      .select({ one: sql`1` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orders.isPaid, true),
          eq(orders.userId, reviews.userId),
          eq(orderItems.productId, reviews.productId),
        ),
      ),
  );
  return db
    .select({
      id: reviews.id,
      name: reviews.name,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      verified: sql<boolean>`${paidForIt}`.mapWith(Boolean),
    })
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
}

/**
 * Locks the product's row until the transaction ends, so that concurrent reviews of it are
 * counted one after the other; false when there is no such product.
 */
export async function lockProduct(tx: Database, productId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return rows.length > 0;
}

export async function insertReview(tx: Database, values: typeof reviews.$inferInsert) {
  await tx.insert(reviews).values(values);
}

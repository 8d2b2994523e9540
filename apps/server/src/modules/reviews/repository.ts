import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { reviews } from '../../db/schema/reviews.ts';
import type { RatingSummary } from './rating-copies.ts';
import type { ReviewRow } from './review-mapper.ts';

/** A product's rating and review count, computed from its reviews. */
export async function ratingOf(tx: Database, productId: string): Promise<RatingSummary> {
  const [row] = await tx
    .select({
      rating: sql<string>`coalesce(round(avg(${reviews.rating}), 2), 0)::text`,
      numReviews: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(eq(reviews.productId, productId));
  return row ?? { rating: '0', numReviews: 0 };
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

export async function insertReview(tx: Database, values: typeof reviews.$inferInsert) {
  await tx.insert(reviews).values(values);
}

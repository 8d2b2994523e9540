import { stockOnOffer, type OptionChoice, type ProductOption } from '@proshop/domain/variants';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { stockAlerts, wishlistItems } from '../../db/schema/wishlist.ts';

/** Saves the product; a second save of it changes nothing (the unique index decides). */
export async function insertWishlistItem(db: Database, userId: string, productId: string) {
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
}

/** Takes the product off the user's list; false when it was not on it. */
export async function deleteWishlistItem(db: Database, userId: string, productId: string) {
  const rows = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ id: wishlistItems.id });
  return rows.length > 0;
}

/**
 * The saved products as they are now, newest saved first. `backInStock`: a request of the
 * customer for the product (or one of its variants) was answered and the product is in stock.
 */
export async function findWishlist(db: Database, userId: string) {
  return db
    .select({
      productId: products.id,
      name: products.name,
      image: products.image,
      minPrice: products.minPrice,
      countInStock: products.countInStock,
      variantCount: products.variantCount,
      options: products.options,
      addedAt: wishlistItems.createdAt,
      backInStock: sql<boolean>`${products.countInStock} > 0 and exists (
        select 1 from ${stockAlerts}
        where ${stockAlerts.userId} = ${wishlistItems.userId}
          and ${stockAlerts.productId} = ${products.id}
          and ${stockAlerts.notifiedAt} is not null)`,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
}

/**
 * The product's stock on offer, or the variant's (0 when switched off), read FOR SHARE: a
 * restock holds the product row (FOR NO KEY UPDATE) until it commits, so a request made during
 * one waits and then sees the new stock, instead of being saved after the restock looked for
 * requests. Undefined when there is no such product, or no such variant of it.
 */
export async function lockStockOf(
  tx: Database,
  productId: string,
  variantId: string | undefined,
): Promise<number | undefined> {
  const [product] = await tx
    .select({ countInStock: products.countInStock })
    .from(products)
    .where(eq(products.id, productId))
    .for('share');
  if (!product || variantId === undefined) return product?.countInStock;
  const [variant] = await tx
    .select({ countInStock: productVariants.countInStock, active: productVariants.active })
    .from(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
  if (!variant) return undefined;
  return stockOnOffer(variant);
}

/** Saves the request, or waits again on one answered before (the product ran out again). */
export async function upsertStockAlert(
  tx: Database,
  userId: string,
  productId: string,
  variantId: string | null,
) {
  await tx
    .insert(stockAlerts)
    .values({ userId, productId, variantId })
    .onConflictDoUpdate({
      target: [stockAlerts.userId, stockAlerts.productId, stockAlerts.variantId],
      set: { notifiedAt: null, createdAt: new Date() },
    });
}

export async function findStockAlerts(db: Database, userId: string, productId: string) {
  return db
    .select({
      productId: stockAlerts.productId,
      variantId: stockAlerts.variantId,
      notifiedAt: stockAlerts.notifiedAt,
    })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, productId)));
}

export interface AnsweredAlert {
  email: string;
  productId: string;
  productName: string;
  image: string;
  productOptions: ProductOption[];
  choice: OptionChoice | null;
}

/**
 * Marks answered the waiting requests for these products whose product (request without a
 * variant) or variant (switched on) is in stock now, as this transaction sees it, and answers
 * them once each. A request of an account whose address is not confirmed (made before the
 * request needed one) is left waiting: the shop e-mails only confirmed addresses. The requests are locked in id order and the UPDATE only takes those still
 * waiting: of two restocks at once, the second waits for the first's row locks and then finds
 * them answered, so each request is answered exactly once.
 */
export async function markAnswered(
  tx: Database,
  productIds: readonly string[],
  now: Date,
): Promise<AnsweredAlert[]> {
  const result: unknown = await tx.execute(sql`
    with due as (
      select a.id from ${stockAlerts} a
      join ${products} p on p.id = a.product_id
      join ${users} au on au.id = a.user_id
      left join ${productVariants} v on v.id = a.variant_id
      where a.product_id = any(${sql.param([...productIds])}::uuid[])
        and a.notified_at is null
        and au.email_verified_at is not null
        and case when a.variant_id is null then p.count_in_stock > 0
                 else coalesce(v.active and v.count_in_stock > 0, false) end
      order by a.id
      for update of a
    ), answered as (
      update ${stockAlerts} s set notified_at = ${now.toISOString()}::timestamptz
      from due where s.id = due.id and s.notified_at is null
      returning s.user_id, s.product_id, s.variant_id
    )
    select u.email, p.id as "productId", p.name as "productName", p.image,
      p.options as "productOptions", v.options as "choice"
    from answered
    join ${users} u on u.id = answered.user_id
    join ${products} p on p.id = answered.product_id
    left join ${productVariants} v on v.id = answered.variant_id`);
  return (result as { rows: AnsweredAlert[] }).rows;
}

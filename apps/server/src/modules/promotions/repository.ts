import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { discountUses, discounts } from '../../db/schema/promotions.ts';
import { categories } from '../../db/schema/taxonomy.ts';

export type DiscountValues = Omit<
  typeof discounts.$inferInsert,
  'id' | 'uses' | 'createdAt' | 'updatedAt'
>;

/** A discount as stored, with what it gave: the admin's list and edit screen read it. */
export type DiscountRow = typeof discounts.$inferSelect & { totalDiscount: string };

const discountColumns = {
  id: discounts.id,
  code: discounts.code,
  kind: discounts.kind,
  value: discounts.value,
  minSubtotal: discounts.minSubtotal,
  startsAt: discounts.startsAt,
  endsAt: discounts.endsAt,
  usageLimit: discounts.usageLimit,
  perCustomerLimit: discounts.perCustomerLimit,
  productIds: discounts.productIds,
  categoryIds: discounts.categoryIds,
  firstOrderOnly: discounts.firstOrderOnly,
  active: discounts.active,
  uses: discounts.uses,
  createdAt: discounts.createdAt,
  updatedAt: discounts.updatedAt,
  // Qualified by hand: Drizzle leaves columns in a subquery unqualified, and "id" would be the
  // order's. orders_discount_user_idx finds a code's orders.
  totalDiscount: sql<string>`(select coalesce(sum(o.discount_price), 0)::text from ${orders} o
    where o.discount_id = ${discounts}.id and o.is_paid and o.cancelled_at is null)`,
};

/** Every discount, newest first. */
export function findAllDiscounts(db: Database): Promise<DiscountRow[]> {
  return db
    .select(discountColumns)
    .from(discounts)
    .orderBy(desc(discounts.createdAt), asc(discounts.id));
}

export async function findDiscountById(db: Database, id: string): Promise<DiscountRow | undefined> {
  const [row] = await db.select(discountColumns).from(discounts).where(eq(discounts.id, id));
  return row;
}

/** The id of the discount with this code (stored upper-case), other than `exceptId`. */
export async function findCodeOwner(
  db: Database,
  code: string,
  exceptId?: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: discounts.id })
    .from(discounts)
    .where(
      and(eq(discounts.code, code), exceptId ? sql`${discounts.id} <> ${exceptId}` : undefined),
    );
  return row?.id;
}

/** Inserts a discount; undefined when its code is taken (a concurrent insert included). */
export async function insertDiscount(
  db: Database,
  values: DiscountValues,
): Promise<string | undefined> {
  const [made] = await db
    .insert(discounts)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: discounts.id });
  return made?.id;
}

/**
 * Replaces a discount's terms and conditions; never its `uses`, which only payments, refunds
 * and cancellations change under the row's lock. False when there is no such discount.
 */
export async function updateDiscountById(
  db: Database,
  id: string,
  values: DiscountValues,
): Promise<boolean> {
  const updated = await db
    .update(discounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(discounts.id, id))
    .returning({ id: discounts.id });
  return updated.length > 0;
}

/**
 * The discount's row locked `FOR UPDATE` for its deletion, and what still needs it: the uses
 * held, and the orders placed with it that are neither paid nor cancelled. The lock waits for
 * the payers of the code (`FOR NO KEY UPDATE`) and the orders being placed with it (their
 * foreign key's `FOR KEY SHARE`), and holds off new ones until the transaction ends; the orders
 * are counted in a statement after it, whose snapshot sees what those committed.
 */
export async function lockDiscountForDeletion(
  tx: Database,
  id: string,
): Promise<{ code: string; uses: number; pendingOrders: number } | undefined> {
  const [row] = await tx
    .select({ code: discounts.code, uses: discounts.uses })
    .from(discounts)
    .where(eq(discounts.id, id))
    .for('update');
  if (!row) return undefined;
  const [pending] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.discountId, id), eq(orders.isPaid, false), isNull(orders.cancelledAt)));
  return { ...row, pendingOrders: pending?.count ?? 0 };
}

/** Switches a discount off (its terms and uses stay): what a deletion does to a code in use. */
export async function deactivateDiscountById(tx: Database, id: string): Promise<void> {
  await tx
    .update(discounts)
    .set({ active: false, updatedAt: new Date() })
    .where(eq(discounts.id, id));
}

/** Deletes a discount; its orders keep their copy of the code (the foreign key sets null). */
export async function deleteDiscountById(db: Database, id: string): Promise<boolean> {
  const deleted = await db
    .delete(discounts)
    .where(eq(discounts.id, id))
    .returning({ id: discounts.id });
  return deleted.length > 0;
}

/** Which of these ids name a product, and which a category: the others are refused. */
export async function findExisting(
  db: Database,
  ids: { productIds: readonly string[]; categoryIds: readonly string[] },
): Promise<{ productIds: Set<string>; categoryIds: Set<string> }> {
  const [productRows, categoryRows] = await Promise.all([
    ids.productIds.length === 0
      ? []
      : db
          .select({ id: products.id })
          .from(products)
          .where(inArray(products.id, [...ids.productIds])),
    ids.categoryIds.length === 0
      ? []
      : db
          .select({ id: categories.id })
          .from(categories)
          .where(inArray(categories.id, [...ids.categoryIds])),
  ]);
  return {
    productIds: new Set(productRows.map((row) => row.id)),
    categoryIds: new Set(categoryRows.map((row) => row.id)),
  };
}

/** The paid orders that used a discount, newest first, at most `limit`. */
export function findOrdersOfDiscount(db: Database, id: string, limit: number) {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      buyerName: orders.buyerName,
      discountPrice: orders.discountPrice,
      totalPrice: orders.totalPrice,
      currency: orders.currency,
      useHeld: sql<boolean>`${discountUses.orderId} is not null`,
    })
    .from(orders)
    .leftJoin(discountUses, eq(discountUses.orderId, orders.id))
    .where(and(eq(orders.discountId, id), eq(orders.isPaid, true)))
    .orderBy(desc(orders.createdAt), asc(orders.id))
    .limit(limit);
}

/** Who a code is checked for: an account (its id and e-mail), or a guest (an e-mail alone). */
export interface DiscountCustomer {
  userId: string | null;
  email: string;
}

/**
 * The discount with this code and what the check needs to know of this customer, in one round
 * trip: the uses their orders hold now, and how many paid orders (not cancelled) they have. A
 * customer is their account (none for a guest) and their e-mail (promotions/uses.ts customerIs).
 */
export async function findDiscountForCustomer(
  db: Database,
  code: string,
  customer: DiscountCustomer,
) {
  const { userId } = customer;
  const email = customer.email.toLowerCase();
  const [row] = await db
    .select({
      discount: discounts,
      customerUses: sql<number>`(select count(*)::int from ${discountUses} u
        where u.discount_id = ${discounts}.id
          and (u.user_id = ${userId} or u.buyer_email = ${email}))`,
      customerPaidOrders: sql<number>`(select count(*)::int from ${orders} o
        where (o.user_id = ${userId} or o.buyer_email = ${email})
          and o.is_paid and o.cancelled_at is null)`,
    })
    .from(discounts)
    .where(eq(discounts.code, code));
  return row;
}

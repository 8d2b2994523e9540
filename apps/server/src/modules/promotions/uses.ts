import { discountUseProblem, type DiscountUsage } from '@proshop/domain/discounts';
import {
  and,
  count,
  eq,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { discountUses, discounts } from '../../db/schema/promotions.ts';

/**
 * The uses of discount codes (docs/decisions/0020). An order holds one use of its code from the
 * transaction that takes its stock at payment until its capture fails, it is cancelled, or it is
 * fully refunded: `discounts.uses` counts them and a row of `discount_uses` says which order
 * holds one, so that giving back happens once. Taking a use locks the discount's row, after the
 * order's row and its products (takeStock), and every transaction that gives one back locks them
 * in the same order, so no two payers or refunds deadlock.
 */

/** What the uses read of an order (an order row of the orders module). */
export interface OrderUsingCode {
  id: string;
  /** Null for a guest's order, or once the buyer's account is deleted. */
  userId: string | null;
  /** The buyer's e-mail: a customer is counted by it as well as by their account. */
  buyerEmail: string;
  discountId: string | null;
}

/**
 * Rows of one customer: their account's, or any with their e-mail (a guest's orders, and the
 * account's own placed as a guest). E-mails are kept lower-cased.
 */
export function customerIs(
  table: { userId: AnyColumn; buyerEmail: AnyColumn },
  userId: string | null,
  email: string,
): SQL {
  const byEmail = eq(table.buyerEmail, email);
  return userId === null ? byEmail : (or(eq(table.userId, userId), byEmail) as SQL);
}

/**
 * The customer's standing with a code, counted in a statement of its own: under the discount's
 * lock, taken by the statement before, this one's snapshot sees every use committed by the
 * payers who held the lock earlier. Orders being captured count as paid, so that two first
 * orders paid at once are not both first.
 */
async function customerUsage(
  tx: Database,
  order: OrderUsingCode,
  discountId: string,
): Promise<Omit<DiscountUsage, 'usesTaken'>> {
  const email = order.buyerEmail.toLowerCase();
  const [row] = await tx
    .select({
      customerUses: sql<number>`(${tx
        .select({ n: count() })
        .from(discountUses)
        .where(
          and(
            eq(discountUses.discountId, discountId),
            customerIs(discountUses, order.userId, email),
            ne(discountUses.orderId, order.id),
          ),
        )})`.mapWith(Number),
      customerPaidOrders: count(),
    })
    .from(orders)
    .where(
      and(
        customerIs(orders, order.userId, email),
        ne(orders.id, order.id),
        isNull(orders.cancelledAt),
        or(eq(orders.isPaid, true), isNotNull(orders.captureAttemptId)),
      ),
    );
  return { customerUses: row?.customerUses ?? 0, customerPaidOrders: row?.customerPaidOrders ?? 0 };
}

/**
 * The discount's row, locked until the transaction ends when `lock` is set: `FOR NO KEY
 * UPDATE`, the lock its UPDATE of `uses` takes anyway, which lines up the payers of one code
 * but not the orders being placed with it (their foreign key's check takes `FOR KEY SHARE`,
 * which `FOR UPDATE` would wait for).
 */
async function findDiscount(tx: Database, order: OrderUsingCode, id: string, lock: boolean) {
  const query = tx
    .select({
      /** Whether the order holds its use already (an attempt in doubt taken over). */
      held: sql<boolean>`exists (${tx
        .select({ one: sql`1` })
        .from(discountUses)
        .where(eq(discountUses.orderId, order.id))})`,
      code: discounts.code,
      active: discounts.active,
      usageLimit: discounts.usageLimit,
      perCustomerLimit: discounts.perCustomerLimit,
      firstOrderOnly: discounts.firstOrderOnly,
      uses: discounts.uses,
    })
    .from(discounts)
    .where(eq(discounts.id, id));
  const [row] = lock ? await query.for('no key update') : await query;
  return row;
}

/** A use the order could take: its code's id, and the reason it cannot be taken now, if any. */
interface UseCheck {
  discountId: string;
  problem: string | undefined;
}

/**
 * Undefined when there is nothing to count: no code, a use already held (an attempt in doubt
 * taken over), or a code deleted since the order was placed (its price was agreed then).
 */
async function checkUse(
  tx: Database,
  order: OrderUsingCode,
  lock: boolean,
): Promise<UseCheck | undefined> {
  if (order.discountId === null) return undefined;
  const discount = await findDiscount(tx, order, order.discountId, lock);
  if (!discount || discount.held) return undefined;
  const customer = await customerUsage(tx, order, order.discountId);
  return {
    discountId: order.discountId,
    problem: discountUseProblem(discount, { usesTaken: discount.uses, ...customer }),
  };
}

/**
 * The reason the order's code could not be used if it were paid now, read without a lock: the
 * payment is refused before the provider is even asked (the lock decides again at capture).
 */
export async function discountUseRefusal(
  db: Database,
  order: OrderUsingCode,
): Promise<string | undefined> {
  return (await checkUse(db, order, false))?.problem;
}

/**
 * Takes the order's use of its code, in the payment's transaction right after its stock: locks
 * the discount's row, reads its limits again (active, uses, the customer's uses,
 * first order) and counts the use. Answers the shopper's reason when the code cannot be used any
 * more, having changed nothing: the caller refuses the payment, rolling back its stock, and
 * nothing is charged. An order whose code was deleted keeps its agreed price without a use.
 */
export async function takeDiscountUse(
  tx: Database,
  order: OrderUsingCode,
): Promise<string | undefined> {
  const check = await checkUse(tx, order, true);
  if (!check) return undefined;
  if (check.problem) return check.problem;
  await countUse(tx, order, check.discountId);
  return undefined;
}

/**
 * Takes the use whatever the limits say, for money already captured (a payment PayPal completed
 * late): answers the reason the code could not have been used, for the shop to look at.
 */
export async function forceDiscountUse(
  tx: Database,
  order: OrderUsingCode,
): Promise<string | undefined> {
  const check = await checkUse(tx, order, true);
  if (!check) return undefined;
  await countUse(tx, order, check.discountId);
  return check.problem;
}

async function countUse(tx: Database, order: OrderUsingCode, discountId: string) {
  const held = await tx
    .insert(discountUses)
    .values({
      orderId: order.id,
      discountId,
      userId: order.userId,
      buyerEmail: order.buyerEmail.toLowerCase(),
    })
    .onConflictDoNothing()
    .returning({ orderId: discountUses.orderId });
  if (held.length === 0) return;
  await tx
    .update(discounts)
    .set({ uses: sql`${discounts.uses} + 1` })
    .where(eq(discounts.id, discountId));
}

/**
 * Gives back the use the order holds, if it holds one (once: its row goes first). Call it with
 * the order's row locked and after any stock given back in the same transaction, so that the
 * discount's row is the last locked, as when a use is taken. True when a use went back.
 */
export async function giveDiscountUseBack(tx: Database, orderId: string): Promise<boolean> {
  const [released] = await tx
    .delete(discountUses)
    .where(eq(discountUses.orderId, orderId))
    .returning({ discountId: discountUses.discountId });
  if (!released) return false;
  // A code deleted since counts nothing any more.
  if (released.discountId !== null) {
    await tx
      .update(discounts)
      .set({ uses: sql`greatest(${discounts.uses} - 1, 0)` })
      .where(eq(discounts.id, released.discountId));
  }
  return true;
}

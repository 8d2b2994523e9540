import { and, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cartItems } from '../../db/schema.ts';
import { lockCart, setCartVersion } from './repository.ts';

/**
 * Takes what was just ordered out of the buyer's account cart, so the lines do not come back on
 * another device (or in this tab, if it closed before the web app emptied its copy). Only the
 * ordered lines go: one added meanwhile in another tab stays. A line of a product without
 * options may be stored without its (implicit) variant, so the product alone matches it too.
 * Its own short transaction after the order is stored: a failure here leaves a cart to empty by
 * hand, never an order lost.
 */
export async function removeOrderedLines(
  db: Database,
  userId: string,
  orderLines: readonly { productId?: string | null; variantId?: string | null }[],
): Promise<void> {
  // Every line of a new order has both (the product's implicit variant at least).
  const ordered = orderLines.flatMap(({ productId, variantId }) =>
    productId && variantId ? [{ productId, variantId }] : [],
  );
  if (ordered.length === 0) return;
  await db.transaction(async (tx) => {
    const version = await lockCart(tx, userId);
    const removed = await tx
      .delete(cartItems)
      .where(
        and(
          eq(cartItems.userId, userId),
          or(
            ...ordered.map(({ productId, variantId }) =>
              and(
                eq(cartItems.productId, productId),
                or(isNull(cartItems.variantId), eq(cartItems.variantId, variantId)),
              ),
            ),
          ),
        ),
      )
      .returning({ productId: cartItems.productId });
    // Another device holding the old version then reloads the cart rather than writing the
    // ordered lines back.
    if (removed.length > 0) await setCartVersion(tx, userId, version + 1);
  });
}

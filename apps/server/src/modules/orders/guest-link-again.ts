import type { OrderLookupRequest } from '@proshop/domain/order-schemas';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import type { OrderNotices } from './notify-buyer.ts';
import { newAccessKey } from './order-access-keys.ts';
import { orderOfRow } from './service.ts';

/**
 * A guest's order link sent again (POST /api/orders/lookup, issue #37): the guest order with this
 * number and e-mail, not taken over by an account, gets a new key (the old link stops opening
 * it: the shop keeps only hashes, so it cannot send the old one) and the e-mail with the new link
 * is queued in the same transaction. Nothing happens when no such order exists. Answers whether
 * an e-mail was queued, for the caller to wake the outbox; never for the client to see.
 */
export async function sendGuestLinkAgain(
  db: Database,
  notices: Pick<OrderNotices, 'queue'>,
  request: OrderLookupRequest,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const access = newAccessKey();
    const [row] = await tx
      .update(orders)
      .set({ accessKeyHash: access.hash })
      .where(
        and(
          eq(orders.orderNumber, request.orderNumber),
          eq(orders.buyerEmail, request.email.toLowerCase()),
          isNull(orders.userId),
          isNotNull(orders.accessKeyHash),
        ),
      )
      .returning();
    if (!row) return false;
    await notices.queue(tx, await orderOfRow(tx, row), { guestLink: access.key });
    return true;
  });
}

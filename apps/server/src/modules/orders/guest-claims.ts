import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import type { GuestOrderClaims } from '../users/guest-order-claims.ts';

/**
 * The guest orders placed with a confirmed e-mail become its account's: orders without an
 * account and with a link key (so not the orders of a deleted account, whose buyer e-mail a
 * stranger may have registered since). Their link keeps working. E-mails are kept lower-cased.
 */
export const guestOrderClaims: GuestOrderClaims = {
  async claim(tx: Database, account: { id: string; email: string }): Promise<number> {
    const claimed = await tx
      .update(orders)
      .set({ userId: account.id })
      .where(
        and(
          isNull(orders.userId),
          isNotNull(orders.accessKeyHash),
          eq(orders.buyerEmail, account.email.toLowerCase()),
        ),
      )
      .returning({ id: orders.id });
    return claimed.length;
  },
};

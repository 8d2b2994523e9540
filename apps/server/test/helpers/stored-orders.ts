// Orders written straight into the database, with the buyer, lines, dates and state a test needs
// (placing and paying each through the API would take far longer and could not choose the day):
// the admin's order search and CSV export read them.
import { randomUUID } from 'node:crypto';
import type { OptionValue } from '@proshop/domain/variants';
import type { Database } from '../../src/db/client.ts';
import { orderItems, orders, refunds } from '../../src/db/schema.ts';

export interface StoredLine {
  name: string;
  price: string;
  qty?: number;
  sku?: string | null;
  options?: OptionValue[];
  discount?: string;
  /** The line's tax, rate and its name (issue #38); absent: null, as on lines placed before. */
  tax?: string;
  taxBasisPoints?: number;
  taxName?: string;
}

export interface StoredOrder {
  buyerName?: string;
  buyerEmail?: string;
  createdAt?: Date;
  lines?: StoredLine[];
  /** Any other column: address, amounts, isPaid and paidAt, cancelledAt ... */
  values?: Partial<typeof orders.$inferInsert>;
}

/** Stores one order and its lines (positions in the given order); answers the order's row. */
export async function storeOrder(db: Database, order: StoredOrder = {}) {
  const lines = order.lines ?? [{ name: 'Plain Mug', price: '10.00' }];
  const itemsCents = lines.reduce(
    (sum, line) => sum + Math.round(Number(line.price) * 100) * (line.qty ?? 1),
    0,
  );
  const items = (itemsCents / 100).toFixed(2);
  const [row] = await db
    .insert(orders)
    .values({
      buyerName: order.buyerName ?? 'Pat Buyer',
      buyerEmail: order.buyerEmail ?? `pat-${randomUUID().slice(0, 8)}@example.com`,
      address: '1 Main St',
      city: 'Springfield',
      postalCode: '12345',
      country: 'USA',
      paymentMethod: 'PayPal',
      itemsPrice: items,
      shippingPrice: '0.00',
      taxPrice: '0.00',
      totalPrice: items,
      createdAt: order.createdAt ?? new Date(),
      ...order.values,
    })
    .returning();
  await db.insert(orderItems).values(
    lines.map((line, position) => ({
      orderId: row!.id,
      name: line.name,
      sku: line.sku ?? null,
      options: line.options ?? [],
      image: '/images/sample.jpg',
      price: line.price,
      qty: line.qty ?? 1,
      discount: line.discount ?? '0',
      tax: line.tax ?? null,
      taxBasisPoints: line.taxBasisPoints ?? null,
      taxName: line.taxName ?? null,
      position,
    })),
  );
  return row!;
}

/** A refund the provider accepted (`completed`) or refused (`failed`), of `amount`. */
export async function storeRefund(
  db: Database,
  orderId: string,
  amount: string,
  status: 'completed' | 'failed' = 'completed',
) {
  await db.insert(refunds).values({
    orderId,
    amount,
    currency: 'USD',
    reason: 'test',
    status,
    requestId: randomUUID(),
  });
}

/** Marks stored orders paid, sent, delivered or cancelled at `at`. */
export const paidAt = (at: Date) => ({ isPaid: true, paidAt: at, captureId: randomUUID() });
export const sentAt = (at: Date) => ({ ...paidAt(at), isSent: true, sentAt: at });
export const deliveredAt = (at: Date) => ({
  ...sentAt(at),
  isDelivered: true,
  deliveredAt: at,
});
export const cancelledAt = (at: Date) => ({ cancelledAt: at, cancelledBy: 'buyer' as const });

// Orders and payments through the API as the web app makes them, and the rows the tests check
// afterwards: one copy for every API test file.
import { computeOrderPrices } from '@proshop/domain/prices';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { discountUses, orders, products, productVariants } from '../../src/db/schema.ts';

type Headers = Record<string, string>;
/**
 * A line of the cart: a product and, for a product with options, the variant chosen (its own
 * price, or null for the product's).
 */
export type OrderLine = {
  product: { id: string; price: string };
  variant?: { id: string; price: string | null };
  qty: number;
};

export const shippingAddress = {
  address: '1 Main St',
  city: 'Springfield',
  postalCode: '12345',
  country: 'USA',
};

/** The body the place-order screen sends for these lines, totals from the shared price rule. */
export function orderBody(lines: OrderLine[]) {
  return {
    orderItems: lines.map(({ product, variant, qty }) => ({
      product: product.id,
      ...(variant ? { variant: variant.id } : {}),
      qty,
    })),
    shippingAddress,
    paymentMethod: 'PayPal',
    ...computeOrderPrices(
      lines.map(({ product, variant, qty }) => ({
        price: Number(variant?.price ?? product.price),
        qty,
      })),
    ),
  };
}

/** Places an order through the API as the given shopper and answers it (201 expected). */
export async function placeOrder(app: FastifyInstance, headers: Headers, lines: OrderLine[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: orderBody(lines),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string; orderNumber: number; totalPrice: number }>();
}

/** Asks the payment provider for a payment of the order, as the order page's button does. */
export const startPayment = (app: FastifyInstance, headers: Headers, orderId: string) =>
  app.inject({ method: 'POST', url: `/api/orders/${orderId}/payment`, headers });

/** Captures the payment the provider approved: what the order page sends after PayPal. */
export const pay = (
  app: FastifyInstance,
  headers: Headers,
  orderId: string,
  providerOrderId: string,
) =>
  app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/pay`,
    headers,
    payload: { providerOrderId },
  });

/**
 * Pays an order in test mode as the order page does: starts the payment (200 expected), then
 * captures it with the provider's order id. Answers the capture's response.
 */
export async function payOrder(app: FastifyInstance, headers: Headers, orderId: string) {
  const started = await startPayment(app, headers, orderId);
  expect(started.statusCode, started.body).toBe(200);
  const { providerOrderId } = started.json<{ providerOrderId: string }>();
  return pay(app, headers, orderId, providerOrderId);
}

/** The product's stock: its variants' on offer together (the summary lists and filters read). */
export const stockOf = async (db: Database, productId: string) =>
  (await db.select().from(products).where(eq(products.id, productId)))[0]!.countInStock;

/** One variant's own stock. */
export const variantStockOf = async (db: Database, variantId: string) =>
  (await db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!
    .countInStock;

/** The order's row, and whether it holds a use of its discount code now (discount_uses). */
export const orderRow = async (db: Database, orderId: string) => {
  const [row] = await db
    .select({ order: orders, use: discountUses.orderId })
    .from(orders)
    .leftJoin(discountUses, eq(discountUses.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return { ...row!.order, discountUseHeld: row!.use !== null };
};

/** Whether an e-mail's subject names the order: subjects say its number (#1001), not its id. */
export const subjectNames = (subject: string, orderNumber: number) =>
  new RegExp(`#${orderNumber}\\b`).test(subject);

/** Gives the order a use of its code without counting it, as a test sets up a customer's past. */
export const holdUse = async (db: Database, orderId: string) => {
  const order = await orderRow(db, orderId);
  await db.insert(discountUses).values({
    orderId,
    discountId: order.discountId,
    userId: order.userId,
    buyerEmail: order.buyerEmail,
  });
};

/** Takes the order's use away without counting it back. */
export const dropUse = async (db: Database, orderId: string) => {
  await db.delete(discountUses).where(eq(discountUses.orderId, orderId));
};

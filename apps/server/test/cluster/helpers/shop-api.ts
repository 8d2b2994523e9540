import { randomUUID } from 'node:crypto';
import type { DiscountTerms } from '@proshop/domain/discounts';
import { computeOrderPrices } from '@proshop/domain/prices';
import type pg from 'pg';
import { expect } from 'vitest';
import { json, type Reply, type Send } from './http-client.ts';

export const PASSWORD = 'correct horse battery';
const address = { address: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'USA' };

export interface Product {
  _id: string;
  name: string;
  price: number;
  image: string;
  brand: string;
  category: string;
  description: string;
  countInStock: number;
  /** 1 for a product without options; more when the shopper must choose a variant. */
  variantCount: number;
}

/**
 * Marks every account registered so far as confirmed, as following their e-mailed links would:
 * the cluster's tests are about orders, which an unconfirmed account cannot place.
 */
export async function confirmRegistered(db: Pick<pg.Pool, 'query'>): Promise<void> {
  await db.query('update users set email_verified_at = now() where email_verified_at is null');
}

/** Registers a shopper through `send` and answers their token (see confirmRegistered). */
export async function register(send: Send, label: string): Promise<string> {
  const res = await send('POST', '/api/users', {
    body: { name: label, email: `${label}-${randomUUID()}@example.test`, password: PASSWORD },
  });
  expect(res.status, res.body).toBe(201);
  return json<{ token: string }>(res).token;
}

export async function signIn(send: Send, email: string, password: string): Promise<string> {
  const res = await send('POST', '/api/users/login', { body: { email, password } });
  expect(res.status, res.body).toBe(200);
  return json<{ token: string }>(res).token;
}

/** A new product with the given stock and price, as an admin makes one (create, then edit). */
export async function createProduct(
  send: Send,
  adminToken: string,
  fields: { name: string; price: number; countInStock: number },
): Promise<Product> {
  const created = await send('POST', '/api/products', { token: adminToken });
  expect(created.status, created.body).toBe(201);
  // A new product is a draft: made active, as the edit form's Update does.
  return updateProduct(send, adminToken, json<Product>(created), { status: 'active', ...fields });
}

export async function updateProduct(
  send: Send,
  adminToken: string,
  product: Product,
  fields: Partial<Pick<Product, 'name' | 'price' | 'countInStock'>> & {
    status?: 'draft' | 'active';
  },
): Promise<Product> {
  const { name, price, image, brand, category, description, countInStock } = product;
  const res = await send('PUT', `/api/products/${product._id}`, {
    token: adminToken,
    body: { name, price, image, brand, category, description, countInStock, ...fields },
  });
  expect(res.status, res.body).toBe(200);
  return json<Product>(res);
}

/**
 * POST /api/orders for `qty` of one product at its price, with a discount code of these terms if
 * given; the reply as it came.
 */
export function placeOrder(
  send: Send,
  token: string,
  product: Product,
  qty = 1,
  discount?: { code: string; terms: DiscountTerms },
  paymentMethod: 'PayPal' | 'Credit Card' = 'PayPal',
): Promise<Reply> {
  return send('POST', '/api/orders', {
    token,
    body: {
      orderItems: [{ product: product._id, qty }],
      shippingAddress: address,
      paymentMethod,
      ...(discount ? { discountCode: discount.code } : {}),
      ...computeOrderPrices([{ price: product.price, qty }], discount?.terms),
    },
  });
}

/** Runs `work` over `items` with at most `concurrency` at a time; answers the results in order. */
export async function inParallel<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** `{ 200: 20, 409: 180 }`-style counts of the replies' status codes. */
export function countStatuses(replies: readonly Reply[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const reply of replies) counts[reply.status] = (counts[reply.status] ?? 0) + 1;
  return counts;
}

/**
 * The oversell race: `shoppers` shoppers place `payments` orders of `product` between them and
 * start paying each (test mode), then every payment is captured at once. Answers the orders and
 * the capture replies, for the caller to count against the stock.
 */
export async function payAllAtOnce(
  send: Send,
  db: Pick<pg.Pool, 'query'>,
  product: Product,
  { shoppers, payments, label }: { shoppers: number; payments: number; label: string },
): Promise<{ orderIds: string[]; replies: Reply[] }> {
  const tokens = await inParallel(Array.from({ length: shoppers }), 4, (_, i) =>
    register(send, `${label}-${i}`),
  );
  await confirmRegistered(db);
  const started = await inParallel(Array.from({ length: payments }), 20, async (_, i) => {
    const token = tokens[i % tokens.length]!;
    const order = await placeOrder(send, token, product);
    expect(order.status, order.body).toBe(201);
    const orderId = json<{ _id: string }>(order)._id;
    const payment = await send('POST', `/api/orders/${orderId}/payment`, { token });
    expect(payment.status, payment.body).toBe(200);
    return { token, orderId, ...json<{ providerOrderId: string }>(payment) };
  });
  const replies = await Promise.all(
    started.map(({ token, orderId, providerOrderId }) =>
      send('PUT', `/api/orders/${orderId}/pay`, { token, body: { providerOrderId } }),
    ),
  );
  return { orderIds: started.map((payment) => payment.orderId), replies };
}

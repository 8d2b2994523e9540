import { randomUUID } from 'node:crypto';
import type { ProductDetail } from '@proshop/domain/product-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { orderItems, orders, products } from '../../src/db/schema.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type Headers = Record<string, string>;

/** An order of one line of the product, paid or not, inserted as the orders module would. */
async function placeOrder(db: Database, userId: string, productId: string, isPaid: boolean) {
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      buyerName: 'Buyer',
      buyerEmail: 'buyer@example.test',
      address: '1 Road',
      city: 'Town',
      postalCode: '123',
      country: 'Land',
      paymentMethod: 'PayPal',
      itemsPrice: '10.00',
      shippingPrice: '25.00',
      taxPrice: '1.50',
      totalPrice: '36.50',
      isPaid,
      paidAt: isPaid ? new Date() : null,
    })
    .returning();
  await db.insert(orderItems).values({
    orderId: order!.id,
    productId,
    name: 'Line',
    image: '/images/sample.webp',
    price: '10.00',
    qty: 1,
  });
}

describe('POST /api/products/{id}/reviews', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const review = (productId: string, payload: unknown, headers: Headers) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/reviews`,
      headers,
      payload: payload as object,
    });
  const detail = async (productId: string) =>
    (await t.app.inject(`/api/products/${productId}`)).json<ProductDetail>();

  it('adds a review with the reviewer name and answers 201 Review added', async () => {
    const product = await createProduct(t.database.db);
    const shopper = await createSignedInUser(t.database.db, { name: 'Rita Rater' });
    const res = await review(product.id, { rating: 4, comment: '  Works well  ' }, shopper.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Review added' });
    const body = await detail(product.id);
    expect(body).toMatchObject({ rating: 4, numReviews: 1 });
    expect(body.reviews).toEqual([
      expect.objectContaining({ name: 'Rita Rater', rating: 4, comment: 'Works well' }),
    ]);
  });

  it('recomputes rating and numReviews: 5 and 4 give 4.5 from 2 reviews', async () => {
    const product = await createProduct(t.database.db);
    const first = await createSignedInUser(t.database.db);
    const second = await createSignedInUser(t.database.db);
    await review(product.id, { rating: 5, comment: 'Great' }, first.headers);
    await review(product.id, { rating: 4, comment: 'Good' }, second.headers);
    expect(await detail(product.id)).toMatchObject({ rating: 4.5, numReviews: 2 });
    const top = (await t.app.inject('/api/products/top')).json();
    expect(top[0]).toMatchObject({ _id: product.id, rating: 4.5, numReviews: 2 });
  });

  it('answers 409 Product already reviewed to a second review, keeping the first', async () => {
    const product = await createProduct(t.database.db);
    const shopper = await createSignedInUser(t.database.db);
    await review(product.id, { rating: 2, comment: 'Meh' }, shopper.headers);
    const again = await review(
      product.id,
      { rating: 5, comment: 'Changed my mind' },
      shopper.headers,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Product already reviewed' });
    expect(await detail(product.id)).toMatchObject({ rating: 2, numReviews: 1 });
  });

  it('lets one of two simultaneous first reviews in and answers 409 to the other', async () => {
    const product = await createProduct(t.database.db);
    const shopper = await createSignedInUser(t.database.db);
    const answers = await Promise.all(
      [1, 2, 3].map((n) => review(product.id, { rating: n, comment: `Try ${n}` }, shopper.headers)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await detail(product.id)).toMatchObject({ numReviews: 1 });
  });

  it('counts simultaneous reviews of different users all in the rating', async () => {
    const product = await createProduct(t.database.db);
    const shoppers = await Promise.all([1, 2, 3, 4].map(() => createSignedInUser(t.database.db)));
    const answers = await Promise.all(
      shoppers.map((s, i) => review(product.id, { rating: i + 2, comment: 'Hi' }, s.headers)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    // 2 + 3 + 4 + 5 = 14 over 4 reviews.
    expect(await detail(product.id)).toMatchObject({ rating: 3.5, numReviews: 4 });
  });

  it('refuses an invalid rating or comment with 400 naming the field', async () => {
    const product = await createProduct(t.database.db);
    const shopper = await createSignedInUser(t.database.db);
    const cases: [unknown, RegExp][] = [
      [{ rating: 0, comment: 'x' }, /Rating must be a whole number from 1 to 5/],
      [{ rating: 6, comment: 'x' }, /Rating must be a whole number from 1 to 5/],
      [{ rating: 2.5, comment: 'x' }, /Rating must be a whole number from 1 to 5/],
      [{ rating: '', comment: 'x' }, /[Rr]ating/],
      [{ comment: 'x' }, /[Rr]ating/],
      [{ rating: 3 }, /[Cc]omment/],
      [{ rating: 3, comment: '' }, /Comment is required/],
      [{ rating: 3, comment: '   ' }, /Comment is required/],
      [{ rating: 3, comment: 'x'.repeat(2001) }, /Comment must be at most 2000 characters/],
    ];
    for (const [payload, message] of cases) {
      const res = await review(product.id, payload, shopper.headers);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().message, JSON.stringify(payload).slice(0, 60)).toMatch(message);
    }
    const longest = await review(
      product.id,
      { rating: '3', comment: 'x'.repeat(2000) },
      shopper.headers,
    );
    expect(longest.statusCode).toBe(201);
    expect(await detail(product.id)).toMatchObject({ rating: 3, numReviews: 1 });
  });

  it('answers 404 Product not found for an unknown or malformed product id', async () => {
    const shopper = await createSignedInUser(t.database.db);
    for (const id of [randomUUID(), 'not-a-product']) {
      const res = await review(id, { rating: 5, comment: 'Hi' }, shopper.headers);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found' });
    }
  });

  it('answers 401 to a signed-out caller', async () => {
    const product = await createProduct(t.database.db);
    const res = await review(product.id, { rating: 5, comment: 'Hi' }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authorized, please sign in' });
    const [row] = await t.database.db
      .select({ numReviews: products.numReviews })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.numReviews).toBe(0);
  });

  it('marks a review verified only when its author has a paid order with the product', async () => {
    const db = t.database.db;
    const product = await createProduct(db);
    const other = await createProduct(db);
    const paid = await createSignedInUser(db, { name: 'Paid buyer' });
    const unpaid = await createSignedInUser(db, { name: 'Unpaid buyer' });
    const paidOther = await createSignedInUser(db, { name: 'Bought something else' });
    const never = await createSignedInUser(db, { name: 'Never ordered' });
    await placeOrder(db, paid.user.id, product.id, true);
    await placeOrder(db, unpaid.user.id, product.id, false);
    await placeOrder(db, paidOther.user.id, other.id, true);
    for (const shopper of [paid, unpaid, paidOther, never]) {
      expect(
        (await review(product.id, { rating: 5, comment: 'Hi' }, shopper.headers)).statusCode,
      ).toBe(201);
    }
    const verified = Object.fromEntries(
      (await detail(product.id)).reviews.map((r) => [r.name, r.verified]),
    );
    expect(verified).toEqual({
      'Paid buyer': true,
      'Unpaid buyer': false,
      'Bought something else': false,
      'Never ordered': false,
    });
  });
});

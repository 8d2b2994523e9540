// Mass assignment: every write route is sent the fields an attacker would add (admin rights, paid
// and delivered states and dates, ratings, another user as owner, a price on an order line), and
// a follow-up GET and the database must show that none of them was taken.
import type { Order } from '@proshop/domain/order-schemas';
import { SAMPLE_PRODUCT } from '@proshop/domain/product-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, products, reviews, users } from '../../src/db/schema.ts';
import { signIn } from '../helpers/auth.ts';
import {
  createProduct,
  createSignedInUser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../helpers/factories.ts';
import { orderBody, orderRow, payOrder, placeOrder } from '../helpers/orders.ts';
import type { Headers } from '../helpers/security-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

const LONG_AGO = '2000-01-01T00:00:00.000Z';

/** What an attacker adds to any body: states, dates, ratings and another user as the owner. */
const hostileFields = (otherUserId: string) => ({
  isAdmin: true,
  isPaid: true,
  paidAt: LONG_AGO,
  isSent: true,
  sentAt: LONG_AGO,
  isDelivered: true,
  deliveredAt: LONG_AGO,
  isCancelled: true,
  cancelledAt: LONG_AGO,
  cancelledBy: 'shop',
  captureAttemptId: otherUserId,
  rating: 5,
  numReviews: 999,
  user: otherUserId,
  userId: otherUserId,
  _id: otherUserId,
  id: otherUserId,
  createdAt: LONG_AGO,
});

describe('mass assignment: no request sets a field the server owns', () => {
  let t: TestApp;
  let admin: SignedIn;
  let shopper: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    admin = await createSignedInUser(db, { isAdmin: true });
    shopper = await createSignedInUser(db, { name: 'Sam Shopper' });
    other = await createSignedInUser(db, { name: 'Olga Other' });
  });
  afterAll(() => t.close());

  const userRow = async (id: string) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
  const productRow = async (id: string) =>
    (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!;
  const getOrder = async (id: string, headers: Headers = shopper.headers) =>
    (await t.app.inject({ url: `/api/orders/${id}`, headers })).json<Order>();

  it('registers a customer with an id of its own, whatever admin flag, id or token version the body names', async () => {
    const otherBefore = await userRow(other.user.id);
    const email = uniqueEmail('mass');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Reg Istrant',
        email,
        password: 'a-good-password',
        ...hostileFields(other.user.id),
        tokenVersion: 99,
        passwordHash: 'plain',
      },
    });
    expect(res.statusCode).toBe(201);
    const info = res.json();
    expect(info._id).not.toBe(other.user.id);
    expect(info.isAdmin).toBe(false);

    const profile = await t.app.inject({
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${info.token}` },
    });
    expect(profile.json()).toEqual({
      _id: info._id,
      name: 'Reg Istrant',
      email,
      isAdmin: false,
      emailVerified: false,
    });
    const row = await userRow(info._id);
    expect(row).toMatchObject({ isAdmin: false, tokenVersion: 0 });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await userRow(other.user.id)).toEqual(otherBefore);
  });

  it("updates only the caller's own name and e-mail, never the admin flag or another user named in the body", async () => {
    const me = await createSignedInUser(t.database.db);
    const otherBefore = await userRow(other.user.id);
    const email = uniqueEmail('mass');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: me.headers,
      payload: {
        name: 'Renamed',
        email,
        currentPassword: TEST_PASSWORD,
        ...hostileFields(other.user.id),
        tokenVersion: 99,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: me.user.id, isAdmin: false });

    const profile = await t.app.inject({ url: '/api/users/profile', headers: me.headers });
    // The new address waits for its link; the account keeps its own until then.
    expect(profile.json()).toEqual({
      _id: me.user.id,
      name: 'Renamed',
      email: me.user.email,
      isAdmin: false,
      emailVerified: true,
      pendingEmail: email,
    });
    expect(await userRow(me.user.id)).toMatchObject({ isAdmin: false, tokenVersion: 0 });
    expect(await userRow(other.user.id)).toEqual(otherBefore);
  });

  it("lets an admin's user edit set name, e-mail and the admin flag only: no password, token version or other user", async () => {
    const target = await createSignedInUser(t.database.db);
    const before = await userRow(target.user.id);
    const otherBefore = await userRow(other.user.id);
    const email = uniqueEmail('mass');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.user.id}`,
      headers: admin.headers,
      payload: {
        ...hostileFields(other.user.id),
        name: 'Edited',
        email,
        isAdmin: false,
        password: 'hijacked-password',
        passwordHash: 'plain',
        tokenVersion: 99,
      },
    });
    expect(res.statusCode).toBe(200);
    const shown = await t.app.inject({
      url: `/api/users/${target.user.id}`,
      headers: admin.headers,
    });
    expect(shown.json()).toEqual({
      _id: target.user.id,
      name: 'Edited',
      email,
      isAdmin: false,
      emailVerified: true,
    });

    expect(await userRow(target.user.id)).toEqual({
      ...before,
      name: 'Edited',
      email,
      updatedAt: expect.any(Date),
    });
    expect(await userRow(other.user.id)).toEqual(otherBefore);
    expect((await signIn(t.app, email, 'hijacked-password')).statusCode).toBe(401);
    expect((await signIn(t.app, email, TEST_PASSWORD)).statusCode).toBe(200);
    // The token version was not raised: the target's session lives on.
    const session = await t.app.inject({ url: '/api/users/profile', headers: target.headers });
    expect(session.statusCode).toBe(200);
  });

  it('creates the sample product whatever the body says: no rating, reviews, owner, price or stock from it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: {
        ...hostileFields(other.user.id),
        name: 'Free lamp',
        price: 0.01,
        countInStock: 1000,
      },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created._id).not.toBe(other.user.id);

    const shown = (
      await t.app.inject({ url: `/api/products/${created._id}/admin`, headers: admin.headers })
    ).json();
    expect(shown).toMatchObject({ ...SAMPLE_PRODUCT, rating: 0, numReviews: 0, reviews: [] });
    expect(new Date(shown.createdAt).getFullYear()).toBeGreaterThan(2000);
    expect(await productRow(created._id)).toMatchObject({
      userId: admin.user.id,
      price: '0.00',
      countInStock: 0,
      rating: '0.00',
      numReviews: 0,
    });
  });

  it('keeps rating, review count, owner, id and creation time out of the product edit form', async () => {
    const product = await createProduct(t.database.db, { userId: admin.user.id });
    const bystander = await createProduct(t.database.db);
    const bystanderBefore = await productRow(bystander.id);
    const reviewed = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/reviews`,
      headers: shopper.headers,
      payload: { rating: 4, comment: 'Good' },
    });
    expect(reviewed.statusCode).toBe(201);
    const before = await productRow(product.id);

    const form = {
      name: 'Edited lamp',
      price: 12.5,
      image: '/images/sample.webp',
      brand: 'Brand',
      category: 'Lamps',
      countInStock: 7,
      description: 'Edited',
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: { ...hostileFields(other.user.id), _id: bystander.id, id: bystander.id, ...form },
    });
    expect(res.statusCode).toBe(200);

    const shown = (await t.app.inject(`/api/products/${product.id}`)).json();
    expect(shown).toMatchObject({ ...form, _id: product.id, rating: 4, numReviews: 1 });
    expect(shown.createdAt).toBe(before.createdAt.toISOString());
    expect(await productRow(product.id)).toMatchObject({
      userId: admin.user.id,
      rating: '4.00',
      numReviews: 1,
      createdAt: before.createdAt,
    });
    expect(await productRow(bystander.id)).toEqual(bystanderBefore);
  });

  it('files a review under the signed-in caller, whatever user, name, product or badge the body names', async () => {
    const product = await createProduct(t.database.db);
    const elsewhere = await createProduct(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/reviews`,
      headers: shopper.headers,
      payload: {
        ...hostileFields(other.user.id),
        rating: 2,
        comment: 'Written by Sam',
        name: 'Olga Other',
        product: elsewhere.id,
        productId: elsewhere.id,
        verified: true,
      },
    });
    expect(res.statusCode).toBe(201);

    const shown = (await t.app.inject(`/api/products/${product.id}`)).json();
    expect(shown).toMatchObject({ rating: 2, numReviews: 1 });
    expect(shown.reviews).toEqual([
      expect.objectContaining({ name: 'Sam Shopper', rating: 2, verified: false }),
    ]);
    const rows = await t.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.productId, product.id));
    expect(rows).toEqual([
      expect.objectContaining({ userId: shopper.user.id, name: 'Sam Shopper', rating: 2 }),
    ]);
    expect(
      await t.database.db.select().from(reviews).where(eq(reviews.productId, elsewhere.id)),
    ).toEqual([]);
    // The other user has not reviewed the product: their own review is still welcome.
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/reviews`,
      headers: other.headers,
      payload: { rating: 4, comment: 'Written by Olga' },
    });
    expect(theirs.statusCode).toBe(201);
  });

  it('places an order for the caller at catalogue prices: no paid, sent or delivered state, buyer or line price from the body', async () => {
    const lamp = await createProduct(t.database.db, { name: 'Real lamp', price: '40.00' });
    const body = orderBody([{ product: lamp, qty: 2 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: {
        ...hostileFields(other.user.id),
        ...body,
        orderItems: [
          { ...body.orderItems[0], price: 0.01, name: 'Free lamp', image: '/uploads/x.webp' },
        ],
        currency: 'JPY',
        captureId: 'CAPTURED',
      },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json()._id;

    const shown = await getOrder(id);
    expect(shown).toMatchObject({
      user: { _id: shopper.user.id, name: 'Sam Shopper' },
      orderItems: [{ product: lamp.id, name: 'Real lamp', image: lamp.image, price: 40, qty: 2 }],
      itemsPrice: 80,
      totalPrice: body.totalPrice,
      currency: 'USD',
      isPaid: false,
      paidAt: null,
      isSent: false,
      sentAt: null,
      isDelivered: false,
      deliveredAt: null,
      isCancelled: false,
      cancelledAt: null,
    });
    expect(await orderRow(t.database.db, id)).toMatchObject({
      userId: shopper.user.id,
      isPaid: false,
      paidAt: null,
      captureId: null,
      isSent: false,
      isDelivered: false,
      cancelledAt: null,
      captureAttemptId: null,
    });
    const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, id));
    expect(lines).toEqual([expect.objectContaining({ price: '40.00', name: 'Real lamp' })]);
    // The other user owns no order of it.
    expect(
      (await t.app.inject({ url: `/api/orders/${id}`, headers: other.headers })).statusCode,
    ).toBe(404);
  });

  it('pays from the payment id alone: paidAt is the server time; states, buyer and totals in the body are ignored', async () => {
    const lamp = await createProduct(t.database.db, { price: '15.00' });
    const order = await placeOrder(t.app, shopper.headers, [{ product: lamp, qty: 1 }]);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/payment`,
      headers: shopper.headers,
    });
    const before = Date.now();
    const paid = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/pay`,
      headers: shopper.headers,
      payload: {
        ...hostileFields(other.user.id),
        providerOrderId: started.json().providerOrderId,
        totalPrice: 0.01,
        captureId: 'CAPTURED',
      },
    });
    expect(paid.statusCode).toBe(200);

    const shown = await getOrder(order._id);
    expect(shown).toMatchObject({
      user: { _id: shopper.user.id },
      isPaid: true,
      totalPrice: order.totalPrice,
      isSent: false,
      sentAt: null,
      isDelivered: false,
      deliveredAt: null,
    });
    expect(Date.parse(shown.paidAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const row = await orderRow(t.database.db, order._id);
    expect(row.captureId).not.toBe('CAPTURED');
    expect(row.userId).toBe(shopper.user.id);
  });

  it('marks sent and delivered from the route alone: dates, states, buyer and totals in the body are ignored', async () => {
    const lamp = await createProduct(t.database.db, { price: '15.00' });
    const order = await placeOrder(t.app, shopper.headers, [{ product: lamp, qty: 1 }]);
    expect((await payOrder(t.app, shopper.headers, order._id)).statusCode).toBe(200);
    const paid = await getOrder(order._id);
    const hostile = { ...hostileFields(other.user.id), isPaid: false, totalPrice: 0.01 };

    const sent = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/sent`,
      headers: admin.headers,
      payload: hostile,
    });
    expect(sent.statusCode).toBe(200);
    const afterSent = await getOrder(order._id);
    expect(afterSent).toMatchObject({
      user: { _id: shopper.user.id },
      isPaid: true,
      paidAt: paid.paidAt,
      isSent: true,
      isDelivered: false,
      deliveredAt: null,
      totalPrice: order.totalPrice,
    });
    expect(afterSent.sentAt).not.toBe(LONG_AGO);

    const delivered = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/deliver`,
      headers: admin.headers,
      payload: { ...hostile, isSent: false, sentAt: LONG_AGO },
    });
    expect(delivered.statusCode).toBe(200);
    const afterDelivered = await getOrder(order._id);
    expect(afterDelivered).toMatchObject({
      user: { _id: shopper.user.id },
      isPaid: true,
      paidAt: paid.paidAt,
      isSent: true,
      sentAt: afterSent.sentAt,
      isDelivered: true,
      totalPrice: order.totalPrice,
    });
    expect(afterDelivered.deliveredAt).not.toBe(LONG_AGO);
    expect(await orderRow(t.database.db, order._id)).toMatchObject({
      userId: shopper.user.id,
      isPaid: true,
    });
  });
});

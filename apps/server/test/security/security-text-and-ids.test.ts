import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../src/db/schema.ts';
import { createProduct, createSignedInUser, uniqueEmail } from '../helpers/factories.ts';
import { orderBody, placeOrder } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The schema's message names the field at fault in words; the error handler adds no prefix that
// would repeat it. `path` says which field the case is about.
const ONE_LINE = (_path: string, field: string) =>
  `${field} must be one line, without line breaks or control characters`;
const NO_CONTROLS = (_path: string, field: string) =>
  `${field} must not contain control characters`;

describe('text fields refuse control characters; names refuse line breaks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const expectRefused = (res: { statusCode: number; json(): unknown }, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  };

  it('refuses a NUL byte or a line break in a name at sign-up, in the profile and from an admin, and changes nothing', async () => {
    const email = uniqueEmail('nul');
    for (const name of ['Nul\u0000Byte', 'Dear customer\nYour card was charged $500']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { name, email, password: 'password-1' },
      });
      expectRefused(res, ONE_LINE('name', 'Name'));
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const shopper = await createSignedInUser(t.database.db);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: shopper.headers,
      payload: { name: 'New\r\nName', email: shopper.user.email },
    });
    expectRefused(profile, ONE_LINE('name', 'Name'));
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const byAdmin = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${shopper.user.id}`,
      headers: admin.headers,
      payload: { name: 'A\u0000', email: shopper.user.email, isAdmin: false },
    });
    expectRefused(byAdmin, ONE_LINE('name', 'Name'));
    const [row] = await t.database.db.select().from(users).where(eq(users.id, shopper.user.id));
    expect(row?.name).toBe(shopper.user.name);
  });

  it('refuses control characters in a review, an address and a product, and keeps line breaks where text runs over lines', async () => {
    const shopper = await createSignedInUser(t.database.db);
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const product = await createProduct(t.database.db);

    const review = (comment: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/reviews`,
        headers: shopper.headers,
        payload: { rating: 5, comment },
      });
    expectRefused(await review('Great\u0000'), NO_CONTROLS('comment', 'Comment'));
    expect((await review('Great.\n\nWould buy again.')).statusCode).toBe(201);

    const body = orderBody([{ product, qty: 1 }]);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: { ...body, shippingAddress: { ...body.shippingAddress, city: 'Spring\u0000field' } },
    });
    expectRefused(order, ONE_LINE('shippingAddress.city', 'City'));

    const edit = (changes: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}`,
        headers: admin.headers,
        payload: {
          name: 'Edited',
          price: 10,
          image: '/images/sample.webp',
          brand: 'Brand',
          category: 'Category',
          countInStock: 3,
          description: 'Plain',
          ...changes,
        },
      });
    expectRefused(await edit({ brand: 'Br\u0000and' }), ONE_LINE('brand', 'Brand'));
    expectRefused(
      await edit({ description: 'Bad\u0007bell' }),
      NO_CONTROLS('description', 'Description'),
    );
    const [unchanged] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.id, product.id));
    expect(unchanged?.name).toBe(product.name);
    expect((await edit({ description: 'Line one\nLine two' })).statusCode).toBe(200);

    // A search is free text: a pasted control character is searched as a space, not refused.
    const search = await t.app.inject(`/api/products?keyword=${encodeURIComponent('a\u0000b')}`);
    expect(search.statusCode).toBe(200);
  });
});

describe('ids are UUIDs in any case, compared as one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses an admin demoting or deleting their own account with their id in capitals', async () => {
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const id = admin.user.id.toUpperCase();
    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}`,
      headers: admin.headers,
      payload: { name: admin.user.name, email: admin.user.email, isAdmin: false },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ message: 'You cannot remove your own admin rights' });
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${id}`,
      headers: admin.headers,
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual({ message: 'You cannot delete your own account' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row?.isAdmin).toBe(true);
  });

  it('finds a product, an order and a user by their id in capitals, answered with the id as stored', async () => {
    const shopper = await createSignedInUser(t.database.db);
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const product = await createProduct(t.database.db);
    const detail = await t.app.inject(`/api/products/${product.id.toUpperCase()}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()._id).toBe(product.id);

    const order = await placeOrder(t.app, shopper.headers, [
      { product: { ...product, id: product.id.toUpperCase() }, qty: 1 },
    ]);
    const read = await t.app.inject({
      url: `/api/orders/${order._id.toUpperCase()}`,
      headers: shopper.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().orderItems[0].product).toBe(product.id);

    const user = await t.app.inject({
      url: `/api/users/${shopper.user.id.toUpperCase()}`,
      headers: admin.headers,
    });
    expect(user.json()._id).toBe(shopper.user.id);
  });
});

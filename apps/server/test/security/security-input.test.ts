// Hostile input: oversized texts, JSON nested too deep, bodies that are not JSON, numbers of
// every wrong kind, and markup and Unicode through every text field. Refusals are 4xx with a
// message naming the field and change nothing; accepted text comes back exactly as it was sent.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, reviews, users } from '../../src/db/schema.ts';
import {
  createProduct,
  createSignedInUser,
  markEmailConfirmed,
  uniqueEmail,
} from '../helpers/factories.ts';
import { orderBody, shippingAddress } from '../helpers/orders.ts';
import type { Headers } from '../helpers/security-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

const HUNDRED_KB = 'x'.repeat(100 * 1024);

/** `levels` objects inside each other, as raw JSON text (too deep for a recursive parser). */
const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const nestedArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** Texts an attacker or a shopper from anywhere sends, which must come back unchanged. */
const TEXTS: [string, string][] = [
  ['a script tag', '<script>alert(1)</script>'],
  ['an image with onerror', '<img src=x onerror=alert(1)>'],
  ['quotes, ampersands and a closing tag', `"'&amp;</textarea><svg onload=alert(1)>`],
  ['Latin, Chinese and an emoji', 'Zoë Ångström 李小龙 🚀'],
  ['right-to-left Arabic and Hebrew', 'مرحبا بالعالم שלום'],
  ['a decomposed accent and a joined emoji', 'Zoe\u0308 👩‍💻'],
];

describe('hostile input', () => {
  let t: TestApp;
  let admin: SignedIn;
  let shopper: SignedIn;
  let product: Awaited<ReturnType<typeof createProduct>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
    shopper = await createSignedInUser(t.database.db);
    product = await createProduct(t.database.db, { price: '10.00', countInStock: 50 });
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: unknown, headers: Headers = {}) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(typeof payload === 'string'
        ? { payload, headers: { 'content-type': 'application/json', ...headers } }
        : { payload: payload as object }),
    });
  const productRow = async (id: string) =>
    (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!;
  const ordersOf = (userId: string) =>
    t.database.db.select().from(orders).where(eq(orders.userId, userId));
  const reviewsOf = (productId: string) =>
    t.database.db.select().from(reviews).where(eq(reviews.productId, productId));
  const editForm = {
    name: 'Kettle',
    price: 10,
    image: '/images/sample.webp',
    brand: 'Brand',
    category: 'Kitchen',
    countInStock: 5,
    description: 'Boils water.',
  };

  /** Every route with a body, with a valid body to start from and the caller it needs. */
  const writeRoutes = (): [string, 'POST' | 'PUT', string, Headers][] => [
    ['register', 'POST', '/api/users', {}],
    ['sign in', 'POST', '/api/users/login', {}],
    ['profile', 'PUT', '/api/users/profile', shopper.headers],
    ['forgot password', 'POST', '/api/users/forgotpassword', {}],
    ['admin user edit', 'PUT', `/api/users/${shopper.user.id}`, admin.headers],
    ['product edit', 'PUT', `/api/products/${product.id}`, admin.headers],
    ['review', 'POST', `/api/products/${product.id}/reviews`, shopper.headers],
    ['order', 'POST', '/api/orders', shopper.headers],
  ];

  it('refuses a 100 KB text in any field with 400 naming the field, and stores nothing', async () => {
    const reviewed = await createProduct(t.database.db);
    const edited = await createProduct(t.database.db);
    const editedBefore = await productRow(edited.id);
    const ordersBefore = (await ordersOf(shopper.user.id)).length;
    const email = uniqueEmail('huge');
    const cases: [string, 'POST' | 'PUT', string, object, Headers, RegExp][] = [
      [
        'review comment',
        'POST',
        `/api/products/${reviewed.id}/reviews`,
        { rating: 5, comment: HUNDRED_KB },
        shopper.headers,
        /^Comment must be at most 2000 characters$/,
      ],
      [
        'user name',
        'POST',
        '/api/users',
        { name: HUNDRED_KB, email, password: 'a-good-password' },
        {},
        /^Name is too long$/,
      ],
      [
        'product description',
        'PUT',
        `/api/products/${edited.id}`,
        { ...editForm, description: HUNDRED_KB },
        admin.headers,
        /^Description is too long$/,
      ],
      [
        'address',
        'POST',
        '/api/orders',
        {
          ...orderBody([{ product, qty: 1 }]),
          shippingAddress: { ...shippingAddress, address: HUNDRED_KB },
        },
        shopper.headers,
        /^Address is too long$/,
      ],
    ];
    for (const [label, method, url, payload, headers, message] of cases) {
      const res = await send(method, url, payload, headers);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    expect(await reviewsOf(reviewed.id)).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await productRow(edited.id)).toEqual(editedBefore);
    expect(await ordersOf(shopper.user.id)).toHaveLength(ordersBefore);
  });

  it('answers JSON nested 10,000 and 100,000 levels deep with 400 on every route with a body, and keeps serving', async () => {
    for (const [label, method, url, headers] of writeRoutes()) {
      for (const body of [
        nestedObjects(10_000),
        nestedArrays(10_000),
        nestedArrays(100_000),
        `{"email":${nestedArrays(10_000)},"name":${nestedObjects(10_000)}}`,
      ]) {
        const res = await send(method, url, body, headers);
        expect(res.statusCode, `${label}: ${body.slice(0, 20)}`).toBe(400);
        // A sentence: zod's own message with the path, or the field's ("Name is required").
        expect(res.json().message, label).toMatch(/^[A-Z][^\n]{5,}$/);
      }
    }
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });

  it('answers a body that is not JSON with 400, or 415 for another content type, with a clear message', async () => {
    const NOT_JSON = 'The request body is not valid JSON.';
    const NOT_ACCEPTED = 'This type of content is not accepted here.';
    const NOT_AN_OBJECT = /^Invalid request: Invalid input: expected object, received /;
    const notJson: [string, string, number, string | RegExp][] = [
      ['application/json', 'not json', 400, NOT_JSON],
      ['application/json', '{"email": "a@b.c",', 400, NOT_JSON],
      ['application/json', "{'email': 'a@b.c'}", 400, NOT_JSON],
      ['application/json', '', 400, 'The request body is empty.'],
      // JSON, but not an object.
      ['application/json', 'null', 400, NOT_AN_OBJECT],
      ['application/json', '42', 400, NOT_AN_OBJECT],
      ['application/json', '"text"', 400, NOT_AN_OBJECT],
      ['application/json', '[]', 400, NOT_AN_OBJECT],
      // Plain text reaches the schema as a string; other types are not read at all.
      ['text/plain', 'email=a@b.c', 400, NOT_AN_OBJECT],
      ['application/x-www-form-urlencoded', 'email=a%40b.c&password=x', 415, NOT_ACCEPTED],
      ['application/xml', '<email>a@b.c</email>', 415, NOT_ACCEPTED],
      ['multipart/form-data; boundary=x', '--x--', 415, NOT_ACCEPTED],
    ];
    for (const [label, method, url, headers] of writeRoutes()) {
      for (const [contentType, payload, status, message] of notJson) {
        const res = await t.app.inject({
          method,
          url,
          payload,
          headers: { ...headers, 'content-type': contentType },
        });
        const what = `${label}: ${contentType} ${payload}`;
        expect(res.statusCode, what).toBe(status);
        expect(res.json().message, what).toMatch(message);
      }
    }
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });

  it('refuses huge, negative, zero, fractional and non-numeric quantities with 400 naming the quantity', async () => {
    const before = (await ordersOf(shopper.user.id)).length;
    const quantities = [
      '10001',
      '1e9',
      '1e308',
      '1e400',
      '9007199254740993',
      '-1',
      '0',
      '1.5',
      '0.0001',
      '"2"',
      'null',
      'true',
      '[]',
      '{}',
      '"NaN"',
    ];
    const body = orderBody([{ product, qty: 1 }]);
    for (const qty of quantities) {
      const raw = JSON.stringify(body).replace('"qty":1', `"qty":${qty}`);
      const res = await send('POST', '/api/orders', raw, shopper.headers);
      expect(res.statusCode, qty).toBe(400);
      expect(res.json().message, qty).toMatch(/^Invalid orderItems\.0\.qty: |^Quantity /);
    }
    expect(await ordersOf(shopper.user.id)).toHaveLength(before);
    expect((await productRow(product.id)).countInStock).toBe(50);
  });

  it('refuses huge, negative, fractional and non-numeric prices and stock counts with 400 naming the field', async () => {
    const edited = await createProduct(t.database.db, { price: '10.00', countInStock: 3 });
    const before = await productRow(edited.id);
    const bad: [keyof typeof editForm, string][] = [
      ['price', '1000001'],
      ['price', '1e308'],
      ['price', '1e400'],
      ['price', '-0.01'],
      ['price', '0.001'],
      ['price', '"10"'],
      ['price', 'null'],
      ['price', 'true'],
      ['price', '"NaN"'],
      ['countInStock', '1000001'],
      ['countInStock', '-1'],
      ['countInStock', '1.5'],
      ['countInStock', '"5"'],
    ];
    for (const [field, value] of bad) {
      const raw = JSON.stringify(editForm).replace(
        `"${field}":${JSON.stringify(editForm[field])}`,
        `"${field}":${value}`,
      );
      const res = await send('PUT', `/api/products/${edited.id}`, raw, admin.headers);
      expect(res.statusCode, `${field} ${value}`).toBe(400);
      // zod's own message with the field's path, or the field's sentence ("Price is too large").
      const words = field === 'price' ? 'Price' : 'Count in stock';
      expect(res.json().message, `${field} ${value}`).toMatch(
        new RegExp(`^Invalid ${field}: |^${words} `),
      );
    }
    expect(await productRow(edited.id)).toEqual(before);

    // The totals of an order: wrong kinds are 400, a well-formed amount that is not the
    // server's total is 409.
    const ordersBefore = (await ordersOf(shopper.user.id)).length;
    const body = orderBody([{ product, qty: 1 }]);
    for (const [total, status] of [
      ['-1', 400],
      ['0.001', 400],
      ['"11"', 400],
      ['null', 400],
      ['1e400', 400],
      ['1e308', 400],
      ['0', 409],
      ['11', 409],
    ] as const) {
      const raw = JSON.stringify(body).replace(
        `"totalPrice":${body.totalPrice}`,
        `"totalPrice":${total}`,
      );
      const res = await send('POST', '/api/orders', raw, shopper.headers);
      expect(res.statusCode, total).toBe(status);
      expect(res.json().message, total).toMatch(
        /^Invalid totalPrice: |^Total price |^Prices have changed/,
      );
    }
    expect(await ordersOf(shopper.user.id)).toHaveLength(ordersBefore);
  });

  it('refuses ratings 0, 6, 2.5 and other non-ratings with 400, leaving the rating as it was', async () => {
    const rated = await createProduct(t.database.db);
    for (const rating of [
      '0',
      '6',
      '2.5',
      '-1',
      '1e308',
      '"five"',
      'null',
      '{}',
      'true',
      '[5]',
      '"0x3"',
      '"3.5"',
    ]) {
      const raw = `{"rating":${rating},"comment":"Fine"}`;
      const res = await send('POST', `/api/products/${rated.id}/reviews`, raw, shopper.headers);
      expect(res.statusCode, rating).toBe(400);
      expect(res.json().message, rating).toMatch(
        /^Invalid rating: |^Rating must be a whole number from 1 to 5$/,
      );
    }
    expect(await reviewsOf(rated.id)).toEqual([]);
    expect(await productRow(rated.id)).toMatchObject({ rating: '0.00', numReviews: 0 });
  });

  it('takes a rating sent as the select gives it, a string of digits', async () => {
    const rated = await createProduct(t.database.db);
    const raw = '{"rating":" 4 ","comment":"Fine"}';
    const res = await send('POST', `/api/products/${rated.id}/reviews`, raw, shopper.headers);
    expect(res.statusCode).toBe(201);
    expect(await productRow(rated.id)).toMatchObject({ rating: '4.00', numReviews: 1 });
  });

  for (const [label, text] of TEXTS) {
    it(`stores ${label} as text in every text field and answers it back unchanged, as JSON`, async () => {
      const json = (res: { headers: Record<string, unknown> }) =>
        expect(res.headers['content-type']).toMatch(/^application\/json/);

      // User names: register, profile, admin edit.
      const email = uniqueEmail('text');
      const registered = await send('POST', '/api/users', {
        name: text,
        email,
        password: 'a-good-password',
      });
      expect(registered.statusCode).toBe(201);
      expect(registered.json().name).toBe(text);
      // It orders below: its address is confirmed, as its e-mailed link would.
      await markEmailConfirmed(t.database.db, registered.json()._id);
      const headers = { authorization: `Bearer ${registered.json().token}` };
      const profile = await t.app.inject({ url: '/api/users/profile', headers });
      json(profile);
      expect(profile.json().name).toBe(text);
      const renamed = await createSignedInUser(t.database.db);
      const putProfile = await send(
        'PUT',
        '/api/users/profile',
        { name: `${text}!`, email: renamed.user.email },
        renamed.headers,
      );
      expect(putProfile.json().name).toBe(`${text}!`);
      const adminEdit = await send(
        'PUT',
        `/api/users/${renamed.user.id}`,
        { name: `${text}?`, email: renamed.user.email, isAdmin: false },
        admin.headers,
      );
      expect(adminEdit.statusCode).toBe(200);
      const shownUser = await t.app.inject({
        url: `/api/users/${renamed.user.id}`,
        headers: admin.headers,
      });
      expect(shownUser.json().name).toBe(`${text}?`);
      const [userRow] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.id, registered.json()._id));
      expect(userRow?.name).toBe(text);

      // Product texts.
      const item = await createProduct(t.database.db, { countInStock: 5 });
      const texts = {
        name: `name ${text}`,
        brand: `brand ${text}`,
        category: `category ${text}`,
        description: `description ${text}`,
      };
      const edit = await send(
        'PUT',
        `/api/products/${item.id}`,
        { ...editForm, ...texts },
        admin.headers,
      );
      expect(edit.statusCode, edit.body).toBe(200);

      // A review by the user named with the text.
      const review = await send(
        'POST',
        `/api/products/${item.id}/reviews`,
        { rating: 4, comment: `comment ${text}` },
        headers,
      );
      expect(review.statusCode).toBe(201);
      const detail = await t.app.inject(`/api/products/${item.id}`);
      json(detail);
      expect(detail.json()).toMatchObject({
        ...texts,
        reviews: [{ name: text, comment: `comment ${text}` }],
      });
      expect(await productRow(item.id)).toMatchObject(texts);
      expect(await reviewsOf(item.id)).toEqual([
        expect.objectContaining({ name: text, comment: `comment ${text}` }),
      ]);

      // The shipping address of an order.
      const address = {
        address: `address ${text}`,
        city: `city ${text}`,
        postalCode: `postal ${text}`,
        country: `country ${text}`,
      };
      const placed = await send(
        'POST',
        '/api/orders',
        {
          ...orderBody([{ product: { ...item, price: '10.00' }, qty: 1 }]),
          shippingAddress: address,
        },
        headers,
      );
      expect(placed.statusCode, placed.body).toBe(201);
      const order = await t.app.inject({ url: `/api/orders/${placed.json()._id}`, headers });
      json(order);
      expect(order.json()).toMatchObject({ shippingAddress: address, user: { name: text } });
      const [orderRow] = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, placed.json()._id));
      expect(orderRow).toMatchObject({ ...address, buyerName: text });
    });
  }
});

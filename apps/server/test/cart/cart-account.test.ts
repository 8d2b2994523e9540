import type { Cart } from '@proshop/domain/cart-schemas';
import { MAX_ORDER_LINES } from '@proshop/domain/order-limits';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, products, productVariants } from '../../src/db/schema.ts';
import {
  createProduct,
  createProductWithVariants,
  createSignedInUser,
} from '../helpers/factories.ts';
import { countStatuses, releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type Headers = Record<string, string>;

const CART_CHANGED =
  'Your cart was changed on another device or tab. It has been reloaded; please check it and try again.';

describe('the cart kept with the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const getCart = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/cart', headers });
  const putCart = (headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/cart', headers, payload: payload as object });
  const merge = (headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/cart/merge', headers, payload: payload as object });
  const cartOf = async (headers: Headers) => (await getCart(headers)).json<Cart>();
  const linesOf = (cart: Cart) =>
    cart.cartItems.map(({ product, variant, qty }) => ({ product, variant, qty }));

  it('is empty at version 0 for a new customer, and 401 without a session', async () => {
    const shopper = await createSignedInUser(db());
    const res = await getCart(shopper.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cartItems: [], version: 0 });

    for (const res of [
      await getCart({}),
      await putCart({}, { cartItems: [] }),
      await merge({}, { cartItems: [] }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Not authorized, please sign in' });
    }
  });

  it('keeps the lines with current names, prices (the variant price), pictures and stock', async () => {
    const lamp = await createProduct(db(), { name: 'Desk Lamp', price: '39.99', countInStock: 5 });
    const { product: shirt, variants } = await createProductWithVariants(
      db(),
      [{ name: 'Size', values: ['S', 'M'] }],
      [
        { options: { Size: 'S' }, countInStock: 4 },
        { options: { Size: 'M' }, countInStock: 2, price: '24.50', image: '/images/m.webp' },
      ],
      { name: 'Trail Shirt', price: '20.00', image: '/images/shirt.webp' },
    );
    const medium = variants[1]!;
    const shopper = await createSignedInUser(db());

    const res = await putCart(shopper.headers, {
      cartItems: [
        { product: lamp.id, qty: 2 },
        { product: shirt.id, variant: medium.id, qty: 1 },
      ],
      version: 0,
    });
    expect(res.statusCode).toBe(200);
    const expected: Cart = {
      version: 1,
      cartItems: [
        {
          product: lamp.id,
          name: 'Desk Lamp',
          image: lamp.image,
          price: 39.99,
          countInStock: 5,
          qty: 2,
          problem: null,
        },
        {
          product: shirt.id,
          variant: medium.id,
          sku: medium.sku,
          options: [{ name: 'Size', value: 'M' }],
          name: 'Trail Shirt',
          image: '/images/m.webp',
          price: 24.5,
          countInStock: 2,
          qty: 1,
          problem: null,
        },
      ],
    };
    expect(res.json()).toEqual(expected);
    expect(await cartOf(shopper.headers)).toEqual(expected);

    // Prices and stock are those of now, whenever the cart is read.
    await db()
      .update(products)
      .set({ price: '35.00', name: 'Desk Lamp II' })
      .where(eq(products.id, lamp.id));
    const later = await cartOf(shopper.headers);
    expect(later.cartItems[0]).toMatchObject({ name: 'Desk Lamp II', price: 35 });
  });

  it('caps a quantity above the stock when it is written, and marks one the stock fell below', async () => {
    const mug = await createProduct(db(), { countInStock: 3 });
    const shopper = await createSignedInUser(db());
    const res = await putCart(shopper.headers, { cartItems: [{ product: mug.id, qty: 7 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json<Cart>().cartItems[0]).toMatchObject({ qty: 3, countInStock: 3, problem: null });

    await db()
      .update(productVariants)
      .set({ countInStock: 1 })
      .where(eq(productVariants.productId, mug.id));
    expect((await cartOf(shopper.headers)).cartItems[0]).toMatchObject({
      qty: 3,
      countInStock: 1,
      problem: { reason: 'low-stock', message: 'Only 1 left in stock' },
    });
  });

  it('marks a line whose product was deleted, whose variant was switched off or deleted, or ran out; the order refuses them', async () => {
    const gone = await createProduct(db(), { name: 'Gone Kettle' });
    const empty = await createProduct(db(), { name: 'Empty Jar', countInStock: 2 });
    const { product: shirt, variants } = await createProductWithVariants(
      db(),
      [{ name: 'Size', values: ['S', 'M'] }],
      [{ options: { Size: 'S' } }, { options: { Size: 'M' } }],
      { name: 'Shirt' },
    );
    const [small, medium] = [variants[0]!, variants[1]!];
    // Confirmed, so that an order is refused for its lines alone.
    const shopper = await createSignedInUser(db(), { emailVerifiedAt: new Date() });
    const lines = [
      { product: gone.id, qty: 1 },
      { product: empty.id, qty: 2 },
      { product: shirt.id, variant: small.id, qty: 1 },
      { product: shirt.id, variant: medium.id, qty: 1 },
    ];
    expect((await putCart(shopper.headers, { cartItems: lines })).statusCode).toBe(200);

    await db().delete(products).where(eq(products.id, gone.id));
    await db()
      .update(productVariants)
      .set({ countInStock: 0 })
      .where(eq(productVariants.productId, empty.id));
    await db()
      .update(productVariants)
      .set({ active: false })
      .where(eq(productVariants.id, small.id));
    await db().delete(productVariants).where(eq(productVariants.id, medium.id));

    const cart = await cartOf(shopper.headers);
    expect(cart.cartItems.map(({ name, problem, price }) => ({ name, problem, price }))).toEqual([
      { name: 'Gone Kettle', price: 0, problem: { reason: 'deleted', message: 'No longer sold' } },
      {
        name: 'Empty Jar',
        price: 10,
        problem: { reason: 'out-of-stock', message: 'Out of stock' },
      },
      {
        name: 'Shirt',
        price: 10,
        problem: { reason: 'unavailable', message: 'This version is no longer available' },
      },
      {
        name: 'Shirt',
        price: 10,
        problem: { reason: 'unavailable', message: 'This version is no longer available' },
      },
    ]);
    expect(cart.cartItems[0]!.image).toBe('');

    // The shopper's cart, sent back as shown, keeps the marked lines (nothing is lost by a PUT).
    const back = await putCart(shopper.headers, { cartItems: lines, version: cart.version });
    expect(back.statusCode).toBe(200);
    expect(back.json<Cart>().cartItems).toHaveLength(4);

    // POST /api/orders refuses each of those lines.
    const order = (item: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: shopper.headers,
        payload: {
          orderItems: [item],
          shippingAddress: { address: '1 Road', city: 'Town', postalCode: '1', country: 'Land' },
          paymentMethod: 'PayPal',
          itemsPrice: 10,
          shippingPrice: 25,
          taxPrice: 1.5,
          totalPrice: 36.5,
        },
      });
    for (const line of lines) expect([400, 409]).toContain((await order(line)).statusCode);
  });

  it('refuses an unknown product, a missing choice of options, a duplicate and too many lines, changing nothing', async () => {
    const lamp = await createProduct(db());
    const { product: shirt } = await createProductWithVariants(
      db(),
      [{ name: 'Size', values: ['S'] }],
      [{ options: { Size: 'S' } }],
      { name: 'Choice Shirt' },
    );
    const shopper = await createSignedInUser(db());
    const first = await putCart(shopper.headers, { cartItems: [{ product: lamp.id, qty: 1 }] });
    const before = first.json<Cart>();

    const unknown = '00000000-0000-4000-8000-000000000000';
    const refusals: [unknown, number, string][] = [
      [[{ product: unknown, qty: 1 }], 404, `Product not found: ${unknown}`],
      [[{ product: 'not-an-id', qty: 1 }], 404, 'Product not found: not-an-id'],
      [[{ product: lamp.id, variant: unknown, qty: 1 }], 404, `Variant not found: ${unknown}`],
      [[{ product: shirt.id, qty: 1 }], 400, 'Choose the options of Choice Shirt'],
      [
        [
          { product: lamp.id, qty: 1 },
          { product: lamp.id, qty: 2 },
        ],
        400,
        `${lamp.name} may appear only once in your cart`,
      ],
      [[{ product: lamp.id, qty: 0 }], 400, 'Quantity must be at least 1'],
      [[{ product: lamp.id, qty: 10_001 }], 400, 'Quantity is too large'],
      [
        Array.from({ length: MAX_ORDER_LINES + 1 }, () => ({ product: lamp.id, qty: 1 })),
        400,
        `A cart can hold at most ${MAX_ORDER_LINES} different products`,
      ],
    ];
    for (const [cartItems, status, message] of refusals) {
      const res = await putCart(shopper.headers, {
        cartItems: [{ product: lamp.id, qty: 3 }, ...(cartItems as object[])],
      });
      expect(res.statusCode, JSON.stringify(cartItems).slice(0, 80)).toBe(status);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    expect(await cartOf(shopper.headers)).toEqual(before);
  });

  it('refuses a change made from an older version with 409, changing nothing', async () => {
    const lamp = await createProduct(db());
    const mug = await createProduct(db());
    const shopper = await createSignedInUser(db());
    const v1 = (
      await putCart(shopper.headers, { cartItems: [{ product: lamp.id, qty: 1 }], version: 0 })
    ).json<Cart>();
    expect(v1.version).toBe(1);
    const v2 = await putCart(shopper.headers, {
      cartItems: [
        { product: lamp.id, qty: 1 },
        { product: mug.id, qty: 1 },
      ],
      version: 1,
    });
    expect(v2.json<Cart>().version).toBe(2);

    const stale = await putCart(shopper.headers, { cartItems: [], version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: CART_CHANGED });
    expect(linesOf(await cartOf(shopper.headers))).toEqual([
      { product: lamp.id, variant: undefined, qty: 1 },
      { product: mug.id, variant: undefined, qty: 1 },
    ]);
  });

  it('changes released together from one version: exactly one wins, the others get 409, no line lost or doubled', async () => {
    const shopper = await createSignedInUser(db());
    const made = await Promise.all(
      Array.from({ length: 6 }, () => createProduct(db(), { countInStock: 50 })),
    );
    const base = (
      await putCart(shopper.headers, { cartItems: [{ product: made[0]!.id, qty: 1 }] })
    ).json<Cart>();

    // Each tab adds its own product to the cart it loaded.
    const answers = await releaseTogether(
      t.app,
      made.slice(1).map((product) => ({
        method: 'PUT' as const,
        url: '/api/cart',
        headers: shopper.headers,
        payload: {
          cartItems: [
            { product: made[0]!.id, qty: 1 },
            { product: product.id, qty: 2 },
          ],
          version: base.version,
        },
      })),
    );
    expect(countStatuses(answers)).toEqual({ 200: 1, 409: 4 });
    const winner = answers.find((answer) => answer.statusCode === 200)!.json<Cart>();
    const cart = await cartOf(shopper.headers);
    expect(cart).toEqual(winner);
    expect(cart.version).toBe(base.version + 1);
    expect(cart.cartItems).toHaveLength(2);

    // Without a version, the last change wins whole, and the lines stay unique.
    const unversioned = await releaseTogether(
      t.app,
      made.slice(1).map((product) => ({
        method: 'PUT' as const,
        url: '/api/cart',
        headers: shopper.headers,
        payload: {
          cartItems: [
            { product: product.id, qty: 1 },
            { product: made[0]!.id, qty: 3 },
          ],
        },
      })),
    );
    expect(countStatuses(unversioned)).toEqual({ 200: 5 });
    const rows = await db().select().from(cartItems).where(eq(cartItems.userId, shopper.user.id));
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(new Set(rows.map((row) => `${row.productId}/${row.variantId}`)).size).toBe(rows.length);
    expect((await cartOf(shopper.headers)).version).toBe(cart.version + 5);
  });

  it("merges the browser's cart: the larger quantity of the same line, new lines after, never above the stock", async () => {
    const lamp = await createProduct(db(), { countInStock: 10 });
    const mug = await createProduct(db(), { countInStock: 4 });
    const jar = await createProduct(db(), { countInStock: 2 });
    const { product: shirt, variants } = await createProductWithVariants(
      db(),
      [{ name: 'Size', values: ['S', 'M'] }],
      [
        { options: { Size: 'S' }, countInStock: 5 },
        { options: { Size: 'M' }, countInStock: 5 },
      ],
    );
    const gone = await createProduct(db());
    const shopper = await createSignedInUser(db());
    await putCart(shopper.headers, {
      cartItems: [
        { product: lamp.id, qty: 2 },
        { product: mug.id, qty: 3 },
        { product: shirt.id, variant: variants[0]!.id, qty: 1 },
      ],
    });
    await db().delete(products).where(eq(products.id, gone.id));

    const res = await merge(shopper.headers, {
      cartItems: [
        { product: lamp.id, qty: 1 },
        { product: mug.id, qty: 4 },
        { product: jar.id, qty: 5 },
        { product: shirt.id, variant: variants[1]!.id, qty: 2 },
        { product: gone.id, qty: 1 },
        { product: 'no-such-product', qty: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(linesOf(res.json<Cart>())).toEqual([
      { product: lamp.id, variant: undefined, qty: 2 },
      { product: mug.id, variant: undefined, qty: 4 },
      { product: shirt.id, variant: variants[0]!.id, qty: 1 },
      { product: jar.id, variant: undefined, qty: 2 },
      { product: shirt.id, variant: variants[1]!.id, qty: 2 },
    ]);
    expect(res.json<Cart>().version).toBe(2);

    // Merging the same browser cart again changes no quantity: the larger one is already there.
    const again = await merge(shopper.headers, { cartItems: [{ product: mug.id, qty: 1 }] });
    expect(linesOf(again.json<Cart>())).toEqual(linesOf(res.json<Cart>()));
  });

  it("one customer never sees another's cart", async () => {
    const lamp = await createProduct(db());
    const alice = await createSignedInUser(db());
    const bob = await createSignedInUser(db());
    await putCart(alice.headers, { cartItems: [{ product: lamp.id, qty: 2 }] });
    expect(await cartOf(bob.headers)).toEqual({ cartItems: [], version: 0 });
    await putCart(bob.headers, { cartItems: [] });
    expect(linesOf(await cartOf(alice.headers))).toEqual([
      { product: lamp.id, variant: undefined, qty: 2 },
    ]);
  });
});

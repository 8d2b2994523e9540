import type { Order } from '@proshop/domain/order-schemas';
import type { ProductOption } from '@proshop/domain/variants';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orderItems, orders, products, productVariants } from '../../src/db/schema.ts';
import type {
  CaptureInput,
  CreatePaymentInput,
} from '../../src/modules/payment-providers/payment-provider.ts';
import { PassThroughProvider } from '../helpers/pass-through-provider.ts';
import { TestPaymentProvider } from '../../src/modules/payment-providers/test-provider.ts';
import {
  createProduct,
  createProductWithVariants,
  createSignedInUser,
  TEST_JWT_SECRET,
} from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { countStatuses, releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

type Headers = Record<string, string>;

/** The test provider, keeping what the shop asked of it: payments made, captures taken. */
class RecordingProvider extends PassThroughProvider {
  readonly payments: CreatePaymentInput[] = [];
  /** Orders whose payment was captured: money taken. */
  readonly captured: string[] = [];

  constructor() {
    super(new TestPaymentProvider(TEST_JWT_SECRET));
  }

  override createPayment(input: CreatePaymentInput) {
    this.payments.push(input);
    return super.createPayment(input);
  }

  override capturePayment(input: CaptureInput) {
    this.captured.push(input.orderId);
    return super.capturePayment(input);
  }
}

const shirtOptions: ProductOption[] = [
  { name: 'Size', values: ['S', 'M', 'L'] },
  { name: 'Colour', values: ['Blue', 'Red'] },
];

describe(`orders of variants (${testDatabaseKind})`, () => {
  let t: TestApp;
  const provider = new RecordingProvider();
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    t = await createTestApp({}, { paymentProvider: provider });
    shopper = await createSignedInUser(t.database.db);
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const place = (body: unknown, headers: Headers = shopper.headers) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers, payload: body as object });
  const orderOf = async (orderId: string, headers: Headers = shopper.headers) =>
    (await t.app.inject({ url: `/api/orders/${orderId}`, headers })).json<Order>();
  const variantStock = (id: string) => ordersApi.variantStockOf(db(), id);

  /**
   * A Trail Shirt in S/M/L and Blue/Red: M Blue at its own price (25.00), the others at the
   * product's (20.00), L Red switched off, S Red missing; M Blue has its own picture.
   */
  async function trailShirt(stock: { mBlue?: number } = {}) {
    const { product, variants } = await createProductWithVariants(
      db(),
      shirtOptions,
      [
        { options: { Size: 'S', Colour: 'Blue' }, countInStock: 4 },
        {
          options: { Colour: 'Blue', Size: 'M' },
          countInStock: stock.mBlue ?? 10,
          price: '25.00',
          image: '/images/shirt-blue.webp',
        },
        { options: { Size: 'M', Colour: 'Red' }, countInStock: 6 },
        { options: { Size: 'L', Colour: 'Blue' }, countInStock: 0 },
        { options: { Size: 'L', Colour: 'Red' }, countInStock: 3, active: false },
      ],
      {
        name: 'Trail Shirt',
        price: '20.00',
        image: '/images/shirt.webp',
        images: ['/images/shirt.webp', '/images/shirt-blue.webp'],
      },
    );
    const [sBlue, mBlue, mRed, lBlue, lRed] = variants;
    return { product, sBlue: sBlue!, mBlue: mBlue!, mRed: mRed!, lBlue: lBlue!, lRed: lRed! };
  }

  it('copies the variant into the line: product, variant, SKU, option values in the options order, its picture and price', async () => {
    const shirt = await trailShirt();
    const res = await place(
      ordersApi.orderBody([
        { product: shirt.product, variant: shirt.mBlue, qty: 2 },
        { product: shirt.product, variant: shirt.mRed, qty: 1 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    const lines = [
      {
        _id: expect.any(String),
        product: shirt.product.id,
        variant: shirt.mBlue.id,
        sku: shirt.mBlue.sku,
        // The variant stores { Colour, Size }; the line lists them as the product orders options.
        options: [
          { name: 'Size', value: 'M' },
          { name: 'Colour', value: 'Blue' },
        ],
        name: 'Trail Shirt',
        image: '/images/shirt-blue.webp',
        price: 25,
        qty: 2,
        // No discount code: no share of a discount.
        discount: 0,
        // 15 % of 50.00 and of 20.00, each line its own (issue #38).
        tax: 7.5,
        taxBasisPoints: 1500,
        taxName: 'Tax',
      },
      {
        _id: expect.any(String),
        product: shirt.product.id,
        variant: shirt.mRed.id,
        sku: shirt.mRed.sku,
        options: [
          { name: 'Size', value: 'M' },
          { name: 'Colour', value: 'Red' },
        ],
        name: 'Trail Shirt',
        // Without a picture of its own, the product's main one; without a price, the product's.
        image: '/images/shirt.webp',
        price: 20,
        qty: 1,
        discount: 0,
        tax: 3,
        taxBasisPoints: 1500,
        taxName: 'Tax',
      },
    ];
    expect(order.orderItems).toEqual(lines);
    // 2 x 25.00 + 20.00 = 70.00.
    expect(order.itemsPrice).toBe(70);
    expect((await orderOf(order._id)).orderItems).toEqual(lines);
    const mine = await t.app.inject({ url: '/api/orders/myorders', headers: shopper.headers });
    expect(mine.json<Order[]>().find((o) => o._id === order._id)?.orderItems).toEqual(lines);
    const all = await t.app.inject({ url: '/api/orders', headers: admin.headers });
    const listed = all.json<{ orders: Order[] }>().orders.find((o) => o._id === order._id);
    expect(listed?.orderItems).toEqual(lines);
  });

  it("prices lines at the variant's own price, else the product's: totals at the product's price for a dearer variant are refused (409)", async () => {
    const shirt = await trailShirt();
    const atProductPrice = ordersApi.orderBody([
      { product: shirt.product, variant: { ...shirt.mBlue, price: null }, qty: 1 },
    ]);
    const refused = await place(atProductPrice);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Prices have changed/);
    const ok = await place(
      ordersApi.orderBody([
        { product: shirt.product, variant: shirt.mBlue, qty: 1 },
        { product: shirt.product, variant: shirt.sBlue, qty: 1 },
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<Order>().orderItems.map((line) => line.price)).toEqual([25, 20]);
    expect(ok.json<Order>().itemsPrice).toBe(45);
  });

  it('refuses a line without a variant for a product with options (400), and a variant not of that product (400)', async () => {
    const shirt = await trailShirt();
    const other = await trailShirt();
    const cases: [unknown, string][] = [
      [
        ordersApi.orderBody([{ product: shirt.product, qty: 1 }]),
        'Choose the options of Trail Shirt',
      ],
      [
        ordersApi.orderBody([{ product: shirt.product, variant: other.mRed, qty: 1 }]),
        `Variant not found: ${other.mRed.id}`,
      ],
      [
        ordersApi.orderBody([
          {
            product: shirt.product,
            variant: { id: '00000000-0000-4000-8000-000000000000', price: null },
            qty: 1,
          },
        ]),
        'Variant not found: 00000000-0000-4000-8000-000000000000',
      ],
      [
        ordersApi.orderBody([
          { product: shirt.product, variant: { id: 'not-a-variant', price: null }, qty: 1 },
        ]),
        'Variant not found: not-a-variant',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await place(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  });

  it('refuses a switched-off variant (409 no longer available) and a sold-out or short one (409)', async () => {
    const shirt = await trailShirt({ mBlue: 2 });
    const off = await place(
      ordersApi.orderBody([{ product: shirt.product, variant: shirt.lRed, qty: 1 }]),
    );
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({
      message: 'Trail Shirt — Size: L, Colour: Red is no longer available',
    });
    const soldOut = await place(
      ordersApi.orderBody([{ product: shirt.product, variant: shirt.lBlue, qty: 1 }]),
    );
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toEqual({
      message: 'Trail Shirt — Size: L, Colour: Blue is out of stock',
    });
    const short = await place(
      ordersApi.orderBody([{ product: shirt.product, variant: shirt.mBlue, qty: 3 }]),
    );
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({
      message: 'Only 2 of Trail Shirt — Size: M, Colour: Blue left in stock',
    });
  });

  it('takes two variants of one product as two lines, each from its own stock; the same variant twice is refused (400)', async () => {
    const shirt = await trailShirt();
    const twice = await place(
      ordersApi.orderBody([
        { product: shirt.product, variant: shirt.mRed, qty: 1 },
        { product: shirt.product, variant: shirt.mRed, qty: 1 },
      ]),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({
      message: 'Trail Shirt — Size: M, Colour: Red may appear only once in an order',
    });

    const order = await ordersApi.placeOrder(t.app, shopper.headers, [
      { product: shirt.product, variant: shirt.mBlue, qty: 3 },
      { product: shirt.product, variant: shirt.mRed, qty: 2 },
    ]);
    const paid = await ordersApi.payOrder(t.app, shopper.headers, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await variantStock(shirt.mBlue.id)).toBe(7);
    expect(await variantStock(shirt.mRed.id)).toBe(4);
    expect(await variantStock(shirt.sBlue.id)).toBe(4);
    // The product's summary: the variants on offer (L Red is off): 4 + 7 + 4 + 0.
    const [row] = await db().select().from(products).where(eq(products.id, shirt.product.id));
    expect(row).toMatchObject({ countInStock: 15, unitsSold: 5 });
  });

  it('shows each line with its option values on PayPal (name and SKU) and in the receipt', async () => {
    const shirt = await trailShirt();
    const plain = await createProduct(db(), { name: 'Desk lamp', price: '12.00', countInStock: 3 });
    const order = await ordersApi.placeOrder(t.app, shopper.headers, [
      { product: shirt.product, variant: shirt.mBlue, qty: 1 },
      { product: plain, qty: 1 },
    ]);
    const paid = await ordersApi.payOrder(t.app, shopper.headers, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    const payment = provider.payments.find((input) => input.orderId === order._id)!;
    const [plainVariant] = await db()
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, plain.id));
    expect(payment.items).toEqual([
      {
        name: 'Trail Shirt — Size: M, Colour: Blue',
        quantity: 1,
        unitAmountCents: 2500,
        sku: shirt.mBlue.sku,
      },
      { name: 'Desk lamp', quantity: 1, unitAmountCents: 1200, sku: plainVariant!.sku },
    ]);
    const [receipt] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, shopper.user.email))
      .then((mails) =>
        mails.filter((mail) => mail.subject.includes(`receipt for order #${order.orderNumber}`)),
      );
    expect(receipt!.text).toContain('1 x Trail Shirt — Size: M, Colour: Blue at $25.00 = $25.00');
    expect(receipt!.text).toContain('1 x Desk lamp at $12.00 = $12.00');
    // The HTML shows the line's name with its options, then quantity and unit price below.
    expect(receipt!.html).toMatch(
      /Trail Shirt — Size: M, Colour: Blue<br[^>]*><span[^>]*>\s*1 x \$25\.00\s*<\/span/,
    );
  });

  it('gives a refund with restock back to the variant, and a cancelled paid order too', async () => {
    const shirt = await trailShirt();
    const order = await ordersApi.placeOrder(t.app, shopper.headers, [
      { product: shirt.product, variant: shirt.mBlue, qty: 3 },
      { product: shirt.product, variant: shirt.sBlue, qty: 1 },
    ]);
    const paid = await ordersApi.payOrder(t.app, shopper.headers, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    const mBlueLine = paid
      .json<Order>()
      .orderItems.find((line) => line.variant === shirt.mBlue.id)!;
    expect(await variantStock(shirt.mBlue.id)).toBe(7);

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/refunds`,
      headers: admin.headers,
      payload: { lines: [{ orderItem: mBlueLine._id, qty: 2 }], restock: true, reason: 'Too big' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(await variantStock(shirt.mBlue.id)).toBe(9);
    expect(await variantStock(shirt.sBlue.id)).toBe(3);
    expect(await variantStock(shirt.mRed.id)).toBe(6);
    const refundMail = (await db().select().from(mailOutbox)).find(
      (mail) => mail.subject.includes('refund') && mail.text.includes(order._id),
    );
    expect(refundMail!.text).toContain('2 x Trail Shirt — Size: M, Colour: Blue');

    // Cancelling the paid order refunds what is left and puts it back: 1 M Blue, 1 S Blue.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/cancel`,
      headers: admin.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await variantStock(shirt.mBlue.id)).toBe(10);
    expect(await variantStock(shirt.sBlue.id)).toBe(4);
    const [row] = await db().select().from(products).where(eq(products.id, shirt.product.id));
    expect(row).toMatchObject({ countInStock: 20, unitsSold: 0 });
  });

  it('keeps the copies of an order when its variant is changed or deleted; paying then is refused, nothing charged', async () => {
    const shirt = await trailShirt();
    const placed = await ordersApi.placeOrder(t.app, shopper.headers, [
      { product: shirt.product, variant: shirt.mBlue, qty: 1 },
      { product: shirt.product, variant: shirt.mRed, qty: 1 },
    ]);
    const before = (await orderOf(placed._id)).orderItems;
    await db()
      .update(productVariants)
      .set({
        sku: `${shirt.mBlue.sku}-NEW`,
        price: '99.00',
        image: null,
        options: { Size: 'XL', Colour: 'Blue' },
      })
      .where(eq(productVariants.id, shirt.mBlue.id));
    await db()
      .update(products)
      .set({ name: 'Renamed Shirt' })
      .where(eq(products.id, shirt.product.id));
    await db().delete(productVariants).where(eq(productVariants.id, shirt.mRed.id));

    const after = (await orderOf(placed._id)).orderItems;
    expect(after[0]).toEqual(before[0]);
    // The deleted variant is no longer named; everything the buyer saw stays.
    expect(after[1]).toEqual({ ...before[1], variant: null });
    expect(after[1]).toMatchObject({
      sku: shirt.mRed.sku,
      name: 'Trail Shirt',
      options: [
        { name: 'Size', value: 'M' },
        { name: 'Colour', value: 'Red' },
      ],
    });

    const captures = provider.captured.length;
    const started = await ordersApi.startPayment(t.app, shopper.headers, placed._id);
    expect(started.statusCode).toBe(409);
    expect(started.json()).toEqual({
      message:
        'Sorry, Trail Shirt — Size: M, Colour: Red is out of stock, so nothing was charged. Please update your order.',
    });
    expect(provider.captured).toHaveLength(captures);
    expect(await variantStock(shirt.mBlue.id)).toBe(10);
  });

  it('refuses to pay for a variant switched off after the order was placed, taking and charging nothing', async () => {
    const shirt = await trailShirt();
    const placed = await ordersApi.placeOrder(t.app, shopper.headers, [
      { product: shirt.product, variant: shirt.sBlue, qty: 1 },
      { product: shirt.product, variant: shirt.mBlue, qty: 1 },
    ]);
    const started = await ordersApi.startPayment(t.app, shopper.headers, placed._id);
    expect(started.statusCode).toBe(200);
    await db()
      .update(productVariants)
      .set({ active: false })
      .where(eq(productVariants.id, shirt.mBlue.id));
    const { providerOrderId } = started.json<{ providerOrderId: string }>();
    const captures = provider.captured.length;
    const res = await ordersApi.pay(t.app, shopper.headers, placed._id, providerOrderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Sorry, Trail Shirt — Size: M, Colour: Blue is out of stock, so nothing was charged. Please update your order.',
    );
    expect(provider.captured).toHaveLength(captures);
    expect(await variantStock(shirt.sBlue.id)).toBe(4);
    expect(await variantStock(shirt.mBlue.id)).toBe(10);
    expect((await ordersApi.orderRow(db(), placed._id)).isPaid).toBe(false);
  });

  it('stores option values with quotes, backslashes, braces and emoji as they are', async () => {
    const odd = ['Navy "Deep"', 'Grey\\Blue', '{Red}', 'Sunset 🌅', "O'Brien"];
    const { product, variants } = await createProductWithVariants(
      db(),
      [{ name: 'Colour "shade"', values: odd }],
      odd.map((value) => ({ options: { 'Colour "shade"': value } })),
      { name: 'Odd Socks', price: '4.00' },
    );
    const order = await ordersApi.placeOrder(
      t.app,
      shopper.headers,
      variants.map((variant) => ({ product, variant, qty: 1 })),
    );
    const expected = odd.map((value) => [{ name: 'Colour "shade"', value }]);
    expect((await orderOf(order._id)).orderItems.map((line) => line.options)).toEqual(expected);
    const stored = await db()
      .select({ options: orderItems.options })
      .from(orderItems)
      .where(eq(orderItems.orderId, order._id))
      .orderBy(orderItems.position);
    expect(stored.map((line) => line.options)).toEqual(expected);
  });

  it('sells exactly the 10 of a variant under 100 payments released together, charges no other, and leaves its siblings alone', async () => {
    const shirt = await trailShirt({ mBlue: 10 });
    const siblings = [shirt.sBlue, shirt.mRed, shirt.lBlue, shirt.lRed];
    const siblingStock = await Promise.all(siblings.map((variant) => variantStock(variant.id)));
    const buyers = await Promise.all(Array.from({ length: 100 }, () => createSignedInUser(db())));
    const started = await Promise.all(
      buyers.map(async (buyer) => {
        const order = await ordersApi.placeOrder(t.app, buyer.headers, [
          { product: shirt.product, variant: shirt.mBlue, qty: 1 },
        ]);
        const res = await ordersApi.startPayment(t.app, buyer.headers, order._id);
        expect(res.statusCode, res.body).toBe(200);
        const { providerOrderId } = res.json<{ providerOrderId: string }>();
        return { buyer, orderId: order._id, providerOrderId };
      }),
    );
    const orderIds = started.map(({ orderId }) => orderId);
    const answers = await releaseTogether(
      t.app,
      started.map(({ buyer, orderId, providerOrderId }) => ({
        method: 'PUT' as const,
        url: `/api/orders/${orderId}/pay`,
        headers: buyer.headers,
        payload: { providerOrderId },
      })),
    );
    expect(countStatuses(answers)).toEqual({ 200: 10, 409: 90 });
    for (const refused of answers.filter((res) => res.statusCode === 409)) {
      expect(refused.json<{ message: string }>().message).toBe(
        'Sorry, Trail Shirt — Size: M, Colour: Blue is out of stock, so nothing was charged. Please update your order.',
      );
    }
    // Money was taken for the 10 paid orders only: the refused ones never reached a capture.
    const paidIds = answers.flatMap((res, n) => (res.statusCode === 200 ? [orderIds[n]!] : []));
    expect(provider.captured.filter((id) => orderIds.includes(id)).sort()).toEqual(
      [...paidIds].sort(),
    );
    const paidInDatabase = await db()
      .select({ id: orders.id, isPaid: orders.isPaid })
      .from(orders)
      .where(inArray(orders.id, orderIds));
    expect(
      paidInDatabase
        .filter((row) => row.isPaid)
        .map((row) => row.id)
        .sort(),
    ).toEqual([...paidIds].sort());
    expect(await variantStock(shirt.mBlue.id)).toBe(0);
    expect(await Promise.all(siblings.map((variant) => variantStock(variant.id)))).toEqual(
      siblingStock,
    );
    // The summary counts the siblings on offer: S Blue 4 + M Red 6 + L Blue 0 (L Red is off).
    const [row] = await db().select().from(products).where(eq(products.id, shirt.product.id));
    expect(row).toMatchObject({ countInStock: 10, unitsSold: 10 });
  }, 60_000);
});

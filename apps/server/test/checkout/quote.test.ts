// POST /api/checkout/quote and GET /api/config/checkout (issue #37): the cart and each step of the
// checkout show what the order will cost, from the rule that prices the order itself. Without a
// shipping address shipping, tax and the total are not known yet (null); with it, placing the
// order with the quoted figures succeeds and charges exactly them. A code that does not apply,
// or a product that cannot be bought, is refused as the code check and placing refuse it, and a
// quote with a code is counted as a code check.
import type { Quote } from '@proshop/domain/checkout-schemas';
import type { PlacedOrder } from '@proshop/domain/order-schemas';
import { computeOrderPrices, DEFAULT_PRICING_RULES } from '@proshop/domain/prices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts } from '../../src/db/schema.ts';
import { rateLimitRules } from '../../src/modules/rate-limit/rules.ts';
import { createProduct, createSignedInUser, uniqueEmail } from '../helpers/factories.ts';
import { orderBody, payOrder, shippingAddress } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

type Headers = Record<string, string>;

let addresses = 0;
/** A client address no other request of this file used: each its own rate limits. */
const newAddress = () => {
  addresses += 1;
  return `10.7.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

describe(`POST /api/checkout/quote (${testDatabaseKind})`, () => {
  let t: TestApp;
  let lamp: Awaited<ReturnType<typeof createProduct>>;
  let mug: Awaited<ReturnType<typeof createProduct>>;

  const quote = (
    body: Record<string, unknown>,
    options: { headers?: Headers; address?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      remoteAddress: options.address ?? newAddress(),
      headers: options.headers ?? {},
      payload: body,
    });
  const lines = () => [
    { product: lamp.id, qty: 2 },
    { product: mug.id, qty: 1 },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    lamp = await createProduct(t.database.db, { price: '24.00', countInStock: 100 });
    mug = await createProduct(t.database.db, { price: '7.49', countInStock: 100 });
    await t.database.db.insert(discounts).values([
      { code: 'QUOTE10', kind: 'percentage', value: '10.00' },
      { code: 'QUOTESHIP', kind: 'free-shipping' },
      { code: 'QUOTEBIG', kind: 'fixed', value: '5.00', minSubtotal: '500.00' },
      { code: 'QUOTEONCE', kind: 'percentage', value: '20.00', perCustomerLimit: 1 },
    ]);
  });
  afterAll(() => t.close());

  it('answers the items and discount without an address, shipping, tax and total null', async () => {
    const res = await quote({ orderItems: lines(), discountCode: 'quote10' });
    expect(res.statusCode, res.body).toBe(200);
    const expected = computeOrderPrices(
      [
        { price: 24, qty: 2 },
        { price: 7.49, qty: 1 },
      ],
      { kind: 'percentage', value: 10 },
    );
    expect(res.json()).toEqual({
      itemsPrice: expected.itemsPrice,
      discountPrice: expected.discountPrice,
      shippingPrice: null,
      taxPrice: null,
      totalPrice: null,
      // As stored, whatever the case typed.
      discountCode: 'QUOTE10',
      // Shipping is chosen and taxed for an address (issue #38).
      shippingOptions: null,
      shippingMethod: null,
      taxLines: [],
      pricesIncludeTax: false,
    });
    const without = await quote({ orderItems: lines() });
    expect(without.json()).toMatchObject({
      discountPrice: 0,
      discountCode: null,
      totalPrice: null,
    });
  });

  it('answers with the address the figures POST /api/orders charges: placed with them, the order has them', async () => {
    const buyer = { email: uniqueEmail('quoted'), name: 'Quinn Quote' };
    for (const code of [undefined, 'QUOTE10', 'QUOTESHIP']) {
      const res = await quote({
        orderItems: lines(),
        shippingAddress,
        email: buyer.email,
        ...(code ? { discountCode: code } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      const quoted = res.json<Quote>();
      expect(quoted.totalPrice).not.toBeNull();
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        remoteAddress: newAddress(),
        payload: {
          orderItems: lines(),
          shippingAddress,
          paymentMethod: 'PayPal',
          guest: buyer,
          ...(code ? { discountCode: code } : {}),
          itemsPrice: quoted.itemsPrice,
          discountPrice: quoted.discountPrice,
          shippingPrice: quoted.shippingPrice,
          taxPrice: quoted.taxPrice,
          totalPrice: quoted.totalPrice,
        },
      });
      expect(placed.statusCode, `${code} ${placed.body}`).toBe(201);
      const order = placed.json<PlacedOrder>();
      const { itemsPrice, discountPrice, shippingPrice, taxPrice, totalPrice, discountCode } =
        order;
      expect({
        itemsPrice,
        discountPrice,
        shippingPrice,
        taxPrice,
        totalPrice,
        discountCode,
      }).toEqual({
        itemsPrice: quoted.itemsPrice,
        discountPrice: quoted.discountPrice,
        shippingPrice: quoted.shippingPrice,
        taxPrice: quoted.taxPrice,
        totalPrice: quoted.totalPrice,
        discountCode: quoted.discountCode,
      });
      // The default shop's one method, and its tax line, as the order keeps them.
      expect(quoted.shippingMethod).toBe(DEFAULT_PRICING_RULES.methods[0]!.id);
      expect(order.taxLines).toEqual(quoted.taxLines);
      expect(order.shipping.method).toBe(quoted.shippingOptions![0]!.name);
    }
  });

  it('quotes for a signed-in customer as their account, with the same figures', async () => {
    const shopper = await createSignedInUser(t.database.db);
    const res = await quote({ orderItems: lines(), shippingAddress }, { headers: shopper.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject(
      computeOrderPrices([
        { price: 24, qty: 2 },
        { price: 7.49, qty: 1 },
      ]),
    );
  });

  it('refuses a code that does not apply with the status and words of the code check', async () => {
    for (const code of ['NOSUCHCODE', 'QUOTEBIG']) {
      const quoted = await quote({ orderItems: lines(), discountCode: code });
      const checked = await t.app.inject({
        method: 'POST',
        url: '/api/discounts/check',
        remoteAddress: newAddress(),
        payload: { orderItems: lines(), code },
      });
      expect(checked.statusCode).toBeGreaterThanOrEqual(400);
      expect(quoted.statusCode, code).toBe(checked.statusCode);
      expect(quoted.json(), code).toEqual(checked.json());
    }
    // 404 for an unknown code, 422 for one whose condition the cart does not meet.
    expect((await quote({ orderItems: lines(), discountCode: 'NOSUCHCODE' })).statusCode).toBe(404);
    expect((await quote({ orderItems: lines(), discountCode: 'QUOTEBIG' })).statusCode).toBe(422);
  });

  it("counts a per-customer limit by the account for a signed-in customer, by the guest's e-mail otherwise", async () => {
    const shopper = await createSignedInUser(t.database.db);
    const withCode = {
      ...orderBody([{ product: lamp, qty: 1 }]),
      discountCode: 'QUOTEONCE',
      ...computeOrderPrices([{ price: 24, qty: 1 }], { kind: 'percentage', value: 20 }),
    };
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: withCode,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await payOrder(t.app, shopper.headers, placed.json<PlacedOrder>()._id);
    expect(paid.statusCode, paid.body).toBe(200);

    const body = { orderItems: lines(), discountCode: 'QUOTEONCE' };
    const asAccount = await quote(body, { headers: shopper.headers });
    expect(asAccount.statusCode).toBe(422);
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/discounts/check',
      headers: shopper.headers,
      payload: { orderItems: lines(), code: 'QUOTEONCE' },
    });
    expect(asAccount.json()).toEqual(checked.json());
    // A guest giving the account's e-mail is the same customer; another e-mail is not.
    expect((await quote({ ...body, email: shopper.user.email })).statusCode).toBe(422);
    expect((await quote({ ...body, email: uniqueEmail('other') })).statusCode).toBe(200);
  });

  it('refuses an unknown product (400) and one out of stock (409) as placing the order does', async () => {
    const gone = await createProduct(t.database.db, { price: '3.00', countInStock: 0 });
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const orderItems of [
      [{ product: missing, qty: 1 }],
      [{ product: gone.id, qty: 1 }],
      [{ product: lamp.id, qty: 101 }],
    ]) {
      const quoted = await quote({ orderItems, shippingAddress });
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        remoteAddress: newAddress(),
        payload: {
          ...orderBody([{ product: lamp, qty: 1 }]),
          orderItems,
          guest: { email: uniqueEmail('refused'), name: 'Rae' },
        },
      });
      expect(quoted.statusCode).toBe(placed.statusCode);
      expect(quoted.json()).toEqual(placed.json());
    }
    expect((await quote({ orderItems: [{ product: missing, qty: 1 }] })).statusCode).toBe(400);
    expect((await quote({ orderItems: [{ product: gone.id, qty: 1 }] })).statusCode).toBe(409);
    expect((await quote({ orderItems: [] })).statusCode).toBe(400);
  });

  it('counts a quote with a code as a code check (by address, and by e-mail when known); one without a code is not counted', async () => {
    const { discountCode: rule } = rateLimitRules;
    // A guest who gave an e-mail: its allowance used up by code checks, from other addresses.
    const email = uniqueEmail('counted');
    await Promise.all(
      Array.from({ length: rule.perEmail }, (_, index) =>
        t.app.rateLimiter.consume(rule, { address: `10.9.0.${index % 250}`, email }),
      ),
    );
    const byEmail = await quote({ orderItems: lines(), discountCode: 'QUOTE10', email });
    expect(byEmail.statusCode).toBe(429);
    expect(byEmail.json<{ message: string }>().message).toMatch(/Too many attempts/);
    expect((await quote({ orderItems: lines(), email })).statusCode).toBe(200);

    // A guest without an e-mail: the address's allowance, shared with POST /api/discounts/check.
    const address = newAddress();
    await Promise.all(
      Array.from({ length: rule.perAddress - 2 }, () =>
        t.app.rateLimiter.consumeByAddress(rule, address),
      ),
    );
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/discounts/check',
      remoteAddress: address,
      payload: { orderItems: lines(), code: 'QUOTE10' },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const last = await quote({ orderItems: lines(), discountCode: 'QUOTE10' }, { address });
    expect(last.statusCode, last.body).toBe(200);
    const over = await quote({ orderItems: lines(), discountCode: 'QUOTE10' }, { address });
    expect(over.statusCode).toBe(429);
    expect((await quote({ orderItems: lines() }, { address })).statusCode).toBe(200);
  });
});

describe('GET /api/config/checkout', () => {
  it('offers guest checkout unless CHECKOUT_ACCOUNTS=required', async () => {
    for (const [setting, guestCheckout] of [
      [undefined, true],
      ['required', false],
    ] as const) {
      const t = await createTestApp(setting ? { CHECKOUT_ACCOUNTS: setting } : {});
      try {
        const res = await t.app.inject({ url: '/api/config/checkout' });
        expect(res.statusCode, setting).toBe(200);
        expect(res.json(), setting).toEqual({ guestCheckout });
      } finally {
        await t.close();
      }
    }
  });
});

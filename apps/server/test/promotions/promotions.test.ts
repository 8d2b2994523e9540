// Discount codes (#18, decision 0020): the admin's CRUD, the shopper's check of a code against
// the cart, and orders placed with a code: every condition with its message, the prices by the
// shared rules, each line's share of the discount, and PayPal's breakdown. Taking and giving back
// uses at payment, refund and cancellation is promotions-uses.test.ts's.
import type { Discount, DiscountCheckResponse } from '@proshop/domain/discount-schemas';
import type { DiscountTerms } from '@proshop/domain/discounts';
import type { Order } from '@proshop/domain/order-schemas';
import { computeOrderPrices } from '@proshop/domain/prices';
import { DEFAULT_SHOP_COLOR } from '@proshop/domain/shop-color';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts, orderItems, orders } from '../../src/db/schema.ts';
import { receiptEmail, sentEmail } from '../../src/modules/orders/order-emails.ts';
import { mailBrand } from '../../src/modules/mail/templates/brand.ts';

const TEST_BRAND = mailBrand({
  shopName: 'ProShop',
  publicUrl: 'https://shop.test',
  shopColor: DEFAULT_SHOP_COLOR,
});
import { PRICES_CHANGED } from '../../src/modules/checkout/place-order.ts';
import { createOrderBody } from '../../src/modules/payment-providers/paypal-client.ts';
import {
  createProduct,
  createProductWithVariants,
  createSignedInUser,
} from '../helpers/factories.ts';
import {
  dropUse,
  holdUse,
  orderRow,
  pay,
  shippingAddress,
  startPayment,
} from '../helpers/orders.ts';
import { PayPalStandIn } from '../helpers/paypal-stand-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
type Headers = Record<string, string>;

/** A line of the cart: a product (and a variant of it), as the tests' factories made them. */
interface Line {
  product: { id: string; price: string };
  variant?: { id: string; price: string | null };
  qty: number;
}

const DAY = 24 * 60 * 60 * 1000;

let codes = 0;
/** A code no other test uses, in the case the test wants to type it. */
const newCode = (prefix = 'SAVE') => `${prefix}-${++codes}`;

/**
 * The body the place-order screen sends for these lines with a code: its totals from the
 * shared price rules with the code's terms, on the lines it applies to (all by default).
 */
function orderBody(
  lines: Line[],
  discount?: { code: string; terms?: DiscountTerms; eligible?: boolean[] },
) {
  const priced = lines.map(({ product, variant, qty }, index) => ({
    price: Number(variant?.price ?? product.price),
    qty,
    eligible: discount?.eligible?.[index] ?? true,
  }));
  return {
    orderItems: lines.map(({ product, variant, qty }) => ({
      product: product.id,
      ...(variant ? { variant: variant.id } : {}),
      qty,
    })),
    shippingAddress,
    paymentMethod: 'PayPal',
    ...(discount ? { discountCode: discount.code } : {}),
    ...computeOrderPrices(priced, discount?.terms),
  };
}

const checkBody = (code: string, lines: Line[]) => ({
  code,
  orderItems: orderBody(lines).orderItems,
});

describe('discount codes', () => {
  let t: TestApp;
  let admin: SignedIn;
  let shopper: SignedIn;
  let lamp: Awaited<ReturnType<typeof createProduct>>;
  let chair: Awaited<ReturnType<typeof createProduct>>;
  let mug: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    admin = await createSignedInUser(db, { isAdmin: true });
    shopper = await createSignedInUser(db, { name: 'Dora Discount' });
    lamp = await createProduct(db, {
      name: 'Desk lamp',
      price: '40.00',
      category: 'Lighting',
      countInStock: 100,
    });
    chair = await createProduct(db, {
      name: 'Chair',
      price: '89.50',
      category: 'Furniture',
      countInStock: 100,
    });
    mug = await createProduct(db, {
      name: 'Mug',
      price: '7.99',
      category: 'Kitchen',
      countInStock: 100,
    });
  });
  afterAll(() => t?.close());

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** Creates a code as the admin (201 expected) and answers it. */
  async function createCode(body: Record<string, unknown>): Promise<Discount> {
    const res = await inject('POST', '/api/discounts', admin.headers, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Discount>();
  }

  const check = (code: string, lines: Line[], who: SignedIn = shopper) =>
    inject('POST', '/api/discounts/check', who.headers, checkBody(code, lines));

  const place = (body: object, who: SignedIn = shopper, headers: Headers = {}) =>
    inject('POST', '/api/orders', { ...who.headers, ...headers }, body);

  /** The answer is the refusal: this status and exactly this message. */
  function expectRefusal(res: { statusCode: number; json: () => unknown }, status: number) {
    expect(res.statusCode).toBe(status);
    return expect(res.json());
  }

  /** A code refused with this status and message, by the check and by placing the order. */
  async function expectRefused(
    code: string,
    lines: Line[],
    status: number,
    message: string,
    who: SignedIn = shopper,
  ) {
    const ordersOf = () =>
      t.database.db.select().from(orders).where(eq(orders.userId, who.user.id));
    const before = (await ordersOf()).length;
    const checked = await check(code, lines, who);
    expectRefusal(checked, status).toEqual({ message });
    const placed = await place(orderBody(lines, { code }), who);
    expectRefusal(placed, status).toEqual({ message });
    // No order is stored for a refused code.
    expect(await ordersOf()).toHaveLength(before);
  }

  describe('the admin API', () => {
    it('creates a code stored in upper case and answers it with no uses yet', async () => {
      const startsAt = new Date(Date.now() - DAY).toISOString();
      const endsAt = new Date(Date.now() + 30 * DAY).toISOString();
      const created = await createCode({
        code: ' spring-sale ',
        kind: 'percentage',
        value: 12.5,
        minSubtotal: 20,
        startsAt,
        endsAt,
        usageLimit: 100,
        perCustomerLimit: 2,
        productIds: [lamp.id.toUpperCase(), lamp.id],
        categoryIds: [chair.categoryId],
        firstOrderOnly: true,
      });
      expect(created).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        code: 'SPRING-SALE',
        kind: 'percentage',
        value: 12.5,
        minSubtotal: 20,
        startsAt,
        endsAt,
        usageLimit: 100,
        perCustomerLimit: 2,
        // The same id twice (in another case) is kept once.
        productIds: [lamp.id],
        categoryIds: [chair.categoryId],
        firstOrderOnly: true,
        active: true,
        uses: 0,
        totalDiscount: 0,
        createdAt: expect.any(String),
      });
      const read = await inject('GET', `/api/discounts/${created._id}`, admin.headers);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(created);
    });

    it('lists every code newest first', async () => {
      const older = await createCode({ code: newCode('OLDER'), kind: 'free-shipping' });
      const newer = await createCode({ code: newCode('NEWER'), kind: 'fixed', value: 5 });
      const list = (await inject('GET', '/api/discounts', admin.headers)).json<Discount[]>();
      const codesListed = list.map((discount) => discount.code);
      expect(codesListed.indexOf(newer.code)).toBeLessThan(codesListed.indexOf(older.code));
      expect(list.find((discount) => discount._id === older._id)).toEqual(older);
    });

    it('refuses codes that are not letters, digits and dashes of 3 to 32, with the reason', async () => {
      for (const code of ['ab', 'TEN OFF', 'TEN_OFF', 'x'.repeat(33), 'ÉTÉ-10', '']) {
        const res = await inject('POST', '/api/discounts', admin.headers, {
          code,
          kind: 'free-shipping',
        });
        expectRefusal(res, 400).toEqual({
          message: 'A discount code has 3 to 32 letters, digits or dashes',
        });
      }
    });

    it('refuses terms that make no sense: above 100 %, free shipping with a value, no value, an end before the start', async () => {
      const refused = async (body: object, message: string) => {
        const res = await inject('POST', '/api/discounts', admin.headers, {
          code: newCode(),
          ...body,
        });
        expectRefusal(res, 400).toEqual({ message });
      };
      await refused({ kind: 'percentage', value: 100.01 }, 'A percentage is at most 100');
      await refused({ kind: 'free-shipping', value: 5 }, 'Free shipping has no value');
      await refused({ kind: 'fixed' }, 'Value must be more than 0');
      await refused({ kind: 'fixed', value: 0 }, 'Value must be more than 0');
      await refused({ kind: 'fixed', value: 1.234 }, 'Value must have at most 2 decimals');
      await refused(
        {
          kind: 'fixed',
          value: 5,
          startsAt: '2030-02-01T00:00:00Z',
          endsAt: '2030-01-31T23:59:59Z',
        },
        'End must be after start',
      );
      await refused({ kind: 'fixed', value: 5, usageLimit: 0 }, 'Usage limit must be at least 1');
      await refused(
        { kind: 'fixed', value: 5, productIds: ['00000000-0000-4000-8000-000000000001'] },
        'Product not found: 00000000-0000-4000-8000-000000000001',
      );
      await refused(
        { kind: 'fixed', value: 5, categoryIds: [lamp.id] },
        `Category not found: ${lamp.id}`,
      );
      await refused({ kind: 'fixed', value: 5, productIds: ['lamp'] }, 'Product not found: lamp');
      // 100 % is allowed: the items are free, the shipping and nothing else is charged.
      await createCode({ code: newCode(), kind: 'percentage', value: 100 });
    });

    it('refuses a code another has in any case with 409, on create and on edit', async () => {
      const code = newCode('TWICE');
      const first = await createCode({ code, kind: 'fixed', value: 5 });
      const again = await inject('POST', '/api/discounts', admin.headers, {
        code: code.toLowerCase(),
        kind: 'free-shipping',
      });
      expectRefusal(again, 409).toEqual({ message: `Discount code ${code} already exists` });
      const other = await createCode({ code: newCode('OTHER'), kind: 'free-shipping' });
      const renamed = await inject('PUT', `/api/discounts/${other._id}`, admin.headers, {
        code: code.toLowerCase(),
        kind: 'free-shipping',
      });
      expectRefusal(renamed, 409).toEqual({ message: `Discount code ${code} already exists` });
      // A code keeps its own code when edited.
      const same = await inject('PUT', `/api/discounts/${first._id}`, admin.headers, {
        code,
        kind: 'fixed',
        value: 6,
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json()).toMatchObject({ code, value: 6 });
    });

    it('replaces every term on edit, keeps its uses, and deactivates and reactivates a code', async () => {
      const created = await createCode({
        code: newCode('EDIT'),
        kind: 'percentage',
        value: 10,
        minSubtotal: 50,
        usageLimit: 5,
        productIds: [lamp.id],
        firstOrderOnly: true,
      });
      await t.database.db.update(discounts).set({ uses: 3 }).where(eq(discounts.id, created._id));
      const put = (body: object) =>
        inject('PUT', `/api/discounts/${created._id}`, admin.headers, body);
      const replaced = await put({ code: 'edited-code', kind: 'fixed', value: 7.5 });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json()).toEqual({
        ...created,
        code: 'EDITED-CODE',
        kind: 'fixed',
        value: 7.5,
        minSubtotal: null,
        usageLimit: null,
        productIds: [],
        firstOrderOnly: false,
        uses: 3,
      });
      const off = await put({ code: 'EDITED-CODE', kind: 'fixed', value: 7.5, active: false });
      expect(off.json()).toMatchObject({ active: false });
      // An edit that does not say leaves the code switched off.
      const edited = await put({ code: 'EDITED-CODE', kind: 'fixed', value: 8 });
      expect(edited.json()).toMatchObject({ active: false, value: 8 });
      const on = await put({ code: 'EDITED-CODE', kind: 'fixed', value: 8, active: true });
      expect(on.json()).toMatchObject({ active: true });
    });

    it('deletes a code no order waits to pay with; the orders that used it keep their copy of the code and discount', async () => {
      const code = newCode('GONE');
      const created = await createCode({ code, kind: 'fixed', value: 5 });
      const lines = [{ product: lamp, qty: 1 }];
      const placed = await place(
        orderBody(lines, { code, terms: { kind: 'fixed', value: 5 } }),
        shopper,
      );
      expect(placed.statusCode, placed.body).toBe(201);
      // While the order waits to be paid with it, the code is switched off, not deleted.
      const kept = await inject('DELETE', `/api/discounts/${created._id}`, admin.headers);
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toEqual({
        message: `Discount code ${code} was deactivated instead of deleted: orders have used it or are waiting to be paid with it.`,
        deactivated: true,
      });
      const off = await inject('GET', `/api/discounts/${created._id}`, admin.headers);
      expect(off.json()).toMatchObject({ active: false });
      const cancelled = await inject(
        'POST',
        `/api/orders/${placed.json<Order>()._id}/cancel`,
        shopper.headers,
      );
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const removed = await inject('DELETE', `/api/discounts/${created._id}`, admin.headers);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ message: 'Discount removed', deactivated: false });
      const gone = await inject('GET', `/api/discounts/${created._id}`, admin.headers);
      expectRefusal(gone, 404).toEqual({ message: 'Discount not found' });
      const again = await inject('DELETE', `/api/discounts/${created._id}`, admin.headers);
      expectRefusal(again, 404).toEqual({ message: 'Discount not found' });
      const order = placed.json<Order>();
      expect(await orderRow(t.database.db, order._id)).toMatchObject({
        discountId: null,
        discountCode: code,
        discountPrice: '5.00',
      });
      const read = await inject('GET', `/api/orders/${order._id}`, shopper.headers);
      expect(read.json()).toMatchObject({
        discountCode: code,
        discountPrice: 5,
        totalPrice: 65.25,
      });
      // And the code is unknown now.
      await expectRefused(code, lines, 404, `Discount code ${code} is not valid`);
    });

    it('answers 404 for an id that names no code, on every route with one', async () => {
      const missing = '00000000-0000-4000-8000-000000000001';
      const body = { code: newCode(), kind: 'free-shipping' };
      for (const [method, url] of [
        ['GET', `/api/discounts/${missing}`],
        ['PUT', `/api/discounts/${missing}`],
        ['DELETE', `/api/discounts/${missing}`],
        ['GET', `/api/discounts/${missing}/orders`],
        ['GET', '/api/discounts/not-an-id'],
      ] as const) {
        const res = await inject(method, url, admin.headers, method === 'PUT' ? body : undefined);
        expectRefusal(res, 404).toEqual({ message: 'Discount not found' });
      }
    });

    it('refuses every admin route to a customer (403) and to a caller signed out (401)', async () => {
      const created = await createCode({ code: newCode('ADMIN'), kind: 'free-shipping' });
      const body = { code: newCode(), kind: 'free-shipping' };
      const routes = [
        ['GET', '/api/discounts', undefined],
        ['POST', '/api/discounts', body],
        ['GET', `/api/discounts/${created._id}`, undefined],
        ['PUT', `/api/discounts/${created._id}`, { ...body, active: false }],
        ['DELETE', `/api/discounts/${created._id}`, undefined],
        ['GET', `/api/discounts/${created._id}/orders`, undefined],
      ] as const;
      for (const [method, url, payload] of routes) {
        const asCustomer = await inject(method, url, shopper.headers, payload);
        expectRefusal(asCustomer, 403).toEqual({ message: 'Not authorized as an admin' });
        const signedOut = await inject(method, url, {}, payload);
        expectRefusal(signedOut, 401).toEqual({ message: 'Not authorized, please sign in' });
      }
      const signedOutCheck = await inject(
        'POST',
        '/api/discounts/check',
        {},
        checkBody(created.code, [{ product: lamp, qty: 1 }]),
      );
      // A guest checks a code too (issue #37), as a new customer: it applies.
      expect(signedOutCheck.statusCode, signedOutCheck.body).toBe(200);
      // Nothing changed: the code is still there, active, and no other code was made.
      const after = await inject('GET', `/api/discounts/${created._id}`, admin.headers);
      expect(after.json()).toEqual(created);
      const [made] = await t.database.db
        .select()
        .from(discounts)
        .where(eq(discounts.code, body.code));
      expect(made).toBeUndefined();
    });
  });

  describe('checking a code against the cart, and placing the order with it', () => {
    it('answers the discount and the prices for a percentage off the items, as the order charges them', async () => {
      const code = newCode('TEN');
      await createCode({ code, kind: 'percentage', value: 10 });
      const lines = [
        { product: lamp, qty: 2 },
        { product: mug, qty: 1 },
      ];
      // 87.99 of items, 10 % = 8.799 → 8.80 off; 79.19: shipping 25, tax 11.88.
      const checked = await check(code.toLowerCase(), lines);
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json()).toEqual({
        code,
        kind: 'percentage',
        value: 10,
        discount: 8.8,
        itemsPrice: 87.99,
        discountPrice: 8.8,
        shippingPrice: 25,
        taxPrice: 11.88,
        totalPrice: 116.07,
        eligible: [true, true],
      } satisfies DiscountCheckResponse);

      const placed = await place(
        orderBody(lines, {
          code: ` ${code.toLowerCase()} `,
          terms: { kind: 'percentage', value: 10 },
        }),
      );
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<Order>();
      expect(order).toMatchObject({
        itemsPrice: 87.99,
        discountPrice: 8.8,
        discountCode: code,
        shippingPrice: 25,
        taxPrice: 11.88,
        totalPrice: 116.07,
      });
      // 8.80 in proportion to 80.00 and 7.99: 8.00 and 0.80 (7.999 and 0.799, largest remainder).
      expect(order.orderItems.map((item) => item.discount)).toEqual([8, 0.8]);
      const row = await orderRow(t.database.db, order._id);
      expect(row).toMatchObject({
        discountCode: code,
        discountPrice: '8.80',
        discountUseHeld: false,
      });
      expect(row.discountId).toEqual(expect.any(String));
      const stored = await t.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order._id));
      expect(stored.map((item) => item.discount).sort()).toEqual(['0.80', '8.00']);
      // Placing takes no use: an unpaid order holds none.
      const [discount] = await t.database.db
        .select()
        .from(discounts)
        .where(eq(discounts.id, row.discountId!));
      expect(discount!.uses).toBe(0);
      // The order reads the same in the shopper's list.
      const mine = (await inject('GET', '/api/orders/myorders', shopper.headers)).json<Order[]>();
      expect(mine.find((one) => one._id === order._id)).toEqual(order);
    });

    it('takes a fixed amount off, never more than the items the code applies to', async () => {
      const code = newCode('FIFTY');
      await createCode({ code, kind: 'fixed', value: 50, productIds: [mug.id] });
      const lines = [
        { product: mug, qty: 2 },
        { product: lamp, qty: 1 },
      ];
      const terms = { kind: 'fixed', value: 50 } as const;
      const eligible = [true, false];
      // 50 off 15.98 of mugs is 15.98 off: the lamp is paid in full. 40.00: shipping 25, tax 6.
      const checked = await check(code, lines);
      expect(checked.json()).toMatchObject({
        discount: 15.98,
        itemsPrice: 55.98,
        discountPrice: 15.98,
        shippingPrice: 25,
        taxPrice: 6,
        totalPrice: 71,
        eligible,
      });
      const placed = await place(orderBody(lines, { code, terms, eligible }));
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<Order>();
      expect(order).toMatchObject({ discountPrice: 15.98, totalPrice: 71 });
      expect(order.orderItems.map((item) => item.discount)).toEqual([15.98, 0]);
    });

    it('waives the shipping with a free-shipping code, taking nothing off the items', async () => {
      const code = newCode('SHIPFREE');
      await createCode({ code, kind: 'free-shipping' });
      const lines = [{ product: mug, qty: 1 }];
      const checked = await check(code, lines);
      expect(checked.json()).toEqual({
        code,
        kind: 'free-shipping',
        value: null,
        // What the code saves: the 25.00 of shipping.
        discount: 25,
        itemsPrice: 7.99,
        discountPrice: 0,
        shippingPrice: 0,
        taxPrice: 1.2,
        totalPrice: 9.19,
        eligible: [true],
      });
      const placed = await place(
        orderBody(lines, { code, terms: { kind: 'free-shipping', value: 0 } }),
      );
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json()).toMatchObject({
        discountCode: code,
        discountPrice: 0,
        shippingPrice: 0,
        totalPrice: 9.19,
        orderItems: [{ discount: 0 }],
      });
    });

    it('applies a product-only code to that product, and a category-only code to that category, variants included', async () => {
      const db = t.database.db;
      const { product: shirt, variants } = await createProductWithVariants(
        db,
        [{ name: 'Size', values: ['S', 'L'] }],
        [
          { options: { Size: 'S' }, countInStock: 10 },
          { options: { Size: 'L' }, price: '30.00', countInStock: 10 },
        ],
        { name: 'Shirt', price: '20.00', category: 'Clothes' },
      );
      const lines: Line[] = [
        { product: shirt, variant: variants[0]!, qty: 1 },
        { product: shirt, variant: variants[1]!, qty: 2 },
        { product: lamp, qty: 1 },
      ];
      const byCategory = newCode('CLOTHES');
      await createCode({
        code: byCategory,
        kind: 'percentage',
        value: 50,
        categoryIds: [shirt.categoryId],
      });
      // 20.00 + 2 × 30.00 of shirts, half off = 40.00; the lamp's 40.00 is paid in full.
      const checked = await check(byCategory, lines);
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json()).toMatchObject({
        itemsPrice: 120,
        discountPrice: 40,
        eligible: [true, true, false],
      });
      const terms = { kind: 'percentage', value: 50 } as const;
      const placed = await place(
        orderBody(lines, { code: byCategory, terms, eligible: [true, true, false] }),
      );
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json<Order>().orderItems.map((item) => item.discount)).toEqual([10, 30, 0]);

      const byProduct = newCode('LAMPONLY');
      await createCode({ code: byProduct, kind: 'fixed', value: 5, productIds: [lamp.id] });
      expect((await check(byProduct, lines)).json()).toMatchObject({
        discountPrice: 5,
        eligible: [false, false, true],
      });
      // A code for a product the cart does not hold applies to none of it.
      const forChair = newCode('CHAIRONLY');
      await createCode({ code: forChair, kind: 'fixed', value: 5, productIds: [chair.id] });
      await expectRefused(
        forChair,
        lines,
        422,
        `Discount code ${forChair} does not apply to the items in your cart`,
      );
      const forKitchen = newCode('KITCHEN');
      await createCode({
        code: forKitchen,
        kind: 'percentage',
        value: 5,
        categoryIds: [mug.categoryId],
      });
      await expectRefused(
        forKitchen,
        lines,
        422,
        `Discount code ${forKitchen} does not apply to the items in your cart`,
      );
    });

    it('refuses an unknown code with 404, and anything that is not a code alike', async () => {
      const lines = [{ product: lamp, qty: 1 }];
      await expectRefused('NOSUCHCODE', lines, 404, 'Discount code NOSUCHCODE is not valid');
      await expectRefused('nosuchcode', lines, 404, 'Discount code NOSUCHCODE is not valid');
      // The order takes any text: one that cannot be a code names none.
      const placed = await place(orderBody(lines, { code: 'no such code' }));
      expectRefusal(placed, 404).toEqual({ message: 'Discount code NO SUCH CODE is not valid' });
      const checked = await inject('POST', '/api/discounts/check', shopper.headers, {
        code: 'no such code',
        orderItems: [{ product: lamp.id, qty: 1 }],
      });
      expectRefusal(checked, 400).toEqual({
        message: 'A discount code has 3 to 32 letters, digits or dashes',
      });
    });

    it('refuses a code the admin switched off', async () => {
      const code = newCode('OFF');
      await createCode({ code, kind: 'fixed', value: 5, active: false });
      await expectRefused(
        code,
        [{ product: lamp, qty: 1 }],
        422,
        `Discount code ${code} is no longer active`,
      );
    });

    it('refuses a code before its start, with the day it starts, and after its end', async () => {
      const startsAt = new Date(Date.now() + 2 * DAY);
      const early = newCode('EARLY');
      await createCode({ code: early, kind: 'fixed', value: 5, startsAt: startsAt.toISOString() });
      await expectRefused(
        early,
        [{ product: lamp, qty: 1 }],
        422,
        `Discount code ${early} is valid from ${startsAt.toISOString().slice(0, 10)}`,
      );
      const late = newCode('LATE');
      await createCode({
        code: late,
        kind: 'fixed',
        value: 5,
        startsAt: new Date(Date.now() - 10 * DAY).toISOString(),
        endsAt: new Date(Date.now() - DAY).toISOString(),
      });
      await expectRefused(
        late,
        [{ product: lamp, qty: 1 }],
        422,
        `Discount code ${late} has expired`,
      );
    });

    it('refuses a code whose uses are all held', async () => {
      const code = newCode('LIMITED');
      const created = await createCode({ code, kind: 'fixed', value: 5, usageLimit: 3 });
      const lines = [{ product: lamp, qty: 1 }];
      await t.database.db.update(discounts).set({ uses: 2 }).where(eq(discounts.id, created._id));
      expect((await check(code, lines)).statusCode).toBe(200);
      await t.database.db.update(discounts).set({ uses: 3 }).where(eq(discounts.id, created._id));
      await expectRefused(code, lines, 422, `Discount code ${code} has been used up`);
    });

    it("refuses a code the customer's orders already hold their limit of, and only to that customer", async () => {
      const db = t.database.db;
      const code = newCode('ONCE');
      await createCode({ code, kind: 'fixed', value: 5, perCustomerLimit: 1 });
      const buyer = await createSignedInUser(db);
      const lines = [{ product: lamp, qty: 1 }];
      const terms = { kind: 'fixed', value: 5 } as const;
      // Two unpaid orders with the code hold no use: the customer may place more.
      for (let i = 0; i < 2; i++) {
        const placed = await place(orderBody(lines, { code, terms }), buyer);
        expect(placed.statusCode, placed.body).toBe(201);
      }
      const [first] = await db.select().from(orders).where(eq(orders.userId, buyer.user.id));
      await db
        .update(orders)
        .set({ isPaid: true, paidAt: new Date() })
        .where(eq(orders.id, first!.id));
      await holdUse(db, first!.id);
      await expectRefused(code, lines, 422, `You have already used discount code ${code}`, buyer);
      expect((await check(code, lines)).statusCode).toBe(200);
      // A use given back (a cancellation, a full refund) lets the customer use it again.
      await dropUse(db, first!.id);
      expect((await check(code, lines, buyer)).statusCode).toBe(200);
    });

    it('refuses a first-order code to a customer with a paid order, not to one whose orders are unpaid or cancelled', async () => {
      const db = t.database.db;
      const code = newCode('WELCOME');
      await createCode({ code, kind: 'percentage', value: 15, firstOrderOnly: true });
      const buyer = await createSignedInUser(db);
      const lines = [{ product: mug, qty: 1 }];
      const terms = { kind: 'percentage', value: 15 } as const;
      const placed = await place(orderBody(lines, { code, terms }), buyer);
      expect(placed.statusCode, placed.body).toBe(201);
      const earlier = placed.json<Order>()._id;
      // Still a first order while the earlier one is unpaid, or paid and cancelled.
      await db
        .update(orders)
        .set({ isPaid: true, paidAt: new Date(), cancelledAt: new Date() })
        .where(eq(orders.id, earlier));
      expect((await check(code, lines, buyer)).statusCode).toBe(200);
      await db.update(orders).set({ cancelledAt: null }).where(eq(orders.id, earlier));
      await expectRefused(
        code,
        lines,
        422,
        `Discount code ${code} is for a first order only`,
        buyer,
      );
    });

    it('refuses a code below its minimum of eligible items, counting only the items it applies to', async () => {
      const code = newCode('MIN');
      await createCode({
        code,
        kind: 'fixed',
        value: 10,
        minSubtotal: 80,
        productIds: [lamp.id],
      });
      // 40.00 of lamps (and 89.50 of a chair the code is not for): below 80.00.
      const few = [
        { product: lamp, qty: 1 },
        { product: chair, qty: 1 },
      ];
      await expectRefused(
        code,
        few,
        422,
        `Discount code ${code} needs at least $80.00 of eligible items`,
      );
      const enough = [{ product: lamp, qty: 2 }];
      expect((await check(code, enough)).json()).toMatchObject({ discountPrice: 10 });
    });

    it('refuses an order whose totals are not the ones the code gives, with 409, and stores nothing', async () => {
      const code = newCode('EXACT');
      await createCode({ code, kind: 'percentage', value: 20 });
      const lines = [{ product: chair, qty: 1 }];
      const before = await t.database.db.select().from(orders);
      // The code sent with the totals of an order without it, and the other way round.
      for (const body of [
        { ...orderBody(lines), discountCode: code },
        {
          ...orderBody(lines, { code, terms: { kind: 'percentage', value: 20 } }),
          discountCode: '',
        },
        orderBody(lines, { code, terms: { kind: 'percentage', value: 25 } }),
        // An older client that sends no discount: the discount it did not show differs.
        (() => {
          const { discountPrice: _omitted, ...rest } = orderBody(lines, {
            code,
            terms: { kind: 'percentage', value: 20 },
          });
          return rest;
        })(),
      ]) {
        const res = await place(body);
        expectRefusal(res, 409).toEqual({ message: PRICES_CHANGED });
      }
      expect(await t.database.db.select().from(orders)).toHaveLength(before.length);
      // An empty code is no code.
      const plain = await place({ ...orderBody(lines), discountCode: '  ' });
      expect(plain.statusCode, plain.body).toBe(201);
      expect(plain.json()).toMatchObject({ discountCode: null, discountPrice: 0 });
    });

    it('makes a retry with another code another order: its Idempotency-Key is refused', async () => {
      const one = newCode('KEYONE');
      const two = newCode('KEYTWO');
      await createCode({ code: one, kind: 'fixed', value: 5 });
      await createCode({ code: two, kind: 'fixed', value: 5 });
      const lines = [{ product: lamp, qty: 1 }];
      const terms = { kind: 'fixed', value: 5 } as const;
      const key = { 'idempotency-key': `promo-${one}` };
      const first = await place(orderBody(lines, { code: one, terms }), shopper, key);
      expect(first.statusCode, first.body).toBe(201);
      // The same code in another case is the same order.
      const retry = await place(orderBody(lines, { code: one.toLowerCase(), terms }), shopper, key);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()._id).toBe(first.json()._id);
      const other = await place(orderBody(lines, { code: two, terms }), shopper, key);
      expect(other.statusCode).toBe(422);
      const none = await place(orderBody(lines), shopper, key);
      expect(none.statusCode).toBe(422);
    });

    it('checks the lines as the order would: an unknown product is refused before the code', async () => {
      const code = newCode('LINES');
      await createCode({ code, kind: 'fixed', value: 5 });
      const missing = '00000000-0000-4000-8000-000000000009';
      const res = await inject('POST', '/api/discounts/check', shopper.headers, {
        code,
        orderItems: [{ product: missing, qty: 1 }],
      });
      expectRefusal(res, 400).toEqual({ message: `Product not found: ${missing}` });
    });

    it('limits how many codes one shopper can try: past 300 in 15 minutes, 429', async () => {
      const guesser = await createSignedInUser(t.database.db);
      const lines = [{ product: mug, qty: 1 }];
      for (let i = 0; i < 300; i++) {
        const res = await check(`GUESS-${i}`, lines, guesser);
        expect(res.statusCode).toBe(404);
      }
      const limited = await check('GUESS-300', lines, guesser);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toEqual(expect.any(String));
      // The orders count too, and another shopper is not limited.
      const placed = await place(orderBody(lines, { code: 'GUESS-301' }), guesser);
      expect(placed.statusCode).toBe(429);
      expect((await check('GUESS-302', lines)).statusCode).toBe(404);
    });
  });

  describe("what the code took off, in the admin's list, the e-mails and PayPal", () => {
    it("sums the discount of a code's paid orders not cancelled, and lists its paid orders newest first", async () => {
      const db = t.database.db;
      const code = newCode('TOTAL');
      const created = await createCode({ code, kind: 'fixed', value: 4 });
      const lines = [{ product: mug, qty: 1 }];
      const terms = { kind: 'fixed', value: 4 } as const;
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const placed = await place(orderBody(lines, { code, terms }));
        expect(placed.statusCode, placed.body).toBe(201);
        ids.push(placed.json<Order>()._id);
      }
      const [paid, paidToo, cancelled] = ids;
      const at = (offset: number) => new Date(Date.now() + offset);
      await db
        .update(orders)
        .set({ isPaid: true, paidAt: at(0), createdAt: at(-3000) })
        .where(eq(orders.id, paid!));
      await holdUse(db, paid!);
      await db
        .update(orders)
        .set({ isPaid: true, paidAt: at(0), createdAt: at(-2000) })
        .where(eq(orders.id, paidToo!));
      await holdUse(db, paidToo!);
      await db
        .update(orders)
        .set({ isPaid: true, paidAt: at(0), cancelledAt: at(0), createdAt: at(-1000) })
        .where(eq(orders.id, cancelled!));
      await db.update(discounts).set({ uses: 2 }).where(eq(discounts.id, created._id));
      // Two paid orders not cancelled, 4.00 each; the unpaid one counts for nothing.
      const read = (await inject('GET', `/api/discounts/${created._id}`, admin.headers)).json();
      expect(read).toMatchObject({ uses: 2, totalDiscount: 8 });
      const listed = (await inject('GET', '/api/discounts', admin.headers)).json<Discount[]>();
      expect(listed.find((one) => one._id === created._id)).toMatchObject({ totalDiscount: 8 });
      const used = await inject('GET', `/api/discounts/${created._id}/orders`, admin.headers);
      expect(used.statusCode).toBe(200);
      expect(used.json()).toEqual({
        orders: [cancelled, paidToo, paid].map((id) => ({
          _id: id,
          createdAt: expect.any(String),
          buyerName: 'Dora Discount',
          discountPrice: 4,
          totalPrice: 29.59,
          currency: 'USD',
          useHeld: id !== cancelled,
        })),
      });
    });

    it('shows a Discount row with the code in the receipt and the other e-mails', async () => {
      const code = newCode('MAIL');
      await createCode({ code, kind: 'fixed', value: 3 });
      const placed = await place(
        orderBody([{ product: mug, qty: 2 }], { code, terms: { kind: 'fixed', value: 3 } }),
      );
      const order = placed.json<Order>();
      const receipt = receiptEmail(order, TEST_BRAND, 'https://shop.test/order/1');
      expect(receipt.text).toContain(
        `Items: $15.98\nDiscount (${code}): -$3.00\nShipping (Standard, 3–5 business days): $25.00`,
      );
      expect(receipt.html).toMatch(
        new RegExp(
          `>\\s*Discount \\(${code}\\)\\s*</td>\\s*<td align="right"[^>]*>\\s*-\\$3\\.00\\s*</td>`,
        ),
      );
      expect(sentEmail(order, TEST_BRAND, 'https://shop.test/order/1').text).toContain(
        `Discount (${code}): -$3.00`,
      );
      const plain = await place(orderBody([{ product: mug, qty: 2 }]));
      expect(receiptEmail(plain.json<Order>(), TEST_BRAND, 'x').text).not.toContain('Discount (');
    });

    it("sends PayPal the discount in the order's breakdown, so that its parts add up to the total", () => {
      const body = createOrderBody(
        {
          orderId: 'order-1',
          amountCents: 71_00,
          currency: 'USD',
          breakdown: {
            itemsCents: 55_98,
            shippingCents: 25_00,
            taxCents: 6_00,
            discountCents: 15_98,
          },
          items: [
            { name: 'Mug', quantity: 2, unitAmountCents: 7_99 },
            { name: 'Lamp', quantity: 1, unitAmountCents: 40_00 },
          ],
        },
        'ProShop',
      );
      const usd = (value: string) => ({ currency_code: 'USD', value });
      expect(body.purchase_units[0]!.amount).toEqual({
        ...usd('71.00'),
        breakdown: {
          item_total: usd('55.98'),
          shipping: usd('25.00'),
          tax_total: usd('6.00'),
          discount: usd('15.98'),
        },
      });
      // Without a discount the breakdown has no discount at all.
      const plain = createOrderBody(
        {
          orderId: 'order-2',
          amountCents: 100,
          currency: 'USD',
          breakdown: { itemsCents: 100, shippingCents: 0, taxCents: 0, discountCents: 0 },
        },
        'ProShop',
      );
      expect(plain.purchase_units[0]!.amount.breakdown).not.toHaveProperty('discount');
    });
  });
});

describe('an order with a discount code paid through PayPal (its stand-in)', () => {
  let standIn: PayPalStandIn;
  let t: TestApp;
  beforeAll(async () => {
    standIn = await PayPalStandIn.start();
    t = await createTestApp({
      PAYPAL_CLIENT_ID: standIn.clientId,
      PAYPAL_CLIENT_SECRET: standIn.clientSecret,
      PAYPAL_API_BASE: standIn.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('creates the PayPal order with the discount in its breakdown, which PayPal finds adds up, and captures it', async () => {
    const db = t.database.db;
    const admin = await createSignedInUser(db, { isAdmin: true });
    const buyer = await createSignedInUser(db);
    const lamp = await createProduct(db, { name: 'Desk lamp', price: '40.00', countInStock: 5 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/discounts',
      headers: admin.headers,
      payload: { code: 'PAYPAL-15', kind: 'percentage', value: 15 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const lines = [{ product: lamp, qty: 2 }];
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.headers,
      payload: orderBody(lines, {
        code: 'paypal-15',
        terms: { kind: 'percentage', value: 15 },
      }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    // 80.00 less 12.00 = 68.00: shipping 25, tax 10.20, total 103.20.
    const order = placed.json<Order>();
    expect(order).toMatchObject({ discountPrice: 12, totalPrice: 103.2 });

    const started = await startPayment(t.app, buyer.headers, order._id);
    expect(started.statusCode, started.body).toBe(200);
    const [request] = standIn.requestsTo('POST', /^\/v2\/checkout\/orders$/);
    const usd = (value: string) => ({ currency_code: 'USD', value });
    expect(request?.body).toMatchObject({
      purchase_units: [
        {
          amount: {
            ...usd('103.20'),
            breakdown: {
              item_total: usd('80.00'),
              shipping: usd('25.00'),
              tax_total: usd('10.20'),
              discount: usd('12.00'),
            },
          },
          items: [{ quantity: '2', unit_amount: usd('40.00') }],
        },
      ],
    });
    const { providerOrderId } = started.json<{ providerOrderId: string }>();
    standIn.approve(providerOrderId);
    const paid = await pay(t.app, buyer.headers, order._id, providerOrderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ isPaid: true, discountCode: 'PAYPAL-15' });
    expect(standIn.orders.get(providerOrderId)?.captures[0]?.amount).toEqual(usd('103.20'));
  });
});

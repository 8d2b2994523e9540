// A deleted discount code was still honoured at payment, uncounted (issue #35): a code limited
// to one use, deleted while two orders placed with it waited, let both pay with the discount.
// A code that orders hold a use of or wait to pay with is now deactivated instead, and their
// payments are refused as after any deactivation; a code no order needs is still deleted.
import { randomUUID } from 'node:crypto';
import { DISCOUNT_MESSAGES, type DiscountTerms } from '@proshop/domain/discounts';
import { computeOrderPrices } from '@proshop/domain/prices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts } from '../../src/db/schema.ts';
import { discountDeactivatedInstead } from '../../src/modules/promotions/service.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { countStatuses, releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

type Headers = Record<string, string>;
type Shopper = Awaited<ReturnType<typeof createSignedInUser>>;

const TEN_PERCENT: DiscountTerms = { kind: 'percentage', value: 10 };
const refusedWith = (reason: string) =>
  `${reason}, so nothing was charged. Please place your order again without it.`;

describe(`security: deleting a discount code does not free its orders from its limits (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: Shopper;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const discountRow = async (id: string) =>
    (await db().select().from(discounts).where(eq(discounts.id, id)))[0];
  const deleteCode = (id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/discounts/${id}`, headers: admin.headers });

  async function createCode(usageLimit: number | null) {
    const [row] = await db()
      .insert(discounts)
      .values({
        code: `GONE-${randomUUID().slice(0, 8).toUpperCase()}`,
        kind: 'percentage',
        value: '10.00',
        usageLimit,
      })
      .returning();
    return row!;
  }

  /** A shopper's order of one 40.00 lamp with the code, placed (not paid). */
  async function placeWithCode(code: string) {
    const shopper = await createSignedInUser(db());
    const lamp = await createProduct(db(), { price: '40.00', countInStock: 10 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: {
        orderItems: [{ product: lamp.id, qty: 1 }],
        shippingAddress: ordersApi.shippingAddress,
        paymentMethod: 'PayPal',
        discountCode: code,
        ...computeOrderPrices([{ price: 40, qty: 1 }], TEN_PERCENT),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { headers: shopper.headers as Headers, orderId: res.json<{ _id: string }>()._id };
  }

  it('a code limited to 1 use, deleted while two orders wait: it is deactivated, and neither pays with it', async () => {
    const code = await createCode(1);
    const first = await placeWithCode(code.code);
    const second = await placeWithCode(code.code);
    // The first shopper is at PayPal already when the admin deletes the code.
    const started = await ordersApi.startPayment(t.app, first.headers, first.orderId);
    expect(started.statusCode, started.body).toBe(200);
    const { providerOrderId } = started.json<{ providerOrderId: string }>();

    const deleted = await deleteCode(code.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({
      message: discountDeactivatedInstead(code.code),
      deactivated: true,
    });
    expect(await discountRow(code.id)).toMatchObject({ active: false, uses: 0 });

    const inactive = refusedWith(DISCOUNT_MESSAGES.inactive(code.code));
    const captured = await ordersApi.pay(t.app, first.headers, first.orderId, providerOrderId);
    expect(captured.statusCode, captured.body).toBe(409);
    expect(captured.json<{ message: string }>().message).toBe(inactive);
    const refused = await ordersApi.startPayment(t.app, second.headers, second.orderId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(inactive);
    for (const { orderId } of [first, second]) {
      expect(await ordersApi.orderRow(db(), orderId)).toMatchObject({
        isPaid: false,
        discountId: code.id,
        discountUseHeld: false,
      });
    }
    expect(await discountRow(code.id)).toMatchObject({ uses: 0 });
  });

  it('a code with a use held and no order waiting is deactivated with its use still counted', async () => {
    const code = await createCode(5);
    const buyer = await placeWithCode(code.code);
    const paid = await ordersApi.payOrder(t.app, buyer.headers, buyer.orderId);
    expect(paid.statusCode, paid.body).toBe(200);

    const deleted = await deleteCode(code.id);
    expect(deleted.json()).toMatchObject({ deactivated: true });
    expect(await discountRow(code.id)).toMatchObject({ active: false, uses: 1 });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/discounts/${code.id}/orders`,
      headers: admin.headers,
    });
    expect(listed.json<{ orders: { _id: string }[] }>().orders.map((o) => o._id)).toEqual([
      buyer.orderId,
    ]);
  });

  it('a code that ended after the order was placed: the order still pays with it (the date of placing counts)', async () => {
    const code = await createCode(null);
    const buyer = await placeWithCode(code.code);
    await db()
      .update(discounts)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(discounts.id, code.id));
    const paid = await ordersApi.payOrder(t.app, buyer.headers, buyer.orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ discountCode: code.code, discountPrice: 4 });
    expect(await discountRow(code.id)).toMatchObject({ uses: 1 });
  });

  it('a code no order needs is deleted as before', async () => {
    const code = await createCode(1);
    const deleted = await deleteCode(code.id);
    expect(deleted.json()).toEqual({ message: 'Discount removed', deactivated: false });
    expect(await discountRow(code.id)).toBeUndefined();
  });

  it('a payment and the deletion sent at once: the order pays with its use counted, or is refused', async () => {
    const code = await createCode(1);
    const buyers = [await placeWithCode(code.code), await placeWithCode(code.code)];
    const providerOrderIds: string[] = [];
    for (const { headers, orderId } of buyers) {
      const started = await ordersApi.startPayment(t.app, headers, orderId);
      expect(started.statusCode, started.body).toBe(200);
      providerOrderIds.push(started.json<{ providerOrderId: string }>().providerOrderId);
    }
    const answers = await releaseTogether(t.app, [
      ...buyers.map(({ headers, orderId }, index) => ({
        method: 'PUT' as const,
        url: `/api/orders/${orderId}/pay`,
        headers,
        payload: { providerOrderId: providerOrderIds[index] },
      })),
      { method: 'DELETE', url: `/api/discounts/${code.id}`, headers: admin.headers },
    ]);
    const payments = answers.slice(0, 2);
    expect(answers[2]!.statusCode, answers[2]!.body).toBe(200);
    expect(answers[2]!.json()).toMatchObject({ deactivated: true });

    // At most the code's one use went to a paid order, and every paid order holds it.
    const paidCount = countStatuses(payments)[200] ?? 0;
    expect(paidCount).toBeLessThanOrEqual(1);
    const row = await discountRow(code.id);
    expect(row).toMatchObject({ active: false, uses: paidCount });
    for (const [index, answer] of payments.entries()) {
      const order = await ordersApi.orderRow(db(), buyers[index]!.orderId);
      if (answer.statusCode === 200) {
        expect(order).toMatchObject({ isPaid: true, discountUseHeld: true, discountId: code.id });
      } else {
        expect(answer.statusCode, answer.body).toBe(409);
        expect(order).toMatchObject({ isPaid: false, discountUseHeld: false });
      }
    }
  });
});

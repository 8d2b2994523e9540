import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { countStatuses, releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

type Headers = Record<string, string>;
type OrderAnswer = {
  _id: string;
  orderItems: { _id: string; qty: number }[];
  refunds: { _id: string; amount: number; status: string }[];
  returns: { _id: string; status: string; refund: string | null; declineMessage: string | null }[];
};

describe(`return requests (${testDatabaseKind})`, () => {
  let t: TestApp;
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    shopper = await createSignedInUser(t.database.db);
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const post = (url: string, payload: object, headers: Headers) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const ask = (
    orderId: string,
    lines: { orderItem: string; qty: number }[],
    headers = shopper.headers,
  ) => post(`/api/orders/${orderId}/returns`, { lines, reason: 'Too small' }, headers);
  const mailsAbout = async (orderId: string) => {
    const { orderNumber } = await ordersApi.orderRow(db(), orderId);
    return (
      await db().select().from(mailOutbox).where(eq(mailOutbox.to, shopper.user.email))
    ).filter((mail) => mail.subject.includes(`return for order #${orderNumber}`));
  };

  async function paidOrder(qty = 2) {
    const product = await createProduct(db(), { price: '40.00', countInStock: 5 });
    const placed = await ordersApi.placeOrder(t.app, shopper.headers, [{ product, qty }]);
    const paid = await ordersApi.payOrder(t.app, shopper.headers, placed._id);
    expect(paid.statusCode).toBe(200);
    const order = paid.json<OrderAnswer>();
    return { product, order, line: order.orderItems[0]!._id };
  }

  it('the buyer asks, the admin accepts: the lines are refunded and restocked, and the buyer hears of each step', async () => {
    const { product, order, line } = await paidOrder();
    const asked = await ask(order._id, [{ orderItem: line, qty: 1 }]);
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json<OrderAnswer>().returns[0]!;
    expect(request).toMatchObject({ status: 'requested', refund: null });
    expect(await ordersApi.stockOf(db(), product.id)).toBe(3);

    const accepted = await post(
      `/api/orders/${order._id}/returns/${request._id}/accept`,
      { restock: true },
      admin.headers,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = accepted.json<OrderAnswer>();
    expect(after.returns[0]).toMatchObject({ status: 'accepted' });
    expect(after.refunds).toMatchObject([
      { _id: after.returns[0]!.refund, amount: 46, status: 'completed' },
    ]);
    expect(await ordersApi.stockOf(db(), product.id)).toBe(4);
    const subjects = (await mailsAbout(order._id)).map((mail) => mail.subject);
    expect(subjects.some((s) => s.endsWith('is received'))).toBe(true);
    expect(subjects.some((s) => s.endsWith('is accepted'))).toBe(true);

    const again = await post(
      `/api/orders/${order._id}/returns/${request._id}/accept`,
      {},
      admin.headers,
    );
    expect(again.statusCode).toBe(409);
  });

  it('the admin declines with a message the buyer gets; nothing is refunded', async () => {
    const { order, line } = await paidOrder();
    const request = (await ask(order._id, [{ orderItem: line, qty: 2 }])).json<OrderAnswer>()
      .returns[0]!;
    const declined = await post(
      `/api/orders/${order._id}/returns/${request._id}/decline`,
      { message: 'Worn items cannot be returned.' },
      admin.headers,
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<OrderAnswer>().returns[0]).toMatchObject({
      status: 'declined',
      declineMessage: 'Worn items cannot be returned.',
    });
    expect(declined.json<OrderAnswer>().refunds).toEqual([]);
    const mail = (await mailsAbout(order._id)).find((m) => m.subject.endsWith('is declined'))!;
    expect(mail.text).toContain('Worn items cannot be returned.');
  });

  it('refuses more units than are left, open requests counted, even sent together', async () => {
    const { order, line } = await paidOrder(2);
    const answers = await releaseTogether(
      t.app,
      Array.from({ length: 3 }, () => ({
        method: 'POST' as const,
        url: `/api/orders/${order._id}/returns`,
        headers: shopper.headers,
        payload: { lines: [{ orderItem: line, qty: 1 }], reason: 'Too small' },
      })),
    );
    expect(countStatuses(answers)).toEqual({ 201: 2, 409: 1 });
  });

  it('refuses unpaid orders, other lines, admins asking for a buyer, and shoppers deciding', async () => {
    const product = await createProduct(db(), { price: '5.00', countInStock: 5 });
    const unpaid = await ordersApi.placeOrder(t.app, shopper.headers, [{ product, qty: 1 }]);
    const unpaidLine = (
      await t.app.inject({ url: `/api/orders/${unpaid._id}`, headers: shopper.headers })
    ).json<OrderAnswer>().orderItems[0]!._id;
    expect((await ask(unpaid._id, [{ orderItem: unpaidLine, qty: 1 }])).statusCode).toBe(409);

    const { order, line } = await paidOrder();
    expect((await ask(order._id, [{ orderItem: unpaidLine, qty: 1 }])).statusCode).toBe(400);
    expect((await ask(order._id, [{ orderItem: line, qty: 1 }], admin.headers)).statusCode).toBe(
      403,
    );
    const request = (await ask(order._id, [{ orderItem: line, qty: 1 }])).json<OrderAnswer>()
      .returns[0]!;
    const byShopper = await post(
      `/api/orders/${order._id}/returns/${request._id}/accept`,
      {},
      shopper.headers,
    );
    expect(byShopper.statusCode).toBe(403);
    const unknown = await post(
      `/api/orders/${order._id}/returns/00000000-0000-4000-8000-000000000000/decline`,
      { message: 'No' },
      admin.headers,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

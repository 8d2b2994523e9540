// Issue #35, third security pass: stock that a chargeback cannot inflate, and a storefront that
// shows every change of stock at once. A line gives back at most the units it took (units sold −
// units already restocked), whichever of refunds, returns, cancellation and PayPal's events come
// first or together; and every path that changes stock is a catalogue change, so the cached
// public answers (GET /api/products/{id} and the list) show the new stock right after it.
import { randomBytes, randomUUID } from 'node:crypto';
import { PRODUCT_CSV_COLUMNS } from '@proshop/domain/product-csv';
import type { ProductDetail, ProductListResponse } from '@proshop/domain/product-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../../src/db/schema.ts';
import { csvLine, csvText, parseCsv, UTF8_BOM } from '../../src/http/csv.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { multipartForm } from '../helpers/multipart.ts';
import * as ordersApi from '../helpers/orders.ts';
import { payPalClientOf } from '../helpers/stand-in-client.ts';
import { PayPalStandIn } from '../helpers/paypal-stand-in.ts';
import { countStatuses, releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

type Headers = Record<string, string>;
type OrderAnswer = {
  _id: string;
  totalPrice: number;
  orderItems: { _id: string; qty: number }[];
  returns: { _id: string }[];
};

const WEBHOOK_ID = 'WH-STAND-IN-STOCK';
const WEBHOOK_URL = '/api/payments/paypal/webhook';

/** A word no other product's name holds, so a search lists exactly the product named with it. */
const uniqueWord = () =>
  [...randomBytes(10)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');

describe(`security: stock given back (${testDatabaseKind})`, () => {
  let standIn: PayPalStandIn;
  let t: TestApp;
  let shopper: { headers: Headers };
  let admin: { headers: Headers };

  beforeAll(async () => {
    standIn = await PayPalStandIn.start();
    t = await createTestApp(
      { PAYPAL_WEBHOOK_ID: WEBHOOK_ID },
      { paymentProvider: payPalClientOf(standIn) },
    );
    shopper = await createSignedInUser(t.database.db);
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const db = () => t.database.db;
  const post = (url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

  /** A product with its own name, `stock` units of it. */
  const newProduct = (stock = 10) =>
    createProduct(db(), { name: `Kettle ${uniqueWord()}`, price: '40.00', countInStock: stock });

  /** Places and pays an order of these lines; answers it with its capture id. */
  async function paidOrder(lines: ordersApi.OrderLine[]) {
    const placed = await ordersApi.placeOrder(t.app, shopper.headers, lines);
    const paid = await ordersApi.payOrder(t.app, shopper.headers, placed._id);
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json<OrderAnswer>();
    const { captureId } = await ordersApi.orderRow(db(), order._id);
    return { order, captureId: captureId! };
  }

  /** PayPal's signed event that the capture was reversed (a chargeback) or denied. */
  function captureEvent(orderId: string, captureId: string, kind: 'REVERSED' | 'DENIED') {
    const event = {
      id: `WH-${randomUUID()}`,
      event_type: `PAYMENT.CAPTURE.${kind}`,
      resource_type: 'capture',
      create_time: new Date().toISOString(),
      resource: { id: captureId, status: kind, custom_id: orderId },
    };
    return { event, headers: standIn.signWebhook(event, WEBHOOK_ID) };
  }
  async function sendCaptureEvent(
    orderId: string,
    captureId: string,
    kind: 'REVERSED' | 'DENIED' = 'REVERSED',
  ) {
    const { event, headers } = captureEvent(orderId, captureId, kind);
    const res = await t.app.inject({ method: 'POST', url: WEBHOOK_URL, headers, payload: event });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'applied' });
  }

  const refundBody = (lines: { orderItem: string; qty: number }[]) => ({
    lines,
    restock: true,
    reason: 'Damaged in transit',
  });
  async function refundWithRestock(orderId: string, lines: { orderItem: string; qty: number }[]) {
    const res = await post(`/api/orders/${orderId}/refunds`, admin.headers, refundBody(lines));
    expect(res.statusCode, res.body).toBe(201);
  }

  /** The buyer asks to return these units and the admin accepts, with restock. */
  async function acceptedReturn(orderId: string, orderItem: string, qty: number) {
    const asked = await post(`/api/orders/${orderId}/returns`, shopper.headers, {
      lines: [{ orderItem, qty }],
      reason: 'Too small',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = asked.json<OrderAnswer>().returns.at(-1)!._id;
    const accepted = await post(
      `/api/orders/${orderId}/returns/${returnId}/accept`,
      admin.headers,
      { restock: true },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
  }

  /** The stock the storefront shows, through the catalogue cache: the product's page and a search. */
  async function shownStock(product: { id: string; name: string }) {
    const detail = await t.app.inject(`/api/products/${product.id}`);
    expect(detail.statusCode).toBe(200);
    const keyword = product.name.split(' ')[1]!;
    const list = await t.app.inject(`/api/products?keyword=${keyword}`);
    const listed = list.json<ProductListResponse>().products;
    expect(listed.map((entry) => entry._id)).toEqual([product.id]);
    return { detail: detail.json<ProductDetail>().countInStock, list: listed[0]!.countInStock };
  }
  /** The database's stock and the storefront's agree on `units`. */
  async function expectStock(product: { id: string; name: string }, units: number) {
    expect(await ordersApi.stockOf(db(), product.id)).toBe(units);
    expect(await shownStock(product)).toEqual({ detail: units, list: units });
  }

  describe('a chargeback gives back only the units still sold', () => {
    it('buy 3 of 10, one refunded with restock, then PayPal reverses the payment: 10, not 11', async () => {
      const product = await newProduct(10);
      const { order, captureId } = await paidOrder([{ product, qty: 3 }]);
      await expectStock(product, 7);
      await refundWithRestock(order._id, [{ orderItem: order.orderItems[0]!._id, qty: 1 }]);
      await expectStock(product, 8);

      await sendCaptureEvent(order._id, captureId);
      await expectStock(product, 10);
      expect(await ordersApi.orderRow(db(), order._id)).toMatchObject({
        paymentProblem: 'reversed',
        cancelledBy: 'shop',
      });
    });

    it('every line refunded with restock first: the reversal gives nothing more back', async () => {
      const kettle = await newProduct(10);
      const mug = await newProduct(10);
      const { order, captureId } = await paidOrder([
        { product: kettle, qty: 1 },
        { product: mug, qty: 1 },
      ]);
      await refundWithRestock(
        order._id,
        order.orderItems.map((line) => ({ orderItem: line._id, qty: line.qty })),
      );
      await expectStock(kettle, 10);
      await expectStock(mug, 10);

      await sendCaptureEvent(order._id, captureId);
      await expectStock(kettle, 10);
      await expectStock(mug, 10);
    });

    it('after an accepted return, a reversal (or a denial) gives back only the rest', async () => {
      for (const kind of ['REVERSED', 'DENIED'] as const) {
        const product = await newProduct(10);
        const { order, captureId } = await paidOrder([{ product, qty: 3 }]);
        await acceptedReturn(order._id, order.orderItems[0]!._id, 1);
        await expectStock(product, 8);

        await sendCaptureEvent(order._id, captureId, kind);
        await expectStock(product, 10);
      }
    });

    it('a refund with restock and a reversal sent together give back at most the units sold', async () => {
      for (let round = 0; round < 3; round += 1) {
        const product = await newProduct(10);
        const { order, captureId } = await paidOrder([{ product, qty: 3 }]);
        const line = order.orderItems[0]!._id;
        const { event, headers } = captureEvent(order._id, captureId, 'REVERSED');
        const answers = await releaseTogether(t.app, [
          {
            method: 'POST',
            url: `/api/orders/${order._id}/refunds`,
            headers: admin.headers,
            payload: refundBody([{ orderItem: line, qty: 2 }]),
          },
          { method: 'POST', url: WEBHOOK_URL, headers, payload: event },
        ]);
        // The refund is made whichever comes first (PayPal refunds a reversed capture too).
        expect(countStatuses(answers)).toEqual({ 200: 1, 201: 1 });
        await expectStock(product, 10);
        const [stored] = await db().select().from(orderItems).where(eq(orderItems.id, line));
        expect(stored).toMatchObject({ stockTaken: 3, stockGivenBack: 3 });
      }
    });
  });

  describe('the storefront shows every change of stock at once', () => {
    it('payment, refund, return, cancel, reversal, denial, CSV import and admin edit each show on the cached pages', async () => {
      const product = await newProduct(10);
      await expectStock(product, 10);

      // Payment.
      const first = await paidOrder([{ product, qty: 4 }]);
      const firstLine = first.order.orderItems[0]!._id;
      await expectStock(product, 6);

      // Refund with restock.
      await refundWithRestock(first.order._id, [{ orderItem: firstLine, qty: 1 }]);
      await expectStock(product, 7);

      // Return accepted.
      await acceptedReturn(first.order._id, firstLine, 1);
      await expectStock(product, 8);

      // Webhook reversal: the two units still sold come back.
      await sendCaptureEvent(first.order._id, first.captureId, 'REVERSED');
      await expectStock(product, 10);

      // Webhook denial.
      const second = await paidOrder([{ product, qty: 2 }]);
      await expectStock(product, 8);
      await sendCaptureEvent(second.order._id, second.captureId, 'DENIED');
      await expectStock(product, 10);

      // Admin cancel of a paid order whose value was already refunded as goodwill: nothing is
      // left to refund, and its lines go back into stock in the cancelling transaction.
      const third = await paidOrder([{ product, qty: 2 }]);
      await expectStock(product, 8);
      const goodwill = await post(`/api/orders/${third.order._id}/refunds`, admin.headers, {
        amount: third.order.totalPrice,
        reason: 'Goodwill',
      });
      expect(goodwill.statusCode, goodwill.body).toBe(201);
      await expectStock(product, 8);
      const cancelled = await post(`/api/orders/${third.order._id}/cancel`, admin.headers);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await expectStock(product, 10);

      // CSV import.
      const exported = await t.app.inject({
        url: '/api/products/export.csv',
        headers: admin.headers,
      });
      expect(exported.statusCode).toBe(200);
      const [header, ...rows] = parseCsv(exported.body);
      const columns = header!.cells.map(csvText);
      const own = rows
        .map(({ cells }) =>
          Object.fromEntries(columns.map((column, index) => [column, csvText(cells[index] ?? '')])),
        )
        .find((line) => line.product_id === product.id)!;
      own.stock = '17';
      const csv =
        UTF8_BOM +
        csvLine(PRODUCT_CSV_COLUMNS) +
        csvLine(PRODUCT_CSV_COLUMNS.map((column) => own[column] ?? ''));
      const form = multipartForm([
        { name: 'file', filename: 'products.csv', contentType: 'text/csv', data: Buffer.from(csv) },
        { name: 'dryRun', value: 'false' },
      ]);
      const imported = await t.app.inject({
        method: 'POST',
        url: '/api/products/import',
        payload: form.payload,
        headers: { ...admin.headers, ...form.headers },
      });
      expect(imported.statusCode, imported.body).toBe(200);
      await expectStock(product, 17);

      // Admin edit of the product's stock.
      const current = (await t.app.inject(`/api/products/${product.id}`)).json<ProductDetail>();
      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}`,
        headers: admin.headers,
        payload: {
          name: current.name,
          price: current.price,
          image: current.image,
          brand: current.brand,
          category: current.category,
          description: current.description,
          countInStock: 23,
        },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      await expectStock(product, 23);
    });
  });
});

// The dashboard's new customers with guest orders (issue #37): a guest's first paid order makes a
// new customer, known by the e-mail; two guest orders with one e-mail are one customer, and so are
// an account and a guest with the same e-mail. Orders are placed and paid through the API, then
// their payment dates are set to known instants of the 7 days before 15 June 2024 (UTC).
import type { Dashboard } from '@proshop/domain/dashboard-schemas';
import type { PlacedOrder } from '@proshop/domain/order-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema.ts';
import { createProduct, createSignedInUser, uniqueEmail } from '../helpers/factories.ts';
import { orderBody, payOrder } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

const NOW = new Date('2024-06-15T16:00:00Z');
/** In the last 7 days, and in the 7 days before them. */
const THIS_WEEK = '2024-06-12T12:00:00Z';
const WEEK_BEFORE = '2024-06-05T12:00:00Z';

describe(`GET /api/dashboard: guests as new customers (${testDatabaseKind})`, () => {
  let t: TestApp;
  let lamp: Awaited<ReturnType<typeof createProduct>>;
  let addresses = 0;

  const datePayment = async (orderId: string, paidAt: string) => {
    const at = new Date(paidAt);
    await t.database.db
      .update(orders)
      .set({ paidAt: at, createdAt: new Date(at.getTime() - 3_600_000) })
      .where(eq(orders.id, orderId));
  };

  /** Places and pays a guest order with this e-mail, paid at `paidAt`. */
  async function guestPaid(email: string, paidAt: string) {
    addresses += 1;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: `10.6.0.${addresses}`,
      payload: { ...orderBody([{ product: lamp, qty: 1 }]), guest: { email, name: 'Gus Guest' } },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<PlacedOrder & { accessKey: string }>();
    const key = `?key=${order.accessKey}`;
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/payment${key}`,
    });
    expect(started.statusCode, started.body).toBe(200);
    const paid = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/pay${key}`,
      payload: started.json<{ providerOrderId: string }>(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await datePayment(order._id, paidAt);
  }

  /** Places and pays an order of this account, paid at `paidAt`. */
  async function accountPaid(headers: Record<string, string>, paidAt: string) {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: orderBody([{ product: lamp, qty: 1 }]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json<PlacedOrder>()._id;
    expect((await payOrder(t.app, headers, id)).statusCode).toBe(200);
    await datePayment(id, paidAt);
  }

  const newCustomers = async () => {
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const res = await t.app.inject({ url: '/api/dashboard?range=7d', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Dashboard>().figures.newCustomers;
  };

  beforeAll(async () => {
    t = await createTestApp({ SHOP_TIMEZONE: 'UTC' }, { clock: { now: () => NOW } });
    lamp = await createProduct(t.database.db, { price: '10.00', countInStock: 100 });
  });
  afterAll(() => t?.close());

  it('counts two paid guest orders with one e-mail as one new customer', async () => {
    const email = uniqueEmail('twice');
    await guestPaid(email, THIS_WEEK);
    // The same address typed in capitals: kept lower-cased, the same customer.
    await guestPaid(email.toUpperCase(), THIS_WEEK);
    expect(await newCustomers()).toMatchObject({ current: 1, previous: 0 });
  });

  it('counts an account and a guest with the same e-mail as one customer, new once', async () => {
    const shopper = await createSignedInUser(t.database.db, { email: uniqueEmail('both') });
    await accountPaid(shopper.headers, THIS_WEEK);
    await guestPaid(shopper.user.email, THIS_WEEK);
    expect(await newCustomers()).toMatchObject({ current: 2, previous: 0 });
  });

  it('counts no customer new whose e-mail or account paid before, as a guest or an account', async () => {
    // A guest before, an account this week with that e-mail.
    const shopper = await createSignedInUser(t.database.db, { email: uniqueEmail('later') });
    await guestPaid(shopper.user.email, WEEK_BEFORE);
    await accountPaid(shopper.headers, THIS_WEEK);
    // An account before, a guest with its e-mail this week.
    const earlier = await createSignedInUser(t.database.db, { email: uniqueEmail('earlier') });
    await accountPaid(earlier.headers, WEEK_BEFORE);
    await guestPaid(earlier.user.email, THIS_WEEK);
    // Both were new in the week before; nobody more this week.
    expect(await newCustomers()).toMatchObject({ current: 2, previous: 2 });
  });
});

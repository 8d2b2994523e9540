// A guest's orders join the account that confirms their e-mail (issue #37), and only then:
// never before the link is followed, never for another address, never by a guest order placed
// with the e-mail of an account that exists already (Medusa #11827 and #9999 sent such orders to
// the wrong account). The link's key keeps opening a claimed order.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import { createProduct, TEST_PASSWORD, uniqueEmail } from '../helpers/factories.ts';
import { orderBody } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('guest orders claimed by a confirmed account', () => {
  let t: TestApp;
  let lamp: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example', SHOP_NAME: 'Claim Shop' });
    lamp = await createProduct(t.database.db, { price: '8.00', countInStock: 100 });
  });
  afterAll(() => t.close());

  let addresses = 0;
  async function guestOrder(email: string) {
    addresses += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: `10.2.0.${addresses}`,
      payload: { ...orderBody([{ product: lamp, qty: 1 }]), guest: { email, name: 'Gus' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ _id: string; accessKey: string }>();
  }

  async function register(email: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Gus Account', email, password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { token } = res.json<{ token: string }>();
    return { authorization: `Bearer ${token}` };
  }

  /** Follows the newest confirmation link e-mailed to `email`. */
  async function confirmLatest(email: string) {
    const rows = await t.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(mailOutbox.createdAt, mailOutbox.id);
    const tokens = rows.flatMap(
      (row) => /https:\/\/shop\.example\/confirm-email\/([\w-]+)/.exec(row.text)?.[1] ?? [],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/confirm-email',
      payload: { token: tokens.at(-1) },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const myOrderIds = async (headers: Record<string, string>) =>
    (await t.app.inject({ url: '/api/orders/myorders', headers }))
      .json<{ _id: string }[]>()
      .map((order) => order._id);

  it('shows the guest orders of an e-mail in My Orders once the account confirms it, not before', async () => {
    const email = uniqueEmail('claim');
    const first = await guestOrder(email);
    const second = await guestOrder(email);
    const elsewhere = await guestOrder(uniqueEmail('someone-else'));

    const headers = await register(email);
    // Registered but not confirmed: anyone may type an address.
    expect(await myOrderIds(headers)).toEqual([]);
    const before = await t.app.inject({ url: `/api/orders/${first._id}`, headers });
    expect(before.statusCode).toBe(404);

    await confirmLatest(email);
    expect((await myOrderIds(headers)).sort()).toEqual([first._id, second._id].sort());
    const mine = await t.app.inject({ url: `/api/orders/${first._id}`, headers });
    expect(mine.statusCode).toBe(200);
    // Still a guest order, still opened by its link.
    expect(mine.json()).toMatchObject({ isGuest: true });
    const byKey = await t.app.inject({ url: `/api/orders/${first._id}?key=${first.accessKey}` });
    expect(byKey.statusCode).toBe(200);
    // Another address's guest order is nobody's account's.
    const notMine = await t.app.inject({ url: `/api/orders/${elsewhere._id}`, headers });
    expect(notMine.statusCode).toBe(404);
  });

  it("leaves a guest order placed with an existing account's e-mail out of that account", async () => {
    const email = uniqueEmail('existing');
    const headers = await register(email);
    await confirmLatest(email);
    const placedByAGuest = await guestOrder(email);
    expect(await myOrderIds(headers)).toEqual([]);
    const asAccount = await t.app.inject({ url: `/api/orders/${placedByAGuest._id}`, headers });
    expect(asAccount.statusCode).toBe(404);
  });
});

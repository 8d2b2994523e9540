// Shop e-mail to unconfirmed addresses (issue #35): anyone can register an account with someone
// else's address, so the shop writes to an address only once its owner confirmed it, except the
// confirmation link itself. An unconfirmed account could ask for back-in-stock alerts, and its
// password change or a change of address told the unconfirmed address; none of that is sent now.
import { EMAIL_CONFIRMATION_MESSAGES } from '@proshop/domain/email-confirmation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, stockAlerts, users } from '../../src/db/schema.ts';
import {
  createProduct,
  createSignedInUser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

type Headers = Record<string, string>;

const productForm = (countInStock: number) => ({
  name: 'Desk Lamp',
  price: 30,
  image: '/images/lamp.webp',
  brand: 'Lumo',
  category: 'Home',
  countInStock,
  description: 'A lamp.',
});

describe(`security: the shop e-mails only confirmed addresses (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: { headers: Headers };
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example', SHOP_NAME: 'Mail Shop' });
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const ask = (headers: Headers, product: string) =>
    t.app.inject({ method: 'POST', url: '/api/stock-alerts', headers, payload: { product } });
  const restock = (id: string, countInStock: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.headers,
      payload: productForm(countInStock),
    });
  const alertsOf = (userId: string) =>
    db().select().from(stockAlerts).where(eq(stockAlerts.userId, userId));

  it('an unconfirmed account cannot ask for a back-in-stock e-mail: 403, nothing stored', async () => {
    const product = await createProduct(db(), { countInStock: 0 });
    const unconfirmed = await createSignedInUser(db(), {
      email: uniqueEmail('unconfirmed'),
      emailVerifiedAt: null,
    });
    const res = await ask(unconfirmed.headers, product.id);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ message: EMAIL_CONFIRMATION_MESSAGES.notConfirmedForAlerts });
    expect(await alertsOf(unconfirmed.user.id)).toHaveLength(0);

    expect((await restock(product.id, 3)).statusCode).toBe(200);
    expect(await mailsTo(unconfirmed.user.email)).toHaveLength(0);
  });

  it('a waiting alert whose address is no longer a confirmed one is not sent, and keeps waiting', async () => {
    const product = await createProduct(db(), { countInStock: 0 });
    const confirmed = await createSignedInUser(db(), { email: uniqueEmail('kept') });
    const changed = await createSignedInUser(db(), { email: uniqueEmail('was-confirmed') });
    for (const { headers } of [confirmed, changed]) {
      expect((await ask(headers, product.id)).statusCode).toBe(201);
    }
    // After the request, the account holds an address nobody confirmed (an alert made before
    // requests needed a confirmed address reads the same).
    const stranger = uniqueEmail('stranger');
    await db()
      .update(users)
      .set({ email: stranger, emailVerifiedAt: null })
      .where(eq(users.id, changed.user.id));

    expect((await restock(product.id, 4)).statusCode).toBe(200);
    expect(await mailsTo(confirmed.user.email)).toHaveLength(1);
    expect(await mailsTo(stranger)).toHaveLength(0);
    const [waiting] = await alertsOf(changed.user.id);
    expect(waiting?.notifiedAt).toBeNull();
  });

  it("a password change of an unconfirmed account does not write to its address; a confirmed one's does", async () => {
    const changePassword = (headers: Headers, email: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers,
        payload: {
          name: 'Test Shopper',
          email,
          password: 'a brand new password',
          currentPassword: TEST_PASSWORD,
        },
      });
    const unconfirmed = await createSignedInUser(db(), {
      email: uniqueEmail('pw-unconfirmed'),
      emailVerifiedAt: null,
    });
    const confirmed = await createSignedInUser(db(), { email: uniqueEmail('pw-confirmed') });
    for (const { headers, user } of [unconfirmed, confirmed]) {
      const res = await changePassword(headers, user.email);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await mailsTo(unconfirmed.user.email)).toHaveLength(0);
    const told = await mailsTo(confirmed.user.email);
    expect(told.map((mail) => mail.subject)).toEqual(['Mail Shop: your account was changed']);
  });

  it('confirming a new address tells the old one only if it was ever confirmed', async () => {
    const registeredWith = uniqueEmail('registered-unconfirmed');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'New Shopper', email: registeredWith, password: TEST_PASSWORD },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const headers = { authorization: `Bearer ${registered.json<{ token: string }>().token}` };
    const newAddress = uniqueEmail('new-address');
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers,
      payload: { name: 'New Shopper', email: newAddress, currentPassword: TEST_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [link] = await db()
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, newAddress),
          eq(mailOutbox.subject, 'Mail Shop: confirm your e-mail address'),
        ),
      );
    const token = /https:\/\/shop\.example\/confirm-email\/([\w-]+)/.exec(link!.text)?.[1];
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/users/confirm-email',
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // The address registered with only ever got its confirmation link.
    const toOld = await mailsTo(registeredWith);
    expect(toOld.map((mail) => mail.subject)).toEqual(['Mail Shop: confirm your e-mail address']);
  });
});

// The guest's link e-mail (issue #37): placing a guest order queues, in the transaction that
// stores it, one e-mail with the order and its link /order/{id}?key={key}. The shop keeps the key
// only hashed: the outbox row holds it until the e-mail is sent or given up, then shows a
// placeholder. A retry with the same Idempotency-Key queues nothing more. A guest's later
// e-mails cannot link to the order (no key kept) and carry no account link: they say where the
// first e-mail's link is.
import type { PlacedOrder } from '@proshop/domain/order-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import { SECRET_REMOVED } from '../../src/modules/mail/outbox-repository.ts';
import { MAX_MAIL_ATTEMPTS } from '../../src/modules/mail/retry-schedule.ts';
import { GUEST_LINK_HINT } from '../../src/modules/orders/order-emails.ts';
import { createProduct, createSignedInUser, uniqueEmail } from '../helpers/factories.ts';
import { orderBody, placeOrder, type OrderLine } from '../helpers/orders.ts';
import {
  deadSmtpUrl,
  mailPart,
  startSmtpCapture,
  type SmtpCapture,
} from '../helpers/smtp-capture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestClock } from '../helpers/test-clock.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

const PUBLIC_URL = 'https://shop.example';
type GuestOrder = PlacedOrder & { accessKey: string };

let addresses = 0;
/** A client address no other request of this file used: each guest its own rate limits. */
const newAddress = () => {
  addresses += 1;
  return `10.8.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const guest = (prefix = 'linked') => ({ email: uniqueEmail(prefix), name: 'Lina Link' });

function placeAsGuest(
  t: TestApp,
  buyer: { email: string; name: string },
  lines: OrderLine[],
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: newAddress(),
    headers,
    payload: { ...orderBody(lines), guest: buyer },
  });
}

async function placedGuestOrder(t: TestApp, lines: OrderLine[], buyer = guest()) {
  const res = await placeAsGuest(t, buyer, lines);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<GuestOrder>();
}

const mailsTo = async (t: TestApp, to: string) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

/** Every text of the outbox table, as one string: where a key must not be found. */
const wholeOutbox = async (t: TestApp) =>
  JSON.stringify(await t.database.db.select().from(mailOutbox));

describe(`the guest's link e-mail (${testDatabaseKind})`, { timeout: 90_000 }, () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let lamp: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
    lamp = await createProduct(t.database.db, { price: '24.00', countInStock: 1_000 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(async () => {
    await t.app.mailOutbox.runOnce();
  });

  it('sends the order and its link once; the outbox keeps the key only until it is sent', async () => {
    const order = await placedGuestOrder(t, [{ product: lamp, qty: 2 }]);
    const link = `${PUBLIC_URL}/order/${order._id}?key=${order.accessKey}`;
    const [queued, ...more] = await mailsTo(t, order.user.email);
    expect(more).toEqual([]);
    expect(queued).toMatchObject({
      subject: `ProShop: your order #${order.orderNumber}`,
      orderId: order._id,
      sentAt: null,
    });
    expect(queued!.text).toContain(link);
    expect(queued!.text).toContain('2 x ');
    expect(queued!.text).toMatch(/Keep this e-mail/);
    expect(queued!.html).toContain(`href="${link}"`);

    expect((await t.app.mailOutbox.runOnce()).sent).toBeGreaterThanOrEqual(1);
    const sent = smtp.messages.filter((mail) => mail.to.includes(order.user.email));
    expect(sent).toHaveLength(1);
    // The e-mail carried the link, and the link opens the order.
    const text = mailPart(sent[0]!, 'text/plain');
    expect(text).toContain(link);
    expect(mailPart(sent[0]!, 'text/html')).toContain(`href="${link}"`);
    const opened = await t.app.inject({
      url: link.slice(PUBLIC_URL.length).replace('/order/', '/api/orders/'),
    });
    expect(opened.statusCode, opened.body).toBe(200);

    // Sent: the key is nowhere in the outbox table any more.
    const [row] = await mailsTo(t, order.user.email);
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.text).toContain(`${PUBLIC_URL}/order/${order._id}?key=${SECRET_REMOVED}`);
    expect(row!.html).toContain(SECRET_REMOVED);
    expect(row!.secret).toBeNull();
    expect(await wholeOutbox(t)).not.toContain(order.accessKey);
    // The order's timeline lists the e-mail.
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const events = await t.app.inject({
      url: `/api/orders/${order._id}/events`,
      headers: admin.headers,
    });
    expect(events.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'email',
          details: expect.objectContaining({
            subject: `ProShop: your order #${order.orderNumber}`,
          }),
        }),
      ]),
    );
  });

  it('queues one e-mail for an order placed twice with one Idempotency-Key, in turn or together', async () => {
    const buyer = guest('retry');
    const headers = { 'idempotency-key': `link-${buyer.email}` };
    const together = await Promise.all(
      [0, 1].map(() => placeAsGuest(t, buyer, [{ product: lamp, qty: 1 }], headers)),
    );
    const again = await placeAsGuest(t, buyer, [{ product: lamp, qty: 1 }], headers);
    const ids = [...together, again].map((res) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json<PlacedOrder>()._id;
    });
    expect(new Set(ids).size).toBe(1);
    expect(await mailsTo(t, buyer.email)).toHaveLength(1);
  });

  it("queues no link e-mail for an account's order", async () => {
    const shopper = await createSignedInUser(t.database.db);
    await placeOrder(t.app, shopper.headers, [{ product: lamp, qty: 1 }]);
    expect(await mailsTo(t, shopper.user.email)).toEqual([]);
  });

  it("gives a guest's later e-mails no link to the order and no account link, but where the first e-mail's link is", async () => {
    const order = await placedGuestOrder(t, [{ product: lamp, qty: 2 }]);
    const key = (path: string) => `/api/orders/${order._id}${path}?key=${order.accessKey}`;
    const started = await t.app.inject({ method: 'POST', url: key('/payment') });
    expect(started.statusCode, started.body).toBe(200);
    const paid = await t.app.inject({
      method: 'PUT',
      url: key('/pay'),
      payload: started.json<{ providerOrderId: string }>(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const line = order.orderItems[0]!._id;
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/refunds`,
      headers: admin.headers,
      payload: { lines: [{ orderItem: line, qty: 1 }], reason: 'Scratched' },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    for (const step of ['sent', 'deliver']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${order._id}/${step}`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const asked = await t.app.inject({
      method: 'POST',
      url: key('/returns'),
      payload: { lines: [{ orderItem: line, qty: 1 }], reason: 'Too bright' },
    });
    expect(asked.statusCode, asked.body).toBe(201);

    const [first, ...later] = (await mailsTo(t, order.user.email)).sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
    );
    expect(first!.subject).toBe(`ProShop: your order #${order.orderNumber}`);
    expect(later.map((mail) => mail.subject)).toEqual([
      `ProShop: receipt for order #${order.orderNumber}`,
      expect.stringMatching(/a refund of .* for order #/),
      `ProShop: your order #${order.orderNumber} has been sent`,
      `ProShop: your order #${order.orderNumber} has been delivered`,
      `ProShop: your return for order #${order.orderNumber} is received`,
    ]);
    for (const mail of later) {
      for (const part of [mail.text, mail.html]) {
        expect(part, mail.subject).not.toContain('/order/');
        expect(part, mail.subject).not.toMatch(/\/profile|\/login|\/register|account|review/i);
      }
      expect(mail.text, mail.subject).toContain(GUEST_LINK_HINT);
    }
  });
});

describe(`the guest's link e-mail given up (${testDatabaseKind})`, { timeout: 90_000 }, () => {
  it('forgets the key once the e-mail is given up', async () => {
    const clock = createTestClock();
    const t = await createTestApp({ SMTP_URL: await deadSmtpUrl() }, { clock });
    try {
      const lamp = await createProduct(t.database.db, { price: '5.00', countInStock: 10 });
      const order = await placedGuestOrder(t, [{ product: lamp, qty: 1 }]);
      for (let attempt = 1; attempt < MAX_MAIL_ATTEMPTS; attempt += 1) {
        expect(await t.app.mailOutbox.runOnce()).toEqual({ sent: 0, failed: 1, gaveUp: 0 });
        // Still to be sent: the key is kept for the next try.
        expect(await wholeOutbox(t)).toContain(order.accessKey);
        clock.advance(24 * 60 * 60_000);
      }
      expect(await t.app.mailOutbox.runOnce()).toEqual({ sent: 0, failed: 0, gaveUp: 1 });
      const [row] = await mailsTo(t, order.user.email);
      expect(row).toMatchObject({ sentAt: null, nextAttemptAt: null, secret: null });
      expect(row!.text).toContain(SECRET_REMOVED);
      expect(await wholeOutbox(t)).not.toContain(order.accessKey);
    } finally {
      await t.close();
    }
  });
});

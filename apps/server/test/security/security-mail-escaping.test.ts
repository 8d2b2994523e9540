// Names, product names and addresses are the shopper's text: in the HTML part of every e-mail
// (receipt, sent notice, reset code) they are escaped, so a mail client shows them and runs
// nothing; the plain-text part keeps them as written, and Unicode arrives unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { orderBody, payOrder } from '../helpers/orders.ts';
import {
  mailPart,
  startSmtpCapture,
  type CapturedMail,
  type SmtpCapture,
} from '../helpers/smtp-capture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';
const SVG = '<svg onload=alert(1)>';
const UNICODE = 'Zoë Ångström 李小龙 🚀';
const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The HTML part holds the hostile texts escaped, and no element an attacker wrote. */
function expectEscapedHtml(mail: CapturedMail, texts: string[]) {
  const html = mailPart(mail, 'text/html');
  // The shop's own pictures (logo, the lines') are <img> elements; the attacker's is `<img src=x`.
  expect(html).not.toMatch(/<script|<img src=x|<svg|onerror=alert\(1\)>/i);
  for (const text of texts) expect(html).toContain(escaped(text));
  expect(html).toContain(UNICODE);
  const plain = mailPart(mail, 'text/plain');
  for (const text of texts) expect(plain).toContain(text);
}

describe('e-mails show the shopper’s texts as text', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));

  it('escapes the buyer name, product name and address in the receipt and the sent notice', async () => {
    const name = `${SCRIPT} ${UNICODE}`;
    const buyer = await createSignedInUser(t.database.db, { name });
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const product = await createProduct(t.database.db, { name: `${IMG} lamp`, price: '12.00' });
    const address = { address: SVG, city: SCRIPT, postalCode: '1 & 2', country: UNICODE };
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.headers,
      payload: { ...orderBody([{ product, qty: 1 }]), shippingAddress: address },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ _id: string }>()._id;

    const paid = await payOrder(t.app, buyer.headers, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    const sent = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/sent`,
      headers: admin.headers,
    });
    expect(sent.statusCode).toBe(200);
    await t.app.mailOutbox.runOnce();

    const [receipt, notice] = mailsTo(buyer.user.email);
    expect(receipt?.raw).toMatch(/^Subject: .*receipt for order/m);
    expectEscapedHtml(receipt!, [SCRIPT, `${IMG} lamp`, SVG, '1 & 2']);
    expect(notice?.raw).toMatch(/^Subject: .*: your order /m);
    expectEscapedHtml(notice!, [SCRIPT]);
  });

  it('quotes no name in the reset code e-mail: an account registered with your address cannot write to you', async () => {
    const name = `${IMG} ${UNICODE} Your card was charged`;
    const { user } = await createSignedInUser(t.database.db, { name });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgotpassword',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    await t.app.backgroundMail.settled();
    const [mail] = mailsTo(user.email);
    expect(mail?.raw).toMatch(/^Subject: .*your password reset code/m);
    for (const part of ['text/plain', 'text/html']) {
      const body = mailPart(mail!, part);
      expect(body).toMatch(/Hello,\s*$|Hello,</m);
      expect(body).not.toContain('Your card was charged');
      expect(body).not.toContain(UNICODE);
    }
  });
});

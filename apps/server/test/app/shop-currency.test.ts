// PAYMENT_CURRENCY is the currency of every price the shopper meets: the web page learns it from
// index.html, each order keeps it, and the order e-mails show their amounts in it. US dollars
// read exactly as they always have ("$19.99").
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { payOrder, placeOrder } from '../helpers/orders.ts';
import { mailPart, startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A web build whose index.html holds the currency placeholder the server fills in. */
function webBuild(): string {
  const web = mkdtempSync(join(tmpdir(), 'proshop-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<meta name="shop-currency" content="__SHOP_CURRENCY__">');
  return web;
}

const currencies: { currency: string; sign: string; env: Record<string, string> }[] = [
  { currency: 'EUR', sign: '€', env: { PAYMENT_CURRENCY: 'EUR' } },
  // The default: the e-mails read as they did before they knew other currencies.
  { currency: 'USD', sign: '$', env: {} },
];

describe.each(currencies)('prices in $currency', ({ currency, sign, env }) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ ...env, SMTP_URL: smtp.url, WEB_DIST_DIR: webBuild() });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('tells every screen the currency in index.html', async () => {
    for (const url of ['/', '/cart']) {
      const res = await t.app.inject(url);
      expect(res.body, url).toContain(`<meta name="shop-currency" content="${currency}">`);
    }
  });

  it('keeps it with the order and shows it in the receipt and the sent notice', async () => {
    const buyer = await createSignedInUser(t.database.db);
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const lamp = await createProduct(t.database.db, { name: 'Desk lamp', price: '19.99' });
    const placed = await placeOrder(t.app, buyer.headers, [{ product: lamp, qty: 2 }]);
    expect(placed).toMatchObject({ currency, totalPrice: 70.98 });
    const paid = await payOrder(t.app, buyer.headers, placed._id);
    expect(paid.statusCode, paid.body).toBe(200);
    const sent = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed._id}/sent`,
      headers: admin.headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.mailOutbox.runOnce();

    const mails = smtp.messages.filter((mail) => mail.to.includes(buyer.user.email));
    expect(mails).toHaveLength(2);
    const [receipt, notice] = mails.map((mail) => mailPart(mail, 'text/plain'));
    const line = `2 x Desk lamp at ${sign}19.99 = ${sign}39.98`;
    for (const text of [
      line,
      `Items: ${sign}39.98`,
      `Shipping (Standard, 3–5 business days): ${sign}25.00`,
      `Tax 15%: ${sign}6.00`,
      `Total paid: ${sign}70.98`,
    ]) {
      expect(receipt).toContain(text);
    }
    expect(notice).toContain(line);
    const receiptHtml = mailPart(mails[0]!, 'text/html');
    expect(receiptHtml).toContain(`${sign}70.98`);
    if (sign !== '$') {
      for (const text of [receipt, notice, receiptHtml]) expect(text).not.toContain('$');
    }
  });
});

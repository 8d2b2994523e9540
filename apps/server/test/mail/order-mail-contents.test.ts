// What the buyer's e-mails about an order show (issue #36): the sent notice lists what the parcel
// holds once lines were refunded, with the refund and the new total; the order is named by its
// number; pictures and the logo come from addresses mail clients may load (a PNG logo, answered
// with Cross-Origin-Resource-Policy: cross-origin).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMoney, toCents } from '@proshop/domain/money';
import type { Order } from '@proshop/domain/order-schemas';
import type { Refund } from '@proshop/domain/refund-schemas';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LOGO_SIZE, renderMailLogo } from '../../../../scripts/lib/mail-logo.mjs';
import { mailOutbox } from '../../src/db/schema.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const publicDir = fileURLToPath(new URL('../../../web/public/', import.meta.url));
const PUBLIC_URL = 'https://shop.example';

describe('the buyer’s e-mails about an order', () => {
  let t: TestApp;
  let web: string;
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    // A web build with a product picture and the e-mails' logo, as the real build has them.
    web = mkdtempSync(join(tmpdir(), 'proshop-web-'));
    mkdirSync(join(web, 'images'));
    writeFileSync(join(web, 'index.html'), '<title>__SHOP_NAME__</title>');
    writeFileSync(join(web, 'images', 'lamp.webp'), 'RIFF....WEBP');
    copyFileSync(join(publicDir, 'mail-logo.png'), join(web, 'mail-logo.png'));
    t = await createTestApp({ WEB_DIST_DIR: web, PUBLIC_URL });
    mkdirSync(t.config.uploadsDir, { recursive: true });
    writeFileSync(join(t.config.uploadsDir, 'a1b2.png'), 'png bytes');
    shopper = await createSignedInUser(t.database.db);
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  const db = () => t.database.db;
  const mailsAbout = async (subject: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.to, shopper.user.email))).filter(
      (mail) => mail.subject.includes(subject),
    );

  it('lists in the sent notice what the parcel holds after a refund with restock, the refund and the new total', async () => {
    const lamp = await createProduct(db(), { name: 'Brass lamp', price: '40.00', countInStock: 5 });
    const kettle = await createProduct(db(), { name: 'Tin kettle', price: '19.99' });
    const placed = await ordersApi.placeOrder(t.app, shopper.headers, [
      { product: lamp, qty: 2 },
      { product: kettle, qty: 1 },
    ]);
    const paid = await ordersApi.payOrder(t.app, shopper.headers, placed._id);
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json<Order>();
    const line = (name: string) => order.orderItems.find((item) => item.name === name)!._id;
    // The kettle and one of the two lamps go back to stock before the parcel leaves.
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/refunds`,
      headers: admin.headers,
      payload: {
        lines: [
          { orderItem: line('Tin kettle'), qty: 1 },
          { orderItem: line('Brass lamp'), qty: 1 },
        ],
        restock: true,
        reason: 'Out of stock in the warehouse',
      },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const refund = refunded.json<Refund>();
    expect(refund.status).toBe('completed');
    const sent = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/sent`,
      headers: admin.headers,
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const [notice, ...more] = await mailsAbout(`order #${order.orderNumber} has been sent`);
    expect(more).toHaveLength(0);
    const [parcel, notInIt] = notice!.text.split('Refunded, not in the parcel:');
    expect(parcel).toContain('1 x Brass lamp at $40.00 = $40.00');
    expect(parcel).not.toContain('2 x Brass lamp');
    expect(parcel).not.toContain('Tin kettle');
    expect(notInIt).toContain('1 x Tin kettle');
    expect(notInIt).toContain('1 x Brass lamp');
    const money = (cents: number) => formatMoney(cents, 'USD');
    const refundCents = toCents(refund.amount);
    expect(parcel).toContain(`Total: ${money(toCents(order.totalPrice))}`);
    expect(parcel).toContain(`Refunded: -${money(refundCents)}`);
    expect(parcel).toContain(`New total: ${money(toCents(order.totalPrice) - refundCents)}`);
    expect(notice!.html).toContain('New total');
    expect(notice!.html).not.toMatch(/Tin kettle<\/td>/);
  });

  it('names the order by its number, keeps its id in the link, and shows the PNG logo', async () => {
    const lamp = await createProduct(db(), { price: '12.00', image: '/images/lamp.webp' });
    const placed = await ordersApi.placeOrder(t.app, shopper.headers, [{ product: lamp, qty: 1 }]);
    expect((await ordersApi.payOrder(t.app, shopper.headers, placed._id)).statusCode).toBe(200);
    const [receipt] = await mailsAbout(`receipt for order #${placed.orderNumber}`);
    expect(receipt!.subject).toBe(`ProShop: receipt for order #${placed.orderNumber}`);
    expect(receipt!.subject).not.toContain(placed._id);
    expect(receipt!.text).toContain(`Thank you for your order #${placed.orderNumber}.`);
    expect(receipt!.text).toContain(`${PUBLIC_URL}/order/${placed._id}`);
    expect(receipt!.html).toContain(`src="${PUBLIC_URL}/mail-logo.png"`);
    expect(receipt!.html).toContain(`src="${PUBLIC_URL}/images/lamp.webp"`);
    expect(receipt!.html).not.toMatch(/src="[^"]*\.svg"/);
  });

  it('answers the pictures e-mails show with Cross-Origin-Resource-Policy: cross-origin, every other answer same-origin', async () => {
    for (const url of ['/uploads/a1b2.png', '/images/lamp.webp', '/mail-logo.png']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      // The rest of the security headers stay as they are.
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
    expect((await t.app.inject('/mail-logo.png')).headers['content-type']).toBe('image/png');
    for (const url of ['/', '/api/products', '/order/x', '/uploads-not/a1b2.png', '/api/images']) {
      const res = await t.app.inject(url);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('the logo is the shop’s own icon (favicon.svg) drawn as a PNG by scripts/lib/mail-logo.mjs', async () => {
    const committed = readFileSync(join(publicDir, 'mail-logo.png'));
    const { width, height, format } = await sharp(committed).metadata();
    expect({ width, height, format }).toEqual({
      width: MAIL_LOGO_SIZE,
      height: MAIL_LOGO_SIZE,
      format: 'png',
    });
    // Pixel by pixel against the icon drawn now: `npm run mail-logo` after changing the icon.
    const drawn = await renderMailLogo(readFileSync(join(publicDir, 'favicon.svg')));
    const pixels = async (png: Buffer) =>
      (await sharp(png).ensureAlpha().raw().toBuffer()).values();
    const a = [...(await pixels(committed))];
    const b = [...(await pixels(drawn))];
    expect(a).toHaveLength(b.length);
    expect(Math.max(...a.map((value, index) => Math.abs(value - b[index]!)))).toBeLessThanOrEqual(
      2,
    );
  });
});

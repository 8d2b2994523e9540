// Low stock (issue #19): a product's own threshold on the admin's edit, the one e-mail to the
// shop when a sale takes a variant to or below it (however many payments run at once), and the
// admin list that shows only what runs low.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import {
  createProduct,
  createProductWithVariants,
  createSignedInUser,
} from '../helpers/factories.ts';
import * as ordersApi from '../helpers/orders.ts';
import { countStatuses, releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

const SHOP_EMAIL = 'stockroom@example.test';

type Headers = Record<string, string>;
type User = Awaited<ReturnType<typeof createSignedInUser>>;

/** The low-stock e-mails the shop was sent (queued in the outbox), oldest first. */
const lowStockMails = (t: TestApp) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, SHOP_EMAIL), like(mailOutbox.subject, '%Low stock%')))
    .orderBy(mailOutbox.createdAt);

/** Places and pays an order of these lines as a new buyer; answers the payment's response. */
async function buy(t: TestApp, lines: ordersApi.OrderLine[]) {
  const buyer = await createSignedInUser(t.database.db);
  const order = await ordersApi.placeOrder(t.app, buyer.headers, lines);
  const res = await ordersApi.payOrder(t.app, buyer.headers, order._id);
  expect(res.statusCode, res.body).toBe(200);
}

describe(`low stock (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: User;
  let shopper: User;

  beforeAll(async () => {
    t = await createTestApp({ SHOP_EMAIL, LOW_STOCK_THRESHOLD: '5' });
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
    shopper = await createSignedInUser(t.database.db);
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;

  /** The spec's edit form, with the threshold when given. */
  const edit = (id: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.headers,
      payload: {
        name: 'Desk Lamp',
        price: 10,
        image: '/images/sample.webp',
        brand: 'Brightly',
        category: 'Lighting',
        countInStock: 12,
        description: 'A lamp.',
        ...extra,
      },
    });
  const lowStockOf = async (id: string, headers: Headers = admin.headers) =>
    t.app.inject({ url: `/api/products/${id}/low-stock`, headers });

  describe('the threshold on the edit form', () => {
    it('is set, kept by a form that leaves it out (the spec’s), and given back to the shop with null', async () => {
      const product = await createProduct(db());
      const set = await edit(product.id, { lowStockThreshold: 3 });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toMatchObject({ lowStockThreshold: 3, lowStock: false });
      expect((await lowStockOf(product.id)).json()).toEqual({
        lowStockThreshold: 3,
        shopLowStockThreshold: 5,
        lowStock: false,
      });

      const spec = await edit(product.id, { countInStock: 2 });
      expect(spec.statusCode, spec.body).toBe(200);
      expect(spec.json()).toMatchObject({ lowStockThreshold: 3, lowStock: true });

      const shopDefault = await edit(product.id, { lowStockThreshold: null, countInStock: 6 });
      expect(shopDefault.json()).toMatchObject({ lowStockThreshold: null, lowStock: false });
      expect((await lowStockOf(product.id)).json()).toMatchObject({ lowStockThreshold: null });
    });

    it('refuses a threshold that is not a whole number from 0, naming the field', async () => {
      const product = await createProduct(db());
      for (const bad of [-1, 2.5, 'five', 100_001]) {
        const res = await edit(product.id, { lowStockThreshold: bad });
        expect(res.statusCode, String(bad)).toBe(400);
        expect(res.json<{ message: string }>().message).toMatch(/low ?stock/i);
      }
    });

    it('is the admin’s: the storefront’s answers leave it out, and only an admin reads it', async () => {
      const product = await createProduct(db(), { lowStockThreshold: 4 });
      const detail = (await t.app.inject(`/api/products/${product.id}`)).json<object>();
      expect(detail).not.toHaveProperty('lowStockThreshold');
      expect((await lowStockOf(product.id, {})).statusCode).toBe(401);
      expect((await lowStockOf(product.id, shopper.headers)).statusCode).toBe(403);
      expect((await lowStockOf('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });
  });

  describe('the e-mail to the shop', () => {
    it('is sent once, by the one payment of many released together that crosses the threshold', async () => {
      const product = await createProduct(db(), { name: 'Crossing Lamp', countInStock: 9 });
      const buyers = await Promise.all(Array.from({ length: 8 }, () => createSignedInUser(db())));
      const started = await Promise.all(
        buyers.map(async (buyer) => {
          const order = await ordersApi.placeOrder(t.app, buyer.headers, [{ product, qty: 1 }]);
          const res = await ordersApi.startPayment(t.app, buyer.headers, order._id);
          expect(res.statusCode, res.body).toBe(200);
          return {
            buyer,
            orderId: order._id,
            providerOrderId: res.json<{ providerOrderId: string }>().providerOrderId,
          };
        }),
      );
      const before = (await lowStockMails(t)).length;
      const answers = await releaseTogether(
        t.app,
        started.map(({ buyer, orderId, providerOrderId }) => ({
          method: 'PUT' as const,
          url: `/api/orders/${orderId}/pay`,
          headers: buyer.headers,
          payload: { providerOrderId },
        })),
      );
      expect(countStatuses(answers)).toEqual({ 200: 8 });
      expect(await ordersApi.stockOf(db(), product.id)).toBe(1);
      // 9 → 1 units: the sale from 6 to 5 crossed; those to 4, 3, 2 and 1 were already low.
      const mails = (await lowStockMails(t)).slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('Low stock: Crossing Lamp');
      expect(mails[0]!.text).toContain('5 left (low at 5)');
      expect(mails[0]!.text).toContain(`/admin/product/${product.id}/edit`);
    });

    it('lists every variant one sale took low, in one e-mail, and none it left above or found low already', async () => {
      const { product: shirt, variants } = await createProductWithVariants(
        db(),
        [{ name: 'Size', values: ['S', 'M', 'L'] }],
        [
          { sku: 'LOW-S', options: { Size: 'S' }, countInStock: 4 },
          { sku: 'LOW-M', options: { Size: 'M' }, countInStock: 3 },
          { sku: 'LOW-L', options: { Size: 'L' }, countInStock: 20 },
        ],
        { name: 'Layer Shirt', price: '20.00', lowStockThreshold: 2 },
      );
      const [small, medium, large] = variants;
      const lamp = await createProduct(db(), { name: 'Second Lamp', countInStock: 7 });
      const before = (await lowStockMails(t)).length;
      await buy(t, [
        { product: shirt, variant: small!, qty: 2 }, // 4 → 2: at its own threshold of 2
        { product: shirt, variant: medium!, qty: 1 }, // 3 → 2: crosses too
        { product: shirt, variant: large!, qty: 1 }, // 20 → 19: not low
        { product: lamp, qty: 2 }, // 7 → 5: the shop's threshold
      ]);
      const mails = (await lowStockMails(t)).slice(before);
      expect(mails).toHaveLength(1);
      const { subject, text, html } = mails[0]!;
      expect(subject).toContain('Low stock: 3 products are running out');
      expect(text).toContain('Layer Shirt — Size: S (SKU LOW-S): 2 left (low at 2)');
      expect(text).toContain('Layer Shirt — Size: M (SKU LOW-M): 2 left (low at 2)');
      expect(text).toMatch(/Second Lamp \(SKU P-[0-9A-F]+\): 5 left \(low at 5\)/);
      expect(text).not.toContain('LOW-L');
      expect(html).toContain(`/admin/product/${shirt.id}/edit`);

      // Sold again below the threshold: no new e-mail.
      await buy(t, [{ product: lamp, qty: 1 }]);
      expect(await lowStockMails(t)).toHaveLength(before + 1);
    });

    it('goes out again after a restock lifts the stock above the threshold and a sale takes it back', async () => {
      const product = await createProduct(db(), { name: 'Again Lamp', countInStock: 6 });
      const before = (await lowStockMails(t)).length;
      await buy(t, [{ product, qty: 1 }]);
      expect(await lowStockMails(t)).toHaveLength(before + 1);
      expect((await edit(product.id, { countInStock: 10 })).statusCode).toBe(200);
      await buy(t, [{ product, qty: 5 }]);
      expect(await lowStockMails(t)).toHaveLength(before + 2);
    });
  });

  describe('the admin list', () => {
    it('marks the products with a variant on offer low on stock, and shows only them when asked', async () => {
      // Its own list of products: the other tests' products would fill its pages.
      const own = await createTestApp({ LOW_STOCK_THRESHOLD: '5' });
      try {
        const ownAdmin = await createSignedInUser(own.database.db, { isAdmin: true });
        const ownDb = own.database.db;
        const plenty = await createProduct(ownDb, { name: 'Plenty', countInStock: 50 });
        const atShop = await createProduct(ownDb, { name: 'At shop level', countInStock: 5 });
        const ownHigh = await createProduct(ownDb, {
          name: 'Own high threshold',
          countInStock: 8,
          lowStockThreshold: 10,
        });
        const ownZero = await createProduct(ownDb, {
          name: 'Own zero threshold',
          countInStock: 3,
          lowStockThreshold: 0,
        });
        const { product: switchedOff } = await createProductWithVariants(
          ownDb,
          [{ name: 'Size', values: ['S', 'M'] }],
          [
            { options: { Size: 'S' }, countInStock: 40 },
            { options: { Size: 'M' }, countInStock: 1, active: false },
          ],
          { name: 'Low only where switched off' },
        );
        const { product: oneLow } = await createProductWithVariants(
          ownDb,
          [{ name: 'Size', values: ['S', 'M'] }],
          [
            { options: { Size: 'S' }, countInStock: 40 },
            { options: { Size: 'M' }, countInStock: 2 },
          ],
          { name: 'One variant low' },
        );
        const list = async (query: string) => {
          const res = await own.app.inject({
            url: `/api/products/admin${query}`,
            headers: ownAdmin.headers,
          });
          expect(res.statusCode, res.body).toBe(200);
          return res.json<{
            products: { _id: string; lowStock: boolean }[];
            pages: number;
            shopLowStockThreshold: number;
          }>();
        };
        const all = await list('');
        expect(all.shopLowStockThreshold).toBe(5);
        const marked = Object.fromEntries(all.products.map((p) => [p._id, p.lowStock]));
        expect(marked).toEqual({
          [plenty.id]: false,
          [atShop.id]: true,
          [ownHigh.id]: true,
          [ownZero.id]: false,
          [switchedOff.id]: false,
          [oneLow.id]: true,
        });
        const low = await list('?lowStock=1');
        expect(low.products.map((p) => p._id).sort()).toEqual(
          [atShop.id, ownHigh.id, oneLow.id].sort(),
        );
        expect(low.pages).toBe(1);
        expect((await list('?lowStock=0')).products).toHaveLength(6);

        const bad = await own.app.inject({
          url: '/api/products/admin?lowStock=yes',
          headers: ownAdmin.headers,
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json<{ message: string }>().message).toContain('lowStock must be 1');
      } finally {
        await own.close();
      }
    });

    it('is for admins only', async () => {
      expect((await t.app.inject('/api/products/admin')).statusCode).toBe(401);
      const res = await t.app.inject({ url: '/api/products/admin', headers: shopper.headers });
      expect(res.statusCode).toBe(403);
    });
  });
});

describe(`low stock without SHOP_EMAIL (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOW_STOCK_THRESHOLD: '5' });
  });
  afterAll(() => t?.close());

  it('sends no e-mail: only the buyer’s receipt is queued', async () => {
    const product = await createProduct(t.database.db, { countInStock: 6 });
    await buy(t, [{ product, qty: 3 }]);
    expect(await ordersApi.stockOf(t.database.db, product.id)).toBe(3);
    const queued = await t.database.db.select().from(mailOutbox);
    expect(queued.map((mail) => mail.subject)).toEqual([expect.stringContaining('receipt')]);
  });
});

// Drafts (issue #36): "Create Product" opens a draft that no shopper sees anywhere (lists, search,
// facets, the carousel, the product page, the category menu's counts, the sitemap, the cart, an
// order) until the admin saves it as active with a name of its own; the admin's list shows and
// filters the status.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

describe('product drafts', () => {
  let t: TestApp;
  let admin: User;
  let shopper: User;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
    shopper = await createSignedInUser(t.database.db);
  });
  afterAll(() => t.close());

  const create = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ _id: string }>()._id;
  };
  const save = (id: string, fields: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.headers,
      payload: {
        name: 'Sample name',
        price: 0,
        image: '/images/sample.webp',
        brand: 'Sample brand',
        category: 'Sample category',
        countInStock: 3,
        description: 'Sample description',
        ...fields,
      },
    });
  const ids = async (url: string) =>
    (await t.app.inject(url))
      .json<{ products: { _id: string }[] }>()
      .products.map((product) => product._id);
  const sitemap = async () => {
    const res = await t.app.inject({
      url: '/sitemaps/1.xml',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    return gunzipSync(res.rawPayload).toString();
  };
  const categoryCount = async (name: string) =>
    (await t.app.inject('/api/categories'))
      .json<{ name: string; productCount: number }[]>()
      .find((category) => category.name === name)?.productCount;

  it('a new product is a draft that no shopper sees anywhere, the admin does', async () => {
    const id = await create();
    const named = await save(id, {
      name: 'Hidden Heron Lamp',
      price: 12,
      category: 'Heron Lights',
    });
    expect(named.statusCode, named.body).toBe(200);
    // Saved without a status: it stays a draft.
    expect(named.json()).toMatchObject({ status: 'draft', name: 'Hidden Heron Lamp' });

    expect((await t.app.inject(`/api/products/${id}`)).statusCode).toBe(404);
    expect(await ids('/api/products?keyword=heron')).toEqual([]);
    expect(await ids('/api/products')).not.toContain(id);
    const top = (await t.app.inject('/api/products/top')).json<{ _id: string }[]>();
    expect(top.map((product) => product._id)).not.toContain(id);
    const facets = (await t.app.inject('/api/products?keyword=lamp')).json<{
      facets: { categories: { name: string }[] };
    }>().facets;
    expect(facets.categories.map((category) => category.name)).not.toContain('Heron Lights');
    // The menu leaves out a category whose products are all drafts (it counts none).
    expect(await categoryCount('Heron Lights')).toBe(0);
    expect(await sitemap()).not.toContain(id);
    expect((await t.app.inject(`/product/${id}`)).statusCode).toBe(404);

    const cart = await t.app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: shopper.headers,
      payload: { cartItems: [{ product: id, qty: 1 }] },
    });
    // A draft cannot go into a cart: it reads as a product that does not exist.
    expect(cart.statusCode, cart.body).toBe(404);
    expect(cart.json<{ message: string }>().message).toMatch(/^Product not found/);

    const adminDetail = await t.app.inject({
      url: `/api/products/${id}/admin`,
      headers: admin.headers,
    });
    expect(adminDetail.statusCode).toBe(200);
    expect(adminDetail.json()).toMatchObject({ name: 'Hidden Heron Lamp', status: 'draft' });
    const shopperRead = await t.app.inject({
      url: `/api/products/${id}/admin`,
      headers: shopper.headers,
    });
    expect(shopperRead.statusCode).toBe(403);
  });

  it('becomes active only with a name of its own, then shoppers see it everywhere', async () => {
    const id = await create();
    const refused = await save(id, { status: 'active', price: 5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/name of its own/);
    expect((await t.app.inject(`/api/products/${id}`)).statusCode).toBe(404);

    const made = await save(id, {
      name: 'Visible Egret Lamp',
      price: 24.5,
      category: 'Egret Lights',
      status: 'active',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ status: 'active' });
    expect((await t.app.inject(`/api/products/${id}`)).statusCode).toBe(200);
    expect(await ids('/api/products?keyword=egret')).toEqual([id]);
    expect(await categoryCount('Egret Lights')).toBe(1);
    expect(await sitemap()).toContain(`https://shop.example/product/${id}`);

    // Back to a draft: gone from the shop again.
    const hidden = await save(id, { name: 'Visible Egret Lamp', price: 24.5, status: 'draft' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await ids('/api/products?keyword=egret')).toEqual([]);
    expect(await categoryCount('Egret Lights')).toBe(0);
  });

  it("the admin's list shows each product's status and filters by it", async () => {
    const draft = await create();
    const active = await create();
    expect((await save(active, { name: 'Listed Ibis Lamp', status: 'active' })).statusCode).toBe(
      200,
    );
    const list = async (query: string) =>
      (await t.app.inject({ url: `/api/products/admin${query}`, headers: admin.headers })).json<{
        products: { _id: string; status: string }[];
      }>().products;
    const all = await list('?pageNumber=1');
    expect(all.find((product) => product._id === draft)?.status).toBe('draft');
    expect(all.find((product) => product._id === active)?.status).toBe('active');
    const drafts = await list('?status=draft');
    expect(drafts.every((product) => product.status === 'draft')).toBe(true);
    expect(drafts.map((product) => product._id)).toContain(draft);
    expect(drafts.map((product) => product._id)).not.toContain(active);
    const actives = await list('?status=active');
    expect(actives.map((product) => product._id)).toContain(active);
    expect(actives.map((product) => product._id)).not.toContain(draft);
    const bad = await t.app.inject({
      url: '/api/products/admin?status=live',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

// A product's tax class and its variants' weights (issue #38): the admin's detail answers them,
// the product's update and the variants' table set them, the storefront leaves them out.
import type { AdminProductDetail } from '@proshop/domain/product-admin-schemas';
import { DEFAULT_PRICING_RULES } from '@proshop/domain/prices';
import { SHIPPING_MESSAGES, type TaxClass } from '@proshop/domain/shipping-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../src/db/schema.ts';
import {
  createProduct,
  createProductWithVariants,
  createSignedInUser,
} from '../helpers/factories.ts';
import { multipartForm } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const STANDARD_CLASS = DEFAULT_PRICING_RULES.taxClasses[0]!.id;

describe('tax class and weights of products', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let reduced: TaxClass;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createSignedInUser(t.database.db, { isAdmin: true })).headers;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tax-classes',
      headers: admin,
      payload: { name: 'Reduced' },
    });
    reduced = res.json<TaxClass>();
  });
  afterAll(() => t?.close());

  const detail = async (id: string) => {
    const res = await t.app.inject({ url: `/api/products/${id}/admin`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminProductDetail>();
  };

  /** The spec's edit form's body for this product, with extra fields. */
  const formBody = (
    product: { name: string; price: string; image: string },
    extra: object = {},
  ) => ({
    name: product.name,
    price: Number(product.price),
    image: product.image,
    brand: 'Testbrand',
    category: 'Testing',
    countInStock: 5,
    description: 'A product made by a test.',
    ...extra,
  });

  const update = (id: string, body: object) =>
    t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: admin, payload: body });

  it('sets, keeps and clears the tax class, refusing one that does not exist', async () => {
    const book = await createProduct(t.database.db, { name: 'A book' });
    expect(await detail(book.id)).toMatchObject({ taxClass: null });

    const set = await update(book.id, formBody(book, { taxClass: reduced._id.toUpperCase() }));
    expect(set.statusCode, set.body).toBe(200);
    expect(await detail(book.id)).toMatchObject({ taxClass: reduced._id });
    const listed = await t.app.inject({ url: '/api/admin/shipping', headers: admin });
    expect(listed.json().taxClasses.find((c: TaxClass) => c._id === reduced._id).productCount).toBe(
      1,
    );

    // The spec's form leaves it out: the class stays.
    expect((await update(book.id, formBody(book))).statusCode).toBe(200);
    expect(await detail(book.id)).toMatchObject({ taxClass: reduced._id });

    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'books']) {
      const res = await update(book.id, formBody(book, { taxClass: unknown }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: SHIPPING_MESSAGES.taxClassNotFound });
    }
    expect(await detail(book.id)).toMatchObject({ taxClass: reduced._id });

    expect((await update(book.id, formBody(book, { taxClass: STANDARD_CLASS }))).statusCode).toBe(
      200,
    );
    expect(await detail(book.id)).toMatchObject({ taxClass: STANDARD_CLASS });
    expect((await update(book.id, formBody(book, { taxClass: null }))).statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ taxClassId: products.taxClassId })
      .from(products)
      .where(eq(products.id, book.id));
    expect(row!.taxClassId).toBeNull();

    // The storefront does not show it.
    const shop = await t.app.inject({ url: `/api/products/${book.id}` });
    expect(shop.json()).not.toHaveProperty('taxClass');
  });

  it('sets and keeps the variants’ weights, refusing a negative one', async () => {
    const { product, variants } = await createProductWithVariants(
      t.database.db,
      [{ name: 'Size', values: ['S', 'L'] }],
      [{ options: { Size: 'S' } }, { options: { Size: 'L' } }],
    );
    expect(
      (await detail(product.id)).variants.map((v: { weightGrams: unknown }) => v.weightGrams),
    ).toEqual([null, null]);
    const table = (weights: (number | null | undefined)[]) => ({
      options: [{ name: 'Size', values: ['S', 'L'] }],
      variants: variants.map((variant, index) => ({
        _id: variant.id,
        sku: variant.sku,
        options: variant.options,
        price: null,
        countInStock: 5,
        image: null,
        active: true,
        ...(weights[index] === undefined ? {} : { weightGrams: weights[index] }),
      })),
    });
    const save = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}/variants`,
        headers: admin,
        payload: body,
      });

    const saved = await save(table([250, 1200]));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().variants.map((v: { weightGrams: unknown }) => v.weightGrams)).toEqual([
      250, 1200,
    ]);
    // Left out (a table without the column): kept; null: weighs nothing.
    const kept = await save(table([undefined, null]));
    expect(kept.json().variants.map((v: { weightGrams: unknown }) => v.weightGrams)).toEqual([
      250,
      null,
    ]);
    const negative = await save(table([-1, 0]));
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toEqual({ message: 'Weight must be 0 or more' });
    const fraction = await save(table([1.5, 0]));
    expect(fraction.json()).toEqual({ message: 'Weight is in whole grams' });

    const stored = await t.database.db
      .select({ weightGrams: productVariants.weightGrams })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(productVariants.position);
    expect(stored.map((row) => row.weightGrams)).toEqual([250, null]);

    // A new variant without a weight weighs nothing; the storefront does not show weights.
    const shop = await t.app.inject({ url: `/api/products/${product.id}` });
    expect(shop.json().variants[0]).not.toHaveProperty('weightGrams');
  });

  it('keeps the class and the weights through a CSV import, which has no columns for them', async () => {
    const { product, variants } = await createProductWithVariants(
      t.database.db,
      [{ name: 'Size', values: ['S', 'L'] }],
      [{ options: { Size: 'S' } }, { options: { Size: 'L' } }],
      { name: 'Weighed shirt', taxClassId: reduced._id },
    );
    await t.database.db
      .update(productVariants)
      .set({ weightGrams: 300 })
      .where(eq(productVariants.id, variants[0]!.id));
    const exported = await t.app.inject({ url: '/api/products/export.csv', headers: admin });
    const form = multipartForm([
      {
        name: 'file',
        filename: 'products.csv',
        contentType: 'text/csv',
        data: Buffer.from(exported.body.replace('Weighed shirt', 'Weighed shirt renamed')),
      },
      { name: 'dryRun', value: 'false' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload: form.payload,
      headers: { ...admin, ...form.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await detail(product.id);
    expect(after).toMatchObject({ name: 'Weighed shirt renamed', taxClass: reduced._id });
    expect(after.variants.map((variant) => variant.weightGrams)).toEqual([300, null]);
  });
});

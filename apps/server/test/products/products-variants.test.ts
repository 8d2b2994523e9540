import { randomUUID } from 'node:crypto';
import type {
  ProductDetail,
  ProductListResponse,
  ProductVariant,
} from '@proshop/domain/product-schemas';
import type { VariantsUpdateRequest } from '@proshop/domain/variant-schemas';
import { defaultSku } from '@proshop/domain/variants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../src/db/schema.ts';
import { productPageRows } from '../../src/modules/products/repository.ts';
import {
  createProduct,
  createProductWithVariants,
  createSignedInUser,
} from '../helpers/factories.ts';
import { planOf } from '../helpers/query-plan.ts';
import { countStatuses, releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type Headers = Record<string, string>;
type VariantInput = VariantsUpdateRequest['variants'][number];

const PICTURES = [
  '/uploads/shirt-front.webp',
  '/uploads/shirt-back.webp',
  '/uploads/shirt-red.webp',
];
const OPTIONS = [
  { name: 'Size', values: ['S', 'M', 'L'] },
  { name: 'Colour', values: ['Blue', 'Red'] },
];

const variant = (
  sku: string,
  options: Record<string, string>,
  rest: Partial<VariantInput> = {},
): VariantInput => ({
  sku,
  options,
  price: null,
  countInStock: 4,
  image: null,
  active: true,
  ...rest,
});

/** The five variants of the shirt: L in Red is not made. */
const fiveVariants = (prefix: string): VariantInput[] => [
  variant(`${prefix}-S-BLU`, { Size: 'S', Colour: 'Blue' }, { countInStock: 3 }),
  variant(`${prefix}-M-BLU`, { Size: 'M', Colour: 'Blue' }, { countInStock: 0 }),
  variant(`${prefix}-L-BLU`, { Size: 'L', Colour: 'Blue' }, { price: 24.5, countInStock: 2 }),
  variant(
    `${prefix}-S-RED`,
    { Size: 'S', Colour: 'Red' },
    { image: PICTURES[2]!, price: 18, countInStock: 6 },
  ),
  variant(
    `${prefix}-M-RED`,
    { Size: 'M', Colour: 'Red' },
    { image: PICTURES[2]!, countInStock: 1 },
  ),
];

/** The edit form a variant's request resends as it was answered. */
const asInput = ({ _id, sku, options, price, countInStock, image, active }: ProductVariant) => ({
  _id,
  sku,
  options,
  price,
  countInStock,
  image,
  active,
});

describe('PUT /api/products/{id}/variants', () => {
  let t: TestApp;
  let admin: { headers: Headers };
  let otherAdmin: { headers: Headers };
  let customer: { headers: Headers };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
    otherAdmin = await createSignedInUser(t.database.db, { isAdmin: true });
    customer = await createSignedInUser(t.database.db);
  });
  afterAll(() => t.close());

  const putVariants = (id: string, payload: object, headers: Headers = admin.headers) =>
    t.app.inject({ method: 'PUT', url: `/api/products/${id}/variants`, headers, payload });
  const detail = async (id: string) => {
    const res = await t.app.inject(`/api/products/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductDetail>();
  };
  /** The product page as the admin's answer has it: an active product's, without a class or weights. */
  const asAdminAnswer = (page: ProductDetail) => ({
    ...page,
    status: 'active',
    taxClass: null,
    variants: page.variants.map((variant) => ({ ...variant, weightGrams: null })),
  });
  const shirt = (overrides: Parameters<typeof createProduct>[1] = {}) =>
    createProduct(t.database.db, {
      name: 'Trail Shirt',
      price: '20.00',
      images: PICTURES,
      countInStock: 9,
      ...overrides,
    });
  const storedVariants = (productId: string) =>
    t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(productVariants.position);

  describe('saving options and variants', () => {
    it('gives a simple product 2 options and 5 variants, answering the product page', async () => {
      const product = await shirt();
      const [implicit] = await storedVariants(product.id);
      expect(implicit).toMatchObject({ options: {}, sku: defaultSku(product.id), countInStock: 9 });

      const res = await putVariants(product.id, {
        options: OPTIONS,
        variants: fiveVariants('TS1'),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<ProductDetail>();
      expect(body).toMatchObject({
        _id: product.id,
        name: 'Trail Shirt',
        price: 20,
        reviews: [],
        options: OPTIONS,
        // 3 + 0 + 2 + 6 + 1 in stock; from 18 (S Red) to 24.50 (L Blue), the rest at 20.
        countInStock: 12,
        minPrice: 18,
        maxPrice: 24.5,
        variantCount: 5,
      });
      expect(body.variants.map(({ _id: _, ...rest }) => rest)).toEqual(
        fiveVariants('TS1').map((input) => ({ ...input, weightGrams: null })),
      );
      // The implicit variant is gone: it was left out.
      expect(body.variants.map((v) => v._id)).not.toContain(implicit!.id);
      // The admin's answer is the product page's, with the product's status, tax class and weights.
      expect(asAdminAnswer(await detail(product.id))).toEqual(body);
      expect((await storedVariants(product.id)).map((row) => row.position)).toEqual([
        0, 1, 2, 3, 4,
      ]);
    });

    it('keeps variants by id through a rename of a value, swaps SKUs, deletes one and switches one off', async () => {
      const product = await shirt();
      const first = (
        await putVariants(product.id, { options: OPTIONS, variants: fiveVariants('TS2') })
      ).json<ProductDetail>();
      const [sBlue, mBlue, lBlue, sRed, mRed] = first.variants.map(asInput);

      // Read once, so that the page's answer is cached: the save must drop it.
      expect((await detail(product.id)).variants).toHaveLength(5);
      const renamed = [
        { name: 'Size', values: ['S', 'M', 'Large'] },
        { name: 'Colour', values: ['Blue', 'Red'] },
      ];
      const res = await putVariants(product.id, {
        options: renamed,
        variants: [
          // L becomes Large; S Blue and S Red trade SKUs; M Red is left out; M Blue is off.
          { ...lBlue!, options: { Size: 'Large', Colour: 'Blue' } },
          { ...sBlue!, sku: sRed!.sku },
          { ...sRed!, sku: sBlue!.sku },
          { ...mBlue!, active: false, countInStock: 50 },
          variant('TS2-NEW', { Size: 'Large', Colour: 'Red' }, { countInStock: 7 }),
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<ProductDetail>();
      expect(body.options).toEqual(renamed);
      expect(body.variants.map((v) => [v._id, v.sku, v.options, v.active])).toEqual([
        [lBlue!._id, 'TS2-L-BLU', { Size: 'Large', Colour: 'Blue' }, true],
        [sBlue!._id, 'TS2-S-RED', { Size: 'S', Colour: 'Blue' }, true],
        [sRed!._id, 'TS2-S-BLU', { Size: 'S', Colour: 'Red' }, true],
        [mBlue!._id, 'TS2-M-BLU', { Size: 'M', Colour: 'Blue' }, false],
        [expect.any(String), 'TS2-NEW', { Size: 'Large', Colour: 'Red' }, true],
      ]);
      const stored = await storedVariants(product.id);
      expect(stored.map((row) => row.id)).not.toContain(mRed!._id);
      // The switched-off M Blue's 50 do not count: 2 + 3 + 6 + 7.
      expect(body).toMatchObject({
        countInStock: 18,
        variantCount: 5,
        minPrice: 18,
        maxPrice: 24.5,
      });
      // The admin's answer is the product page's, with the product's status, tax class and weights.
      expect(asAdminAnswer(await detail(product.id))).toEqual(body);
    });

    it('turns a product with options back into a simple one', async () => {
      const product = await shirt();
      await putVariants(product.id, { options: OPTIONS, variants: fiveVariants('TS3') });
      const res = await putVariants(product.id, {
        options: [],
        variants: [variant('TS3', {}, { countInStock: 11, price: 15 })],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        options: [],
        countInStock: 11,
        minPrice: 15,
        maxPrice: 15,
        price: 20,
        variantCount: 1,
        variants: [{ sku: 'TS3', options: {}, countInStock: 11 }],
      });
    });

    it('sums only variants on offer, and prices a product with none on offer at its own price', async () => {
      const product = await shirt({ name: 'Idle shirt', price: '30.00' });
      const variants = fiveVariants('TS4').map((input) => ({ ...input, active: false }));
      const res = await putVariants(product.id, { options: OPTIONS, variants });
      expect(res.json()).toMatchObject({
        countInStock: 0,
        minPrice: 30,
        maxPrice: 30,
        variantCount: 5,
      });
      const list = await t.app.inject('/api/products?keyword=idle');
      const listed = list.json<ProductListResponse>().products.find((p) => p._id === product.id);
      expect(listed).toMatchObject({
        countInStock: 0,
        minPrice: 30,
        maxPrice: 30,
        variantCount: 5,
      });
    });
  });

  describe('refusals', () => {
    it('refuses broken sets with 400 and a message, changing nothing', async () => {
      const product = await shirt();
      const other = await createProductWithVariants(t.database.db, OPTIONS, [
        { options: { Size: 'S', Colour: 'Blue' } },
      ]);
      const good = fiveVariants('TS5');
      const cases: [object, RegExp][] = [
        [{ options: OPTIONS, variants: [] }, /at least one variant/],
        [
          { options: [...OPTIONS, { name: 'Fit', values: ['a'] }, { name: 'Cut', values: ['b'] }] },
          /./,
        ],
        [
          {
            options: [
              ...OPTIONS,
              { name: 'Fit', values: ['Slim'] },
              { name: 'Cut', values: ['Long'] },
            ],
            variants: good,
          },
          /at most 3 options/,
        ],
        [{ options: [], variants: [variant('A1', {}), variant('A2', {})] }, /exactly one variant/],
        [{ options: OPTIONS, variants: [variant('A1', { Size: 'S' })] }, /A1: choose a Colour/],
        [
          { options: OPTIONS, variants: [variant('A1', { Size: 'XL', Colour: 'Red' })] },
          /A1: XL is not a value of Size/,
        ],
        [
          { options: OPTIONS, variants: [variant('A1', { Size: 'S', Colour: 'Red', Fit: 'x' })] },
          /A1: the product has no option Fit/,
        ],
        [
          {
            options: [{ name: 'Size', values: ['M', 'm'] }],
            variants: [variant('A1', { Size: 'M' })],
          },
          /Size: m is listed twice/,
        ],
        [
          {
            options: [{ name: 'Si:ze', values: ['M'] }],
            variants: [variant('A1', { 'Si:ze': 'M' })],
          },
          /must not contain : or ,/,
        ],
        [
          { options: OPTIONS, variants: [variant('has space', { Size: 'S', Colour: 'Red' })] },
          /SKU: letters, digits/,
        ],
        [
          {
            options: OPTIONS,
            variants: [variant('A1', { Size: 'S', Colour: 'Red' }, { countInStock: -1 })],
          },
          /Count in stock must be 0 or more/,
        ],
        [
          {
            options: OPTIONS,
            variants: [variant('A1', { Size: 'S', Colour: 'Red' }, { price: 1.005 })],
          },
          /at most 2 decimals/,
        ],
        [
          {
            options: OPTIONS,
            variants: [
              variant('A1', { Size: 'S', Colour: 'Red' }, { image: '/uploads/elsewhere.webp' }),
            ],
          },
          /A1: the picture must be one of the product's pictures/,
        ],
        [
          {
            options: OPTIONS,
            variants: [variant('A1', { Size: 'S', Colour: 'Red' }, { _id: randomUUID() })],
          },
          /A1: not a variant of this product/,
        ],
        [
          {
            options: OPTIONS,
            variants: [variant('A1', { Size: 'S', Colour: 'Red' }, { _id: other.variants[0]!.id })],
          },
          /A1: not a variant of this product/,
        ],
        [
          {
            options: OPTIONS,
            variants: [variant('A1', { Size: 'S', Colour: 'Red' }, { _id: 'not-an-id' })],
          },
          /A1: not a variant of this product/,
        ],
      ];
      const before = await detail(product.id);
      for (const [payload, message] of cases) {
        const res = await putVariants(product.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json<{ message: string }>().message, JSON.stringify(payload)).toMatch(message);
      }
      // One variant named twice.
      const [implicit] = before.variants;
      const twice = await putVariants(product.id, {
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          variant('B1', { Size: 'S' }, { _id: implicit!._id }),
          variant('B2', { Size: 'M' }, { _id: implicit!._id }),
        ],
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().message).toMatch(/B2: the variant is listed twice/);
      expect(await detail(product.id)).toEqual(before);
    });

    it('refuses a combination or a SKU named twice with 409, in any case', async () => {
      const product = await shirt();
      const combination = await putVariants(product.id, {
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [variant('C1', { Size: 'S' }), variant('C2', { Size: 'S' })],
      });
      expect(combination.statusCode).toBe(409);
      expect(combination.json()).toEqual({ message: 'The combination Size: S is listed twice' });
      const sku = await putVariants(product.id, {
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [variant('dup-1', { Size: 'S' }), variant('DUP-1', { Size: 'M' })],
      });
      expect(sku.statusCode).toBe(409);
      expect(sku.json()).toEqual({ message: 'SKU DUP-1 is used twice' });
    });

    it('refuses a SKU another product uses with 409 naming it, in any case', async () => {
      const taken = await createProductWithVariants(t.database.db, OPTIONS, [
        { sku: 'Taken-SKU-1', options: { Size: 'S', Colour: 'Blue' } },
      ]);
      const product = await shirt();
      const res = await putVariants(product.id, {
        options: OPTIONS,
        variants: [variant('taken-sku-1', { Size: 'M', Colour: 'Red' })],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'SKU taken-sku-1 is already used by another product' });
      // The product's own SKUs are no clash: saving its variants again as they are is fine.
      const again = await putVariants(taken.product.id, {
        options: OPTIONS,
        variants: [
          { ...variant('TAKEN-SKU-1', { Size: 'S', Colour: 'Blue' }), _id: taken.variants[0]!.id },
        ],
      });
      expect(again.statusCode, again.body).toBe(200);
    });

    it('lets exactly one of two admins saving the same new SKU on two products at once have it', async () => {
      const [one, two] = [await shirt(), await shirt()];
      const save = (id: string, headers: Headers) => ({
        method: 'PUT' as const,
        url: `/api/products/${id}/variants`,
        headers,
        payload: {
          options: [{ name: 'Size', values: ['S'] }],
          variants: [variant('RACE-1', { Size: 'S' })],
        },
      });
      const answers = await releaseTogether(t.app, [
        save(one.id, admin.headers),
        save(two.id, otherAdmin.headers),
      ]);
      expect(countStatuses(answers)).toEqual({ 200: 1, 409: 1 });
      const refused = answers.find((answer) => answer.statusCode === 409)!;
      expect(refused.json()).toEqual({ message: 'SKU RACE-1 is already used by another product' });
      const holders = await t.database.db
        .select({ productId: productVariants.productId })
        .from(productVariants)
        .where(sql`lower(${productVariants.sku}) = 'race-1'`);
      expect(holders).toHaveLength(1);
      // The refused product is unchanged: its one variant and no options.
      const loser = answers[0]!.statusCode === 409 ? one : two;
      expect(await detail(loser.id)).toMatchObject({
        options: [],
        variantCount: 1,
        countInStock: 9,
      });
    });

    it('answers 404 for an unknown or malformed id, 403 to a customer and 401 signed out', async () => {
      const body = { options: [], variants: [variant('Z1', {})] };
      for (const id of [randomUUID(), 'nope']) {
        const res = await putVariants(id, body);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ message: 'Product not found' });
      }
      const product = await shirt();
      expect((await putVariants(product.id, body, customer.headers)).statusCode).toBe(403);
      expect((await putVariants(product.id, body, {})).statusCode).toBe(401);
      expect((await detail(product.id)).variants[0]!.sku).toBe(defaultSku(product.id));
    });
  });

  describe('the edit form (PUT /api/products/{id}) and the variants', () => {
    const edit = (id: string, changes: object = {}) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/${id}`,
        headers: admin.headers,
        payload: {
          name: 'Trail Shirt',
          price: 20,
          images: PICTURES,
          brand: 'Trailco',
          category: 'Shirts',
          countInStock: 7,
          description: 'A light shirt.',
          ...changes,
        },
      });

    it("sets a simple product's stock in its one variant", async () => {
      const product = await shirt();
      const res = await edit(product.id, { countInStock: 7 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ countInStock: 7, minPrice: 20, maxPrice: 20 });
      const [only, ...none] = await storedVariants(product.id);
      expect(none).toEqual([]);
      expect(only).toMatchObject({ options: {}, countInStock: 7 });
    });

    it('makes the one variant of a simple product that somehow has none', async () => {
      const product = await shirt();
      await t.database.db.delete(productVariants).where(eq(productVariants.productId, product.id));
      const res = await edit(product.id, { countInStock: 4 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ countInStock: 4, variantCount: 1 });
      expect(await storedVariants(product.id)).toEqual([
        expect.objectContaining({ sku: defaultSku(product.id), countInStock: 4 }),
      ]);
    });

    it("ignores the stock field of a product with options, and moves its prices with the product's", async () => {
      const product = await shirt();
      await putVariants(product.id, { options: OPTIONS, variants: fiveVariants('TS6') });
      const res = await edit(product.id, { countInStock: 99, price: 10 });
      expect(res.statusCode, res.body).toBe(200);
      // The variants without a price of their own now sell at 10; 18 and 24.50 stay.
      expect(res.json()).toMatchObject({
        price: 10,
        countInStock: 12,
        minPrice: 10,
        maxPrice: 24.5,
      });
      expect((await storedVariants(product.id)).map((row) => row.countInStock)).toEqual([
        3, 0, 2, 6, 1,
      ]);
      const up = await edit(product.id, { price: 30 });
      expect(up.json()).toMatchObject({ minPrice: 18, maxPrice: 30 });
    });

    it('shows the main picture on variants whose picture the edit dropped', async () => {
      const product = await shirt();
      await putVariants(product.id, { options: OPTIONS, variants: fiveVariants('TS7') });
      const res = await edit(product.id, { images: PICTURES.slice(0, 2) });
      expect(res.statusCode, res.body).toBe(200);
      expect((await detail(product.id)).variants.map((v) => v.image)).toEqual([
        null,
        null,
        null,
        null,
        null,
      ]);
    });

    it('keeps the pictures variants still show', async () => {
      const product = await shirt();
      await putVariants(product.id, { options: OPTIONS, variants: fiveVariants('TS8') });
      await edit(product.id, { images: [PICTURES[2], PICTURES[0]] });
      expect((await detail(product.id)).variants.map((v) => v.image)).toEqual([
        null,
        null,
        null,
        PICTURES[2],
        PICTURES[2],
      ]);
    });
  });

  describe('creating and deleting', () => {
    it('gives a new sample product its one variant', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(201);
      const created = res.json<{ _id: string }>();
      expect(res.json()).toMatchObject({
        countInStock: 0,
        minPrice: 0,
        maxPrice: 0,
        variantCount: 1,
      });
      // A draft: read as its edit screen reads it.
      const adminDetail = await t.app.inject({
        url: `/api/products/${created._id}/admin`,
        headers: admin.headers,
      });
      expect(adminDetail.json()).toMatchObject({
        options: [],
        variants: [
          {
            sku: defaultSku(created._id),
            options: {},
            price: null,
            countInStock: 0,
            image: null,
            active: true,
          },
        ],
      });
    });

    it("deletes a product's variants with it", async () => {
      const product = await shirt();
      await putVariants(product.id, { options: OPTIONS, variants: fiveVariants('TS9') });
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/products/${product.id}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(await storedVariants(product.id)).toEqual([]);
      // Its SKUs are free again.
      const next = await shirt();
      const reuse = await putVariants(next.id, { options: OPTIONS, variants: fiveVariants('TS9') });
      expect(reuse.statusCode, reuse.body).toBe(200);
    });
  });
});

describe('GET /api/products: filters and facets by variant', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const sizes = { name: 'Size', values: ['S', 'M', 'L'] };
    const colours = { name: 'Colour', values: ['Blue', 'Red'] };
    const common = { category: 'Shirts', brand: 'Trailco' };
    // Prices 10 to 40; only M Blue in stock.
    ids.shirt = (
      await createProductWithVariants(
        db,
        [sizes, colours],
        [
          { options: { Size: 'S', Colour: 'Blue' }, price: '10.00', countInStock: 0 },
          { options: { Size: 'M', Colour: 'Blue' }, price: '25.00', countInStock: 3 },
          { options: { Size: 'L', Colour: 'Red' }, price: '40.00', countInStock: 0 },
        ],
        { ...common, name: 'Shirt', price: '25.00' },
      )
    ).product.id;
    // One price (the product's) for every variant; L Red in stock but switched off.
    ids.tee = (
      await createProductWithVariants(
        db,
        [sizes, colours],
        [
          { options: { Size: 'S', Colour: 'Red' }, countInStock: 2 },
          { options: { Size: 'L', Colour: 'Red' }, countInStock: 5, active: false },
        ],
        { ...common, name: 'Tee', price: '15.00' },
      )
    ).product.id;
    // Sizes only, no S made.
    ids.shorts = (
      await createProductWithVariants(
        db,
        [sizes],
        [
          { options: { Size: 'L' }, countInStock: 1 },
          { options: { Size: 'M' }, countInStock: 1 },
        ],
        { ...common, name: 'Shorts', price: '30.00' },
      )
    ).product.id;
    ids.cap = (
      await createProduct(db, { ...common, name: 'Cap', price: '12.00', countInStock: 4 })
    ).id;
  });
  afterAll(() => t.close());

  const names = async (query: string) => {
    const res = await t.app.inject(`/api/products?${query}&sort=price-asc`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductListResponse>().products.map((p) => p.name);
  };
  const facets = async (query: string) => {
    const res = await t.app.inject(`/api/products?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductListResponse>().facets;
  };

  it('finds a product by any variant on offer within the price bounds', async () => {
    // Shirt sells from 10 to 40 but has nothing between 26 and 39.
    expect(await names('minPrice=26&maxPrice=39')).toEqual(['Shorts']);
    expect(await names('minPrice=35')).toEqual(['Shirt']);
    expect(await names('maxPrice=11')).toEqual(['Shirt']);
    expect(await names('minPrice=12&maxPrice=15')).toEqual(['Cap', 'Tee']);
  });

  it('sorts by the lowest price a variant on offer sells at', async () => {
    expect(await names('')).toEqual(['Shirt', 'Cap', 'Tee', 'Shorts']);
    const res = await t.app.inject('/api/products?sort=price-desc');
    expect(res.json<ProductListResponse>().products.map((p) => p.name)).toEqual([
      'Shorts',
      'Tee',
      'Cap',
      'Shirt',
    ]);
  });

  it('reads a page sorted by price from products_min_price_idx', async () => {
    for (const sort of ['price-asc', 'price-desc'] as const) {
      const page = productPageRows(t.database.db, { sort, offset: 0, limit: 8 });
      expect(await planOf(t.database.db, page.toSQL(), { bitmapScans: false }), sort).toContain(
        'products_min_price_idx',
      );
    }
  });

  it('asks one variant to be both in stock and within the price bounds', async () => {
    // Shirt's only variant in stock sells at 25.
    expect(await names('inStock=1&maxPrice=20')).toEqual(['Cap', 'Tee']);
    expect(await names('inStock=1&minPrice=20&maxPrice=26')).toEqual(['Shirt']);
  });

  it('filters by option values: any value of one option, every option chosen, one variant for all', async () => {
    expect(await names('option=Size:M')).toEqual(['Shirt', 'Shorts']);
    expect(await names('option=Size:S,M')).toEqual(['Shirt', 'Tee', 'Shorts']);
    expect(await names('option=Size:L&option=Colour:Red')).toEqual(['Shirt']);
    // Tee's L Red is switched off; Shirt's L Red is out of stock.
    expect(await names('option=Size:L&option=Colour:Red&inStock=1')).toEqual([]);
    expect(await names('option=Size:M&inStock=1&maxPrice=30')).toEqual(['Shirt', 'Shorts']);
    expect(await names('option=Size:S&minPrice=12')).toEqual(['Tee']);
    expect(await names('option=Fit:Slim')).toEqual([]);
    expect(await names('option=size:M')).toEqual([]);
  });

  it('refuses malformed option filters with 400', async () => {
    for (const query of [
      'option=Size',
      'option=:M',
      'option=Size:',
      'option=Size:M&option=Size:L',
    ]) {
      const res = await t.app.inject(`/api/products?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('counts option values by product, each option without its own selection', async () => {
    expect((await facets('')).options).toEqual([
      {
        name: 'Colour',
        values: [
          { value: 'Blue', count: 1 },
          { value: 'Red', count: 2 },
        ],
      },
      {
        name: 'Size',
        // In the order the products list them, not alphabetically.
        values: [
          { value: 'S', count: 2 },
          { value: 'M', count: 2 },
          { value: 'L', count: 2 },
        ],
      },
    ]);
    // A value counts the products listed with the other filters that offer it on a variant
    // that is on, not necessarily the variant meeting those filters (decision 0019).
    expect((await facets('option=Size:L&option=Colour:Blue')).options).toEqual([
      // Colour counted among the products with an L on offer, Shirt and Shorts (Tee's L Red is
      // off): Shirt offers Blue and Red; Shorts has no colours.
      {
        name: 'Colour',
        values: [
          { value: 'Blue', count: 1 },
          { value: 'Red', count: 1 },
        ],
      },
      // Size counted among the products with a Blue on offer: Shirt, with S, M and L.
      {
        name: 'Size',
        values: [
          { value: 'S', count: 1 },
          { value: 'M', count: 1 },
          { value: 'L', count: 1 },
        ],
      },
    ]);
    expect((await facets('option=Size:M&option=Colour:Red')).options).toEqual([
      // No product has M Red on offer; Colour among those with an M (Shirt, Shorts), Size among
      // those with a Red (Shirt, Tee: its L Red is off).
      {
        name: 'Colour',
        values: [
          { value: 'Blue', count: 1 },
          { value: 'Red', count: 1 },
        ],
      },
      {
        name: 'Size',
        values: [
          { value: 'S', count: 2 },
          { value: 'M', count: 1 },
          { value: 'L', count: 1 },
        ],
      },
    ]);
    // In stock: Shirt (its M Blue), Tee (its S Red), Shorts; each counts every value it offers.
    expect((await facets('inStock=1')).options).toEqual([
      {
        name: 'Colour',
        values: [
          { value: 'Blue', count: 1 },
          { value: 'Red', count: 2 },
        ],
      },
      {
        name: 'Size',
        values: [
          { value: 'S', count: 2 },
          { value: 'M', count: 2 },
          { value: 'L', count: 2 },
        ],
      },
    ]);
    // Within 20 to 30: Shirt (its M at 25), Shorts (30); Tee (15) and Cap (12) are not.
    expect((await facets('minPrice=20&maxPrice=30')).options).toEqual([
      {
        name: 'Colour',
        values: [
          { value: 'Blue', count: 1 },
          { value: 'Red', count: 1 },
        ],
      },
      {
        name: 'Size',
        values: [
          { value: 'S', count: 1 },
          { value: 'M', count: 2 },
          { value: 'L', count: 2 },
        ],
      },
    ]);
  });

  it('answers the price range from the lowest to the highest price on offer', async () => {
    expect((await facets('')).price).toEqual({ min: 10, max: 40 });
    expect((await facets('minPrice=35')).price).toEqual({ min: 10, max: 40 });
    expect((await facets('option=Size:L')).price).toEqual({ min: 10, max: 40 });
    expect((await facets('option=Fit:Slim')).price).toBeNull();
  });

  it('keeps the products table in step: no summary differs from its variants', async () => {
    const rows = await t.database.db.select().from(products);
    expect(rows.find((row) => row.id === ids.tee)).toMatchObject({
      countInStock: 2,
      minPrice: '15.00',
      maxPrice: '15.00',
      variantCount: 2,
      // Its L Red is off: neither L nor anything but Red is on offer.
      optionValues: ['Colour:Red', 'Size:S'],
    });
    expect(rows.find((row) => row.id === ids.cap)).toMatchObject({ optionValues: [] });
  });
});

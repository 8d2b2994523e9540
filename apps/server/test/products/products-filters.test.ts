import {
  DEFAULT_PAGE_SIZE,
  PRODUCT_SORTS,
  type ProductListResponse,
  type ProductSort,
} from '@proshop/domain/product-schemas';
import { allCombinations, type ProductOption } from '@proshop/domain/variants';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, products, productVariants } from '../../src/db/schema.ts';
import {
  createProduct,
  createProductWithVariants,
  createSignedInUser,
} from '../helpers/factories.ts';
import { payOrder, placeOrder } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The catalogue: three categories (one with a Unicode name and slug), three brands, products in
// no category or of no brand, equal prices and ratings (the id must settle their order), stock
// 0 and more; a third of the products have options and variants (generated: prices of their own
// or the product's, out of stock, switched off, values listed in different orders). Every
// filter, sort and facet is checked against a reference computed here from the variants.
type StoredProduct = typeof products.$inferSelect;
type StoredVariant = typeof productVariants.$inferSelect;
type Stored = StoredProduct & { variants: StoredVariant[] };

const CATEGORY_NAMES = ['Audio', 'Cameras', 'Électronique'];
const BRAND_NAMES = ['Sonix', 'Lumen', 'Ñandú'];

const SIZE = { name: 'Size', values: ['S', 'M', 'L'] };
const SIZE_REVERSED = { name: 'Size', values: ['XL', 'L', 'M', 'S'] };
const COLOUR = { name: 'Colour', values: ['Blue', 'Red', 'Forest green'] };
const GROESSE = { name: 'Größe', values: ['38', '40', '42'] };
const OPTION_SETS: ProductOption[][] = [
  [SIZE],
  [SIZE, COLOUR],
  [COLOUR],
  [SIZE_REVERSED, COLOUR],
  [GROESSE],
  [COLOUR, SIZE],
];
/** What the filters may choose: every value above, and one no product has. */
const CHOOSABLE: Record<string, string[]> = {
  Size: ['S', 'M', 'L', 'XL', 'XXL'],
  Colour: ['Blue', 'Red', 'Forest green'],
  Größe: ['38', '42'],
};

/** A product's options and variants: some combinations, each priced, stocked and on or off. */
const variantSetArbitrary = fc.constantFrom(...OPTION_SETS).chain((options) =>
  fc.record({
    options: fc.constant(options),
    variants: fc.subarray(allCombinations(options), { minLength: 1 }).chain((choices) =>
      fc.tuple(
        ...choices.map((choice) =>
          fc.record({
            options: fc.constant(choice),
            price: fc.option(fc.constantFrom('5.00', '19.99', '20.00', '42.00', '60.00'), {
              nil: null,
            }),
            countInStock: fc.constantFrom(0, 0, 3),
            active: fc.constantFrom(true, true, true, false),
          }),
        ),
      ),
    ),
  }),
);

describe('GET /api/products: filters, sorts and facets', () => {
  let t: TestApp;
  let stored: Stored[];
  const slugOf = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const variantSets = fc.sample(variantSetArbitrary, { seed: 19, numRuns: 10 });
    // Sure cases besides the generated ones: nothing on offer; every variant at one price; prices
    // on either side of the bounds with nothing between, the one between out of stock.
    variantSets[0] = {
      options: [SIZE],
      variants: [
        { options: { Size: 'S' }, price: '5.00', countInStock: 3, active: false },
        { options: { Size: 'L' }, price: null, countInStock: 0, active: false },
      ],
    };
    variantSets[1] = {
      options: [SIZE, COLOUR],
      variants: [
        { options: { Size: 'M', Colour: 'Red' }, price: null, countInStock: 3, active: true },
        { options: { Size: 'S', Colour: 'Blue' }, price: null, countInStock: 0, active: true },
      ],
    };
    variantSets[2] = {
      options: [COLOUR, SIZE],
      variants: [
        { options: { Size: 'S', Colour: 'Blue' }, price: '5.00', countInStock: 3, active: true },
        { options: { Size: 'M', Colour: 'Blue' }, price: '60.00', countInStock: 3, active: true },
        { options: { Size: 'L', Colour: 'Red' }, price: '20.00', countInStock: 0, active: true },
        { options: { Size: 'M', Colour: 'Red' }, price: '19.99', countInStock: 3, active: false },
      ],
    };
    for (let i = 0; i < 30; i++) {
      const product = {
        name: i % 3 === 0 ? `Studio lamp ${i}` : `Gadget ${i}`,
        category: i % 7 === 6 ? '' : CATEGORY_NAMES[i % 3]!,
        brand: i % 5 === 4 ? '' : BRAND_NAMES[(i * 2) % 3]!,
        price: [5, 19.99, 19.99, 42, 100, 7.5][i % 6]!.toFixed(2),
        countInStock: i % 4 === 0 ? 0 : i,
        rating: [4.5, 3, 4.5, 5, 1.5][i % 5]!.toFixed(2),
        numReviews: i % 5,
        unitsSold: (i * 7) % 11,
        createdAt: new Date(Date.UTC(2026, 0, 1, i)),
      };
      const set = i % 3 === 1 ? variantSets[(i - 1) / 3] : undefined;
      if (set) {
        await createProductWithVariants(db, set.options, [...set.variants], product);
      } else {
        await createProduct(db, product);
      }
    }
    const variants = await db.select().from(productVariants);
    stored = (await db.select().from(products)).map((product) => ({
      ...product,
      variants: variants.filter((variant) => variant.productId === product.id),
    }));
    for (const table of [categories, brands]) {
      for (const row of await db.select().from(table)) slugOf.set(row.name, row.slug);
    }
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject(`/api/products?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductListResponse>();
  };

  /** Every page of a query, one after the other, as a shopper paging through would read them. */
  const allPages = async (query: string) => {
    const first = await list(query);
    const rest = [];
    for (let page = 2; page <= first.pages; page++) {
      rest.push(...(await list(`${query}&pageNumber=${page}`)).products);
    }
    return { first, products: [...first.products, ...rest] };
  };

  interface Filters {
    category: string[];
    brand: string[];
    minPrice?: number | undefined;
    maxPrice?: number | undefined;
    inStock: boolean;
    minRating?: number | undefined;
    keyword?: string | undefined;
    options: Record<string, string[]>;
  }

  const toQuery = (filters: Filters, sort?: ProductSort) => {
    const query = new URLSearchParams();
    if (filters.keyword) query.set('keyword', filters.keyword);
    if (filters.category.length) {
      query.set('category', filters.category.map((name) => slugOf.get(name)).join(','));
    }
    if (filters.brand.length) {
      query.set('brand', filters.brand.map((name) => slugOf.get(name)).join(','));
    }
    if (filters.minPrice !== undefined) query.set('minPrice', String(filters.minPrice));
    if (filters.maxPrice !== undefined) query.set('maxPrice', String(filters.maxPrice));
    if (filters.inStock) query.set('inStock', '1');
    if (filters.minRating !== undefined) query.set('minRating', String(filters.minRating));
    for (const [name, values] of Object.entries(filters.options)) {
      query.append('option', `${name}:${values.join(',')}`);
    }
    if (sort) query.set('sort', sort);
    return query.toString();
  };

  // The reference: each rule written out plainly over the stored rows and their variants.
  const sells = (p: Stored, v: StoredVariant) => Number(v.price ?? p.price);
  const onOffer = (p: Stored) => p.variants.filter((v) => v.active);
  /** From the lowest to the highest price on offer; the product's own when nothing is. */
  const priceRange = (p: Stored) => {
    const prices = onOffer(p).map((v) => sells(p, v));
    return prices.length
      ? { min: Math.min(...prices), max: Math.max(...prices) }
      : { min: Number(p.price), max: Number(p.price) };
  };
  const fromPrice = (p: Stored) => priceRange(p).min;
  const withinBounds = (f: Filters, price: number) =>
    (f.minPrice === undefined || price >= f.minPrice) &&
    (f.maxPrice === undefined || price <= f.maxPrice);
  /** One variant on offer meeting every filter on variants, leaving out the price if asked. */
  const variantFits = (f: Filters, p: Stored, v: StoredVariant, leave: { price?: boolean } = {}) =>
    v.active &&
    (leave.price || withinBounds(f, sells(p, v))) &&
    (!f.inStock || v.countInStock > 0) &&
    Object.entries(f.options).every(([name, values]) => values.includes(v.options[name]!));
  const offers = (f: Filters, p: Stored, leave: { price?: boolean } = {}) => {
    const asksPrice = !leave.price && (f.minPrice !== undefined || f.maxPrice !== undefined);
    if (!asksPrice && Object.keys(f.options).length === 0) {
      return !f.inStock || onOffer(p).some((v) => v.countInStock > 0);
    }
    // Nothing on offer: priced at its own price, with no stock (the products' summary).
    if (onOffer(p).length === 0 && Object.keys(f.options).length === 0) {
      return !f.inStock && withinBounds(f, Number(p.price));
    }
    return p.variants.some((v) => variantFits(f, p, v, leave));
  };
  const inCategory = (f: Filters, p: Stored) =>
    !f.category.length || f.category.includes(p.category);
  const inBrand = (f: Filters, p: Stored) => !f.brand.length || f.brand.includes(p.brand);
  const inPrice = (f: Filters, p: Stored) => offers(f, p);
  /** The filters on the product itself: rating and keyword. */
  const ownFilters = (f: Filters, p: Stored) =>
    (f.minRating === undefined || Number(p.rating) >= f.minRating) &&
    (!f.keyword ||
      `${p.name}\n${p.brand}\n${p.category}\n${p.description}`
        .toLowerCase()
        .includes(f.keyword.toLowerCase()));
  const inOthers = (f: Filters, p: Stored) => ownFilters(f, p) && offers(f, p, { price: true });
  const matches = (f: Filters, p: Stored) =>
    inCategory(f, p) && inBrand(f, p) && inPrice(f, p) && inOthers(f, p);

  const byId = (a: Stored, b: Stored) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const newest = (a: Stored, b: Stored) =>
    b.createdAt.getTime() - a.createdAt.getTime() || byId(a, b);
  const orders: Record<ProductSort, (a: Stored, b: Stored) => number> = {
    newest,
    'price-asc': (a, b) => fromPrice(a) - fromPrice(b) || byId(a, b),
    'price-desc': (a, b) => fromPrice(b) - fromPrice(a) || byId(b, a),
    rating: (a, b) =>
      Number(b.rating) - Number(a.rating) || b.numReviews - a.numReviews || newest(a, b),
    'best-selling': (a, b) =>
      b.unitsSold - a.unitsSold || b.createdAt.getTime() - a.createdAt.getTime() || byId(a, b),
  };

  const expectedFacet = (f: Filters, field: 'category' | 'brand', keep: (p: Stored) => boolean) => {
    const counts = new Map<string, number>();
    for (const p of stored)
      if (p[field] && keep(p)) counts.set(p[field], (counts.get(p[field]) ?? 0) + 1);
    for (const chosen of f[field]) if (!counts.has(chosen)) counts.set(chosen, 0);
    return [...counts]
      .map(([name, count]) => ({ slug: slugOf.get(name)!, name, count }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug));
  };

  const byValue = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

  /**
   * Each option value's count: the products listed with every filter but the option's own
   * selection that offer the value on a variant switched on (not necessarily the variant meeting
   * the other filters: decision 0019). Values in the order the counted products list them (their
   * average place), then by value; chosen values nothing offers last, with 0.
   */
  const expectedOptionFacets = (f: Filters) => {
    const places = new Map<string, Map<string, number[]>>();
    for (const p of stored) {
      for (const option of p.options) {
        const others = {
          ...f,
          options: Object.fromEntries(
            Object.entries(f.options).filter(([name]) => name !== option.name),
          ),
        };
        if (!matches(others, p)) continue;
        for (const [index, value] of option.values.entries()) {
          const offered = p.variants.some((v) => v.active && v.options[option.name] === value);
          if (!offered) continue;
          const values = places.get(option.name) ?? new Map<string, number[]>();
          values.set(value, [...(values.get(value) ?? []), index + 1]);
          places.set(option.name, values);
        }
      }
    }
    const names = new Set([...places.keys(), ...Object.keys(f.options)]);
    const mean = (list: number[]) => list.reduce((sum, place) => sum + place, 0) / list.length;
    return [...names]
      .sort((a, b) => a.localeCompare(b))
      .map((name) => {
        const counted = [...(places.get(name) ?? new Map<string, number[]>())]
          .sort(([a, aPlaces], [b, bPlaces]) => mean(aPlaces) - mean(bPlaces) || byValue(a, b))
          .map(([value, list]) => ({ value, count: list.length }));
        const left = (f.options[name] ?? [])
          .filter((value) => !counted.some((entry) => entry.value === value))
          .sort(byValue)
          .map((value) => ({ value, count: 0 }));
        return { name, values: [...counted, ...left] };
      });
  };

  const expectedFacets = (f: Filters) => {
    const priced = stored.filter((p) => inCategory(f, p) && inBrand(f, p) && inOthers(f, p));
    return {
      categories: expectedFacet(
        f,
        'category',
        (p) => inBrand(f, p) && inPrice(f, p) && inOthers(f, p),
      ),
      brands: expectedFacet(f, 'brand', (p) => inCategory(f, p) && inPrice(f, p) && inOthers(f, p)),
      options: expectedOptionFacets(f),
      price: priced.length
        ? {
            min: Math.min(...priced.map((p) => priceRange(p).min)),
            max: Math.max(...priced.map((p) => priceRange(p).max)),
          }
        : null,
    };
  };

  const filtersArbitrary: fc.Arbitrary<Filters> = fc.record({
    category: fc.subarray(CATEGORY_NAMES),
    brand: fc.subarray(BRAND_NAMES),
    minPrice: fc.option(fc.constantFrom(0, 7.5, 19.99, 20), { nil: undefined, freq: 2 }),
    maxPrice: fc.option(fc.constantFrom(19.99, 42, 1000), { nil: undefined, freq: 2 }),
    inStock: fc.boolean(),
    minRating: fc.option(fc.constantFrom(0, 3, 4.5, 5), { nil: undefined, freq: 2 }),
    keyword: fc.option(fc.constantFrom('lamp', 'gadget', 'électronique'), {
      nil: undefined,
      freq: 2,
    }),
    // Mostly no option filter, so that the price and stock filters are often alone.
    options: fc.oneof(
      { arbitrary: fc.constant({}), weight: 2 },
      {
        arbitrary: fc
          .record(
            Object.fromEntries(
              Object.entries(CHOOSABLE).map(([name, values]) => [
                name,
                fc.option(fc.subarray(values, { minLength: 1 }), { nil: undefined, freq: 2 }),
              ]),
            ) as Record<string, fc.Arbitrary<string[] | undefined>>,
          )
          .map(
            (chosen) =>
              Object.fromEntries(
                Object.entries(chosen).filter(([, values]) => values !== undefined),
              ) as Record<string, string[]>,
          ),
        weight: 1,
      },
    ),
  });

  it('lists exactly the products every filter keeps, in the order of every sort, over all pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        filtersArbitrary.filter(
          (f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice,
        ),
        fc.constantFrom(...PRODUCT_SORTS),
        async (filters, sort) => {
          const { first, products: listed } = await allPages(toQuery(filters, sort));
          const expected = stored.filter((p) => matches(filters, p)).sort(orders[sort]);
          expect(first.pages).toBe(Math.max(1, Math.ceil(expected.length / DEFAULT_PAGE_SIZE)));
          if (filters.keyword && sort === 'newest') {
            // Best matches first: the same products, ranked (products-search.test.ts).
            expect(listed.map((p) => p._id).sort()).toEqual(expected.map((p) => p.id).sort());
          } else {
            expect(listed.map((p) => p._id)).toEqual(expected.map((p) => p.id));
          }
          expect(first.facets).toEqual(expectedFacets(filters));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('counts a facet without its own selection, so that other choices stay visible', async () => {
    const body = await list(`category=${slugOf.get('Audio')}`);
    // Every category keeps its count although only Audio is chosen.
    expect(body.facets.categories.map((value) => value.name)).toEqual(
      ['Audio', 'Cameras', 'Électronique'].sort((a, b) => a.localeCompare(b)),
    );
    expect(body.products.every((p) => p.category === 'Audio')).toBe(true);
  });

  it('answers an empty page, still with facets, for two filters that exclude each other', async () => {
    const none = stored.find((p) => p.category === 'Cameras' && p.brand === 'Sonix');
    expect(none).toBeUndefined();
    const body = await list(`category=${slugOf.get('Cameras')}&brand=${slugOf.get('Sonix')}`);
    expect(body).toMatchObject({ products: [], page: 1, pages: 1, facets: { price: null } });
    // Sonix is chosen but has nothing in Cameras: listed with 0 so that it can be unchosen.
    expect(body.facets.brands).toContainEqual({
      slug: slugOf.get('Sonix'),
      name: 'Sonix',
      count: 0,
    });
    expect(body.facets.categories).toContainEqual({
      slug: slugOf.get('Cameras'),
      name: 'Cameras',
      count: 0,
    });
  });

  it('lists a product in no category without a filter, never under a category', async () => {
    const loose = stored.filter((p) => p.categoryId === null);
    expect(loose.length).toBeGreaterThan(0);
    const everything = (await allPages('sort=price-asc')).products.map((p) => p._id);
    for (const p of loose) expect(everything).toContain(p.id);
    const categorised = (
      await allPages(`category=${CATEGORY_NAMES.map((n) => slugOf.get(n)).join(',')}`)
    ).products;
    expect(categorised.some((p) => p.categorySlug === null)).toBe(false);
  });

  it('reads Unicode slugs, written as they are or percent-encoded', async () => {
    expect(slugOf.get('Électronique')).toBe('électronique');
    const encoded = await list(`category=${encodeURIComponent('électronique')}`);
    expect(encoded.products.length).toBeGreaterThan(0);
    expect(encoded.products.every((p) => p.categorySlug === 'électronique')).toBe(true);
    expect((await list(`brand=${encodeURIComponent('ñandú')}`)).products.length).toBeGreaterThan(0);
  });

  it.each([
    ['sort=cheapest', 'sort must be one of newest, price-asc, price-desc, rating, best-selling'],
    ['inStock=yes', 'inStock must be 1'],
    ['minPrice=abc', 'minPrice must be an amount'],
    ['maxPrice=-3', 'maxPrice must be an amount'],
    ['minPrice=1.999', 'minPrice must be an amount'],
    ['minPrice=50&maxPrice=10', 'minPrice must not be more than maxPrice'],
    ['minRating=6', 'minRating must be a rating from 0 to 5'],
    ['category=Not%20A%20Slug', 'category must be slugs separated by commas'],
    ['category=audio,no-such-thing', 'Unknown category: no-such-thing'],
    ['brand=nobody', 'Unknown brand: nobody'],
  ])('refuses %s with a clear message', async (query, message) => {
    const res = await t.app.inject(`/api/products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  it('sorts by units sold, which a paid order raises', async () => {
    const db = t.database.db;
    const product = await createProduct(db, {
      name: 'Best seller',
      price: '3.00',
      countInStock: 50,
    });
    const shopper = await createSignedInUser(db);
    const order = await placeOrder(t.app, shopper.headers, [{ product, qty: 20 }]);
    const paid = await payOrder(t.app, shopper.headers, order._id);
    expect(paid.statusCode, paid.body).toBe(200);
    const top = (await list('sort=best-selling')).products[0]!;
    expect(top).toMatchObject({ _id: product.id, countInStock: 30 });
  });
});

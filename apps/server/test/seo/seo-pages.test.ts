import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reviews } from '../../src/db/schema.ts';
import { ratingCopies } from '../../src/modules/products/copies.ts';
import { refreshRatings } from '../../src/modules/reviews/service.ts';
import {
  createProduct,
  createProductWithVariants,
  createSignedInUser,
  createUser,
} from '../helpers/factories.ts';
import { readElements, readHead, webBuildWithIndex } from '../helpers/seo-html.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { routerPaths, sampleUrl } from '../../../../scripts/lib/router-paths.mjs';

const PUBLIC_URL = 'https://shop.example';

/**
 * The fields Google requires or recommends for a Product rich result (developers.google.com,
 * "Product snippet" and "Merchant listing" structured data): a name, a picture, and an offer
 * with its price, currency and availability (or a price range for several offers).
 */
function productRichResultProblems(data: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (data['@context'] !== 'https://schema.org') problems.push('@context');
  if (data['@type'] !== 'Product') problems.push('@type');
  if (typeof data.name !== 'string' || data.name === '') problems.push('name');
  const images = data.image;
  if (!Array.isArray(images) || images.length === 0) problems.push('image');
  else if (!images.every((url) => typeof url === 'string' && /^https?:\/\//.test(url))) {
    problems.push('image must be absolute');
  }
  const offers = data.offers as Record<string, unknown> | undefined;
  if (!offers) return [...problems, 'offers'];
  if (offers['@type'] === 'Offer') {
    if (!/^\d+(\.\d+)?$/.test(String(offers.price))) problems.push('offers.price');
  } else if (offers['@type'] === 'AggregateOffer') {
    if (!/^\d+(\.\d+)?$/.test(String(offers.lowPrice))) problems.push('offers.lowPrice');
  } else problems.push('offers.@type');
  if (!/^[A-Z]{3}$/.test(String(offers.priceCurrency))) problems.push('offers.priceCurrency');
  if (!/^https:\/\/schema\.org\/(InStock|OutOfStock)$/.test(String(offers.availability))) {
    problems.push('offers.availability');
  }
  const rating = data.aggregateRating as Record<string, unknown> | undefined;
  if (rating && !(Number(rating.ratingValue) > 0 && Number(rating.reviewCount) > 0)) {
    problems.push('aggregateRating');
  }
  for (const review of (data.review as Record<string, unknown>[] | undefined) ?? []) {
    const author = review.author as Record<string, unknown> | undefined;
    const reviewRating = review.reviewRating as Record<string, unknown> | undefined;
    if (!author?.name || !reviewRating?.ratingValue) problems.push('review');
  }
  return problems;
}

describe('pages written by the server', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = webBuildWithIndex();
    t = await createTestApp({
      WEB_DIST_DIR: web,
      SHOP_NAME: 'Lamp & Co',
      PUBLIC_URL: `${PUBLIC_URL}/`,
      PAYMENT_CURRENCY: 'EUR',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it("writes a product page's head: title, description, canonical, Open Graph, Twitter and JSON-LD", async () => {
    const db = t.database.db;
    const description = `${'A lamp that lights a desk evenly without glare. '.repeat(6)}The end.`;
    const product = await createProduct(db, {
      name: 'Desk Lamp',
      price: '89.99',
      description,
      image: '/images/desk-lamp.webp',
      images: ['/images/desk-lamp.webp', '/images/desk-lamp-side.webp'],
      brand: 'Lumo',
      category: 'Lighting',
      countInStock: 4,
    });
    const reviewer = await createUser(db, { name: 'Ann' });
    await db.insert(reviews).values([
      { productId: product.id, userId: reviewer.id, name: 'Ann', rating: 4, comment: 'Bright.' },
      { productId: product.id, userId: null, name: 'Bob', rating: 5, comment: 'Great.' },
    ]);
    await refreshRatings(db, ratingCopies, [product.id]);

    const res = await t.app.inject(`/product/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const head = readHead(res.body);
    expect(head.titles).toEqual(['Desk Lamp | Lamp & Co']);
    const [metaDescription] = head.meta('description');
    expect(head.meta('description')).toHaveLength(1);
    expect(metaDescription!.length).toBeLessThanOrEqual(160);
    expect(metaDescription!.length).toBeGreaterThan(120);
    expect(metaDescription).toMatch(/glare\.…$|evenly…$|[a-z]…$/);
    expect(description.startsWith(metaDescription!.slice(0, -1))).toBe(true);
    const url = `${PUBLIC_URL}/product/${product.id}`;
    expect(head.canonicals).toEqual([url]);
    expect(head.meta('robots')).toEqual([]);
    expect(head.meta('og:type')).toEqual(['product']);
    expect(head.meta('og:title')).toEqual(['Desk Lamp | Lamp & Co']);
    expect(head.meta('og:description')).toEqual([metaDescription]);
    expect(head.meta('og:url')).toEqual([url]);
    expect(head.meta('og:image')).toEqual([`${PUBLIC_URL}/images/desk-lamp-1200.webp`]);
    expect(head.meta('og:image:width')).toEqual(['1200']);
    expect(head.meta('product:price:amount')).toEqual(['89.99']);
    expect(head.meta('product:price:currency')).toEqual(['EUR']);
    expect(head.meta('twitter:card')).toEqual(['summary_large_image']);
    expect(head.meta('twitter:image')).toEqual([`${PUBLIC_URL}/images/desk-lamp-1200.webp`]);
    // The shop's own tags are kept: the web app reads them.
    expect(head.meta('shop-name')).toEqual(['Lamp & Co']);

    const [productData, breadcrumbs] = head.jsonLd;
    expect(productRichResultProblems(productData!)).toEqual([]);
    expect(productData).toMatchObject({
      name: 'Desk Lamp',
      url,
      brand: { '@type': 'Brand', name: 'Lumo' },
      offers: {
        '@type': 'Offer',
        price: '89.99',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        url,
      },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
    expect(productData!.image).toEqual([
      `${PUBLIC_URL}/images/desk-lamp-1200.webp`,
      `${PUBLIC_URL}/images/desk-lamp.webp`,
      `${PUBLIC_URL}/images/desk-lamp-side.webp`,
    ]);
    expect(productData!.review).toHaveLength(2);
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
        { position: 2, name: 'Lighting', item: `${PUBLIC_URL}/category/lighting` },
        { position: 3, name: 'Desk Lamp', item: url },
      ],
    });

    // The text before the app's root, for readers that run no script.
    const body = res.body.slice(res.body.indexOf('<body>'));
    expect(body.indexOf('id="server-page"')).toBeLessThan(body.indexOf('id="root"'));
    expect(body).toContain('<h1 class="fs-3">Desk Lamp</h1>');
    expect(body).toContain('€89.99');
    expect(body).toContain('In Stock');
    expect(body).toContain('The end.');
    // No script that runs: only the built module and the JSON-LD data blocks.
    const running = readElements(res.body).filter(
      (element) => element.name === 'script' && element.attributes.type !== 'application/ld+json',
    );
    expect(running.map((script) => script.attributes.src)).toEqual(['/assets/index-abc123.js']);
  });

  it('offers a price range when the variants sell at different prices, and says when none is in stock', async () => {
    const { product } = await createProductWithVariants(
      t.database.db,
      [{ name: 'Size', values: ['S', 'L'] }],
      [
        { options: { Size: 'S' }, price: '10.00', countInStock: 0 },
        { options: { Size: 'L' }, price: '14.50', countInStock: 0 },
      ],
      { name: 'Shirt', price: '10.00' },
    );
    const res = await t.app.inject(`/product/${product.id}`);
    const [data] = readHead(res.body).jsonLd;
    expect(productRichResultProblems(data!)).toEqual([]);
    expect(data!.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '10.00',
      highPrice: '14.50',
      offerCount: 2,
      availability: 'https://schema.org/OutOfStock',
    });
    expect(data!.aggregateRating).toBeUndefined();
    expect(res.body).toContain('From €10.00');
    expect(res.body).toContain('Out Of Stock');
  });

  it('keeps hostile product text as text: it cannot end the JSON-LD script nor add a tag', async () => {
    const hostile = '</script><script>alert(1)</script><!-- \u2028 & "quoted" \'single\' <b>';
    const product = await createProduct(t.database.db, {
      name: `Evil ${hostile}`,
      description: `Bad ${hostile}`,
      brand: `Brand ${hostile}`,
    });
    const res = await t.app.inject(`/product/${product.id}`);
    expect(res.statusCode).toBe(200);
    const elements = readElements(res.body);
    // Exactly the built module script and the two data blocks: nothing was injected.
    const scripts = elements.filter((element) => element.name === 'script');
    expect(scripts.map((script) => script.attributes.type)).toEqual([
      'module',
      'application/ld+json',
      'application/ld+json',
    ]);
    expect(elements.some((element) => element.name === 'b')).toBe(false);
    const head = readHead(res.body);
    expect(head.titles).toEqual([`Evil ${hostile} | Lamp & Co`]);
    expect(head.meta('og:title')).toEqual([`Evil ${hostile} | Lamp & Co`]);
    const [data] = head.jsonLd;
    expect(data!.name).toBe(`Evil ${hostile}`);
    expect(data!.brand).toEqual({ '@type': 'Brand', name: `Brand ${hostile}` });
    for (const script of scripts.slice(1)) expect(script.text).not.toMatch(/[<>&\u2028]/);
  });

  it('answers 404 with the not-found page for a missing product or a malformed id', async () => {
    for (const url of [
      '/product/6f1c1d1e-0000-4000-8000-000000000000',
      '/product/not-an-id',
      '/category/no-such-category',
      '/brand/no-such-brand/page/2',
    ]) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const head = readHead(res.body);
      expect(head.titles, url).toEqual(['Page Not Found | Lamp & Co']);
      expect(head.meta('robots')).toEqual(['noindex']);
      expect(res.body).toContain('<h1>Page Not Found</h1>');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('answers 404 with the not-found page for an address the web app does not have', async () => {
    for (const url of [
      '/no-such-page',
      '/product/6f1c1d1e-0000-4000-8000-000000000000/extra',
      '/index.html',
      '/.well-known/security.txt',
      '/Cart',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(readHead(res.body).titles, url).toEqual(['Page Not Found | Lamp & Co']);
      expect(readHead(res.body).meta('robots'), url).toEqual(['noindex']);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it("answers every route of the web app's router, not 404", async () => {
    const product = await createProduct(t.database.db, {
      category: 'Routing',
      brand: 'Routing Brand',
    });
    const paths = routerPaths();
    expect(paths.length).toBeGreaterThan(30);
    const withSlug = (path: string, slug: string) =>
      sampleUrl(path, slug).replace(/\/page\/[^/]+$/, '/page/1');
    for (const path of paths) {
      // A real product, category and brand where the server looks them up; anything elsewhere.
      const url = path.startsWith('/product/')
        ? `/product/${product.id}`
        : path.startsWith('/category/')
          ? withSlug(path, 'routing')
          : path.startsWith('/brand/')
            ? withSlug(path, 'routing-brand')
            : sampleUrl(path, '1');
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('marks every private page noindex, and no public one', async () => {
    for (const url of [
      '/cart',
      '/cart/abc',
      '/shipping',
      '/payment',
      '/placeorder',
      '/profile',
      '/order/6f1c1d1e-0000-4000-8000-000000000000',
      '/admin',
      '/admin/productlist/2',
      '/login?redirect=/shipping',
      '/register',
      '/forgotpassword',
      '/resetpassword',
      '/confirm-email/abc',
      '/wishlist',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(readHead(res.body).meta('robots'), url).toEqual(['noindex']);
      expect(readHead(res.body).titles, url).toHaveLength(1);
    }
    const category = await createProduct(t.database.db, { category: 'Cartography' });
    for (const url of ['/', '/page/2', '/category/cartography', `/product/${category.id}`]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(readHead(res.body).meta('robots'), url).toEqual([]);
    }
  });

  it('writes the home page with the latest products, Organization and WebSite with a SearchAction', async () => {
    // Through the catalogue's change, as the admin's edits go: it drops the pages written before.
    await t.app.catalogue.change(t.database.db, async (tx) => {
      for (let i = 0; i < 8; i += 1) await createProduct(tx, { name: `Filler ${i}` });
    });
    // A transaction of its own, so a later creation time: first among the latest.
    const product = await t.app.catalogue.change(t.database.db, (tx) =>
      createProduct(tx, { name: 'Newest <Lamp>', price: '5.00' }),
    );
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    const head = readHead(res.body);
    expect(head.titles).toEqual(['Latest Products | Lamp & Co']);
    expect(head.canonicals).toEqual([`${PUBLIC_URL}/`]);
    expect(head.meta('og:type')).toEqual(['website']);
    const types = head.jsonLd.map((data) => data['@type']);
    expect(types).toEqual(['Organization', 'WebSite']);
    expect(head.jsonLd[1]).toMatchObject({
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${PUBLIC_URL}/search/{search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
    expect(res.body).toContain(`<a href="/product/${product.id}">Newest &lt;Lamp&gt;</a>`);
    expect(res.body).toContain('href="/page/2" rel="next"');

    const second = readHead((await t.app.inject('/page/2')).body);
    expect(second.titles).toEqual(['Latest Products (page 2) | Lamp & Co']);
    expect(second.canonicals).toEqual([`${PUBLIC_URL}/page/2`]);
    expect(second.jsonLd).toEqual([]);
  });

  it('writes search, category and brand pages', async () => {
    await createProduct(t.database.db, {
      name: 'Reading Lamp',
      brand: 'Lumo',
      category: 'Lighting',
    });
    const search = readHead((await t.app.inject('/search/reading%20lamp')).body);
    expect(search.titles).toEqual(['Search: reading lamp | Lamp & Co']);
    expect(search.meta('robots')).toEqual(['noindex, follow']);
    const category = await t.app.inject('/category/lighting');
    expect(category.statusCode).toBe(200);
    const categoryHead = readHead(category.body);
    expect(categoryHead.titles).toEqual(['Lighting | Lamp & Co']);
    expect(categoryHead.canonicals).toEqual([`${PUBLIC_URL}/category/lighting`]);
    expect(category.body).toContain('Reading Lamp</a>');
    const brand = readHead((await t.app.inject('/brand/lumo/page/2')).body);
    expect(brand.titles).toEqual(['Lumo (page 2) | Lamp & Co']);
    expect(brand.canonicals).toEqual([`${PUBLIC_URL}/brand/lumo/page/2`]);
  });

  it('answers a product page again from memory with no query, 304 to its ETag, a new one when it changes', async () => {
    const admin = await createSignedInUser(t.database.db, { isAdmin: true });
    const product = await createProduct(t.database.db, { name: 'Kettle' });
    const url = `/product/${product.id}`;
    const first = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);

    const select = vi.spyOn(t.app.db, 'select');
    const execute = vi.spyOn(t.app.db, 'execute');
    try {
      const again = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      const notModified = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(notModified.statusCode).toBe(304);
      expect(select).not.toHaveBeenCalled();
      expect(execute).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
      execute.mockRestore();
    }

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: {
        name: 'Renamed Kettle',
        price: 12.5,
        image: '/images/kettle.webp',
        brand: 'Boilo',
        category: 'Kitchen',
        countInStock: 3,
        description: 'Boils water.',
      },
    });
    expect(put.statusCode).toBe(200);
    const after = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(readHead(after.body).titles).toEqual(['Renamed Kettle | Lamp & Co']);
  });

  it("preloads the first screen's largest picture at high priority, with the srcset the app uses (decision 0035)", async () => {
    const product = await createProduct(t.database.db, {
      name: 'Floor Lamp',
      image: '/images/floor-lamp.webp',
      category: 'Floors',
    });
    const preloads = (html: string) =>
      readElements(html).filter(
        (element) => element.name === 'link' && element.attributes.rel === 'preload',
      );
    const srcset =
      '/images/floor-lamp-160.webp 160w, /images/floor-lamp-320.webp 320w, /images/floor-lamp-640.webp 640w';

    const page = (await t.app.inject(`/product/${product.id}`)).body;
    expect(preloads(page).map((link) => link.attributes)).toEqual([
      {
        rel: 'preload',
        as: 'image',
        href: '/images/floor-lamp.webp',
        imagesrcset: srcset,
        imagesizes: expect.stringMatching(/calc\(100vw - 24px\)$/),
        fetchpriority: 'high',
      },
    ]);
    // The written picture asks for the same copy, so the browser loads it once.
    const picture = readElements(page).find(
      (element) => element.name === 'img' && element.attributes.alt === 'Floor Lamp',
    );
    expect(picture?.attributes).toMatchObject({
      src: '/images/floor-lamp.webp',
      srcset,
      sizes: preloads(page)[0]!.attributes.imagesizes,
      fetchpriority: 'high',
    });

    const category = preloads((await t.app.inject('/category/floors')).body);
    expect(category.map((link) => link.attributes.href)).toEqual(['/images/floor-lamp.webp']);
    expect(category[0]!.attributes.imagesizes).toMatch(/calc\(100vw - 48px\)$/);
    // The home page's first picture is the top-rated carousel's first slide, 300 pixels wide.
    const home = preloads((await t.app.inject('/')).body);
    expect(home).toHaveLength(1);
    expect(home[0]!.attributes).toMatchObject({ imagesizes: '300px', fetchpriority: 'high' });
    // A page with no product has no picture to preload.
    expect(preloads((await t.app.inject('/search/nothing-matches-this')).body)).toEqual([]);
  });
});

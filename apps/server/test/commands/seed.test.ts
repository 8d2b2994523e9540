import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IMAGE_WIDTHS, sizedImage } from '@proshop/domain/product-image';
import { allCombinations, checkVariantSet, SKU_PATTERN } from '@proshop/domain/variants';
import { priceCheckout } from '@proshop/domain/checkout-pricing';
import { computeOrderPrices, DEFAULT_PRICING_RULES } from '@proshop/domain/prices';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brands,
  categories,
  products,
  productVariants,
  reviews,
  users,
} from '../../src/db/schema.ts';
import { isDatabaseEmpty, seedDemoData, wipeDatabase } from '../../src/commands/seed/seed.ts';
import { verifyPassword } from '../../src/modules/auth/password.ts';
import { pricingRules } from '../../src/modules/shipping/service.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

describe('demo data', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('fills an empty database with a catalogue, reviews and the three demo accounts', async () => {
    expect(await isDatabaseEmpty(t.handle.db)).toBe(true);
    const result = await seedDemoData(t.handle.db, 'a-demo-password');
    expect(result.passwordWasGenerated).toBe(false);
    expect(await isDatabaseEmpty(t.handle.db)).toBe(false);

    const all = await t.handle.db.select().from(products);
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(all.filter((p) => p.countInStock === 0).length).toBeGreaterThanOrEqual(1);
    expect(all.filter((p) => p.numReviews > 0).length).toBeGreaterThanOrEqual(1);
    for (const product of all) {
      expect(product.image).toMatch(/^\/images\/[\w-]+\.webp$/);
      expect(product.images[0]).toBe(product.image);
      expect(product.images.length, product.name).toBeGreaterThanOrEqual(2);
      expect(product.images.length, product.name).toBeLessThanOrEqual(3);
      expect(new Set(product.images).size).toBe(product.images.length);
    }

    const accounts = await t.handle.db.select().from(users).orderBy(users.email);
    expect(accounts.map((u) => [u.email, u.isAdmin])).toEqual([
      ['admin@example.com', true],
      ['jane@example.com', false],
      ['john@example.com', false],
    ]);
    expect(await verifyPassword(accounts[0]!.passwordHash, 'a-demo-password')).toBe(true);
    expect(accounts[0]!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('spreads the products over several categories and brands, each with a description', async () => {
    const all = await t.handle.db.select().from(products);
    for (const table of [categories, brands]) {
      const records = await t.handle.db.select().from(table);
      expect(records.length).toBeGreaterThanOrEqual(5);
      for (const record of records) {
        expect(record.description, record.name).not.toBe('');
        const used = all.filter((p) => p.categoryId === record.id || p.brandId === record.id);
        expect(used.length, record.name).toBeGreaterThanOrEqual(1);
        expect(used.every((p) => [p.category, p.brand].includes(record.name))).toBe(true);
      }
    }
    // No category holds half the catalogue: browsing by category narrows it.
    for (const { categoryId } of all) {
      const inCategory = all.filter((p) => p.categoryId === categoryId);
      expect(inCategory.length).toBeLessThan(all.length / 2);
    }
  });

  it('shows pictures the web app serves, each with its sized copies', async () => {
    const publicFolder = new URL('../../../web/public/', import.meta.url);
    const pictures = (await t.handle.db.select().from(products)).flatMap((p) => p.images);
    for (const picture of pictures) {
      for (const file of [picture, ...IMAGE_WIDTHS.map((width) => sizedImage(picture, width))]) {
        expect(existsSync(fileURLToPath(new URL(`.${file}`, publicFolder))), file).toBe(true);
      }
    }
  });

  it('gives every product its variants, and the product the summary of them', async () => {
    const all = await t.handle.db.select().from(products);
    const variants = await t.handle.db
      .select()
      .from(productVariants)
      .orderBy(asc(productVariants.position));
    const skus = variants.map((variant) => variant.sku.toLowerCase());
    expect(new Set(skus).size).toBe(skus.length);
    for (const product of all) {
      const own = variants.filter((variant) => variant.productId === product.id);
      expect(own.length, product.name).toBeGreaterThanOrEqual(1);
      expect(checkVariantSet(product.options, own), product.name).toBeUndefined();
      for (const variant of own) {
        expect(variant.sku, product.name).toMatch(SKU_PATTERN);
        expect(variant.sku, product.name).not.toMatch(/^P-/);
        if (variant.image !== null) expect(product.images).toContain(variant.image);
      }
      const offered = own.filter((variant) => variant.active);
      const prices = offered.map((variant) => Number(variant.price ?? product.price));
      expect(product, product.name).toMatchObject({
        countInStock: offered.reduce((sum, variant) => sum + variant.countInStock, 0),
        variantCount: own.length,
      });
      expect(Number(product.minPrice), product.name).toBe(Math.min(...prices));
      expect(Number(product.maxPrice), product.name).toBe(Math.max(...prices));
    }
    // Products without options keep their stock in their one variant, which chooses nothing.
    const simple = all.filter((product) => product.options.length === 0);
    expect(simple.length).toBeGreaterThanOrEqual(12);
    for (const product of simple) {
      const [only] = variants.filter((variant) => variant.productId === product.id);
      expect(only, product.name).toMatchObject({
        options: {},
        price: null,
        countInStock: product.countInStock,
      });
    }
  });

  it('shows options at once: a shirt in sizes and colours, one missing and one sold out, and a dearer size', async () => {
    const all = await t.handle.db.select().from(products);
    const variants = await t.handle.db
      .select()
      .from(productVariants)
      .orderBy(asc(productVariants.position));
    const withOptions = all.filter((product) => product.options.length > 0);
    expect(withOptions.length).toBeGreaterThanOrEqual(2);

    const shirt = all.find((product) => product.name === 'Trailmoss Trail Shirt')!;
    expect(shirt.options).toEqual([
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Blue', 'Green'] },
    ]);
    const shirtVariants = variants.filter((variant) => variant.productId === shirt.id);
    expect(shirtVariants.map((variant) => [variant.sku, variant.countInStock])).toEqual([
      ['TS-BLU-S', 8],
      ['TS-BLU-M', 12],
      ['TS-BLU-L', 6],
      ['TS-GRN-S', 0],
      ['TS-GRN-M', 5],
    ]);
    expect(shirtVariants.length).toBeLessThan(allCombinations(shirt.options).length);
    expect(shirt).toMatchObject({ countInStock: 31, variantCount: 5, minPrice: '39.00' });
    // Each colour shows its picture, one of the product's.
    for (const variant of shirtVariants) {
      expect(variant.image).toBe(
        variant.options.Colour === 'Green' ? '/images/trail-shirt-green.webp' : shirt.image,
      );
    }
    expect(new Set(shirtVariants.map((variant) => variant.image)).size).toBe(2);

    const hoodie = all.find((product) => product.name === 'Trailmoss Fleece Hoodie')!;
    expect(hoodie).toMatchObject({
      price: '69.00',
      minPrice: '69.00',
      maxPrice: '74.00',
      variantCount: 5,
    });
    const xxl = variants.find(
      (variant) => variant.productId === hoodie.id && variant.options.Size === 'XXL',
    );
    expect(xxl).toMatchObject({ sku: 'FH-XXL', price: '74.00' });

    // Among the home page's "Latest Products" (the eight newest).
    const newest = all.toSorted((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    expect(newest.slice(0, 8).map((product) => product.id)).toContain(shirt.id);
  });

  it('stores each product rating as the average of its reviews', async () => {
    const reviewed = (await t.handle.db.select().from(products)).filter((p) => p.numReviews > 0);
    for (const product of reviewed) {
      const ratings = await t.handle.db
        .select({ rating: reviews.rating })
        .from(reviews)
        .where(eq(reviews.productId, product.id));
      const average = ratings.reduce((sum, r) => sum + r.rating, 0) / ratings.length;
      expect(ratings.length).toBe(product.numReviews);
      expect(Number(product.rating)).toBeCloseTo(average, 2);
    }
  });

  it('ships to the EU with VAT and an express method by weight, and elsewhere as the spec says', async () => {
    const rules = await pricingRules(t.handle.db);
    expect(rules.zones.map((zone) => zone.name)).toEqual(['European Union', 'Everywhere']);
    const [eu, everywhere] = rules.zones;
    expect(eu!.countries).toHaveLength(27);
    expect(everywhere).toEqual(DEFAULT_PRICING_RULES.zones[0]);
    expect(rules.taxClasses.map((c) => [c.name, c.isDefault])).toEqual([
      ['Standard', true],
      ['Reduced', false],
      ['Zero', false],
    ]);
    expect(rules.pricesIncludeTax).toBe(false);
    const classId = (name: string) => rules.taxClasses.find((c) => c.name === name)!.id;
    const stored = await t.handle.db
      .select({
        key: products.image,
        taxClassId: products.taxClassId,
        weight: productVariants.weightGrams,
      })
      .from(products)
      .innerJoin(productVariants, eq(productVariants.productId, products.id));
    // Every variant weighs something; the e-reader (standing for books) is taxed reduced.
    expect(stored.every((row) => row.weight !== null && row.weight > 0)).toBe(true);
    const reduced = stored.filter((row) => row.taxClassId === classId('Reduced'));
    expect(reduced.map((row) => row.key)).toEqual(['/images/e-reader.webp']);

    // A 2.4 kg order of a camera (Standard) and an e-reader (Reduced) to Germany by express.
    const camera = { price: 100, qty: 1, grams: 650, taxClassId: null };
    const reader = { price: 50, qty: 1, grams: 1750, taxClassId: classId('Reduced') };
    const express = rules.methods.find((m) => m.zoneId === eu!.id && m.name === 'Express')!;
    const toGermany = priceCheckout(
      [camera, reader],
      undefined,
      rules,
      { country: 'DE' },
      express.id,
    );
    expect(toGermany.kind === 'priced' && toGermany.prices).toEqual({
      itemsPrice: 150,
      discountPrice: 0,
      shippingPrice: 29.9,
      // 20 % of 100 + 7 % of 50 + 20 % of the 29.90 shipping (5.98).
      taxPrice: 29.48,
      totalPrice: 209.38,
    });
    // Standard in the EU: 9.90, free above 100.
    const standard = priceCheckout([reader], undefined, rules, { country: 'FR' });
    expect(standard.kind === 'priced' && standard.shipping.name).toBe('Standard');
    expect(standard.kind === 'priced' && standard.prices.shippingPrice).toBe(9.9);
    // Elsewhere, the spec's figures for every product, the reduced one too.
    const toUs = priceCheckout([camera, reader], undefined, rules, { country: 'US' });
    expect(toUs.kind === 'priced' && toUs.prices).toEqual(
      computeOrderPrices([camera, reader].map(({ price, qty }) => ({ price, qty }))),
    );
  });

  it('makes a random password when none is given, and reseeds after a wipe', async () => {
    await wipeDatabase(t.handle.db);
    expect(await isDatabaseEmpty(t.handle.db)).toBe(true);
    // The settings a new shop starts with, the migration's.
    const wiped = await pricingRules(t.handle.db);
    expect(wiped).toEqual(DEFAULT_PRICING_RULES);
    expect(await t.handle.db.$count(productVariants)).toBe(0);
    const result = await seedDemoData(t.handle.db);
    expect(result.passwordWasGenerated).toBe(true);
    expect(result.password).toMatch(/^[A-Za-z0-9]{16}$/);
    const [admin] = await t.handle.db
      .select()
      .from(users)
      .where(eq(users.email, 'admin@example.com'));
    expect(await verifyPassword(admin!.passwordHash, result.password)).toBe(true);
    expect((await pricingRules(t.handle.db)).zones.map((zone) => zone.name)).toEqual([
      'European Union',
      'Everywhere',
    ]);
    // The same SKUs again: none was left behind to clash with.
    expect(await t.handle.db.$count(productVariants)).toBe(
      (await t.handle.db.select().from(products)).reduce(
        (sum, product) => sum + product.variantCount,
        0,
      ),
    );
  });
});

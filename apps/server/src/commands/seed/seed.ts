import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { slugify } from '@proshop/domain/slugs';
import type { TaxonomyKind } from '@proshop/domain/taxonomy-schemas';
import { products, productVariants, reviews, users } from '../../db/schema.ts';
import { hashPassword } from '../../modules/auth/password.ts';
import { announceCatalogueChange } from '../../modules/catalogue-cache/catalogue-changes.ts';
import { refreshVariantSummaries } from '../../modules/products/variant-summary.ts';
import { ratingCopies } from '../../modules/products/copies.ts';
import { refreshRatings } from '../../modules/reviews/service.ts';
import { restoreDefaultShippingSettings } from '../../modules/shipping/default-settings.ts';
import { taxonomyTable } from '../../modules/taxonomy/tables.ts';
import {
  demoBrands,
  demoCategories,
  demoProducts,
  demoReviews,
  hasOptions,
  type DemoProduct,
  type DemoReview,
  type DemoTaxonomy,
} from './demo-catalogue.ts';
import { seedDemoShipping } from './demo-shipping.ts';

export const demoAccounts = [
  { key: 'admin', name: 'Admin User', email: 'admin@example.com', isAdmin: true },
  { key: 'john', name: 'John Doe', email: 'john@example.com', isAdmin: false },
  { key: 'jane', name: 'Jane Doe', email: 'jane@example.com', isAdmin: false },
] as const satisfies readonly {
  key: DemoReview['author'];
  name: string;
  email: string;
  isAdmin: boolean;
}[];

export interface SeedResult {
  products: number;
  users: number;
  /** The demo accounts' password: DEMO_PASSWORD, or a random one made for this seed. */
  password: string;
  passwordWasGenerated: boolean;
}

/** A password a person can type: 16 letters and digits from a secure source. */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16);
}

/** True when there is nothing to lose: no users and no products. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  const [anyProduct] = await db.select({ id: products.id }).from(products).limit(1);
  return !anyUser && !anyProduct;
}

/**
 * Removes every row of the shop's tables (the schema stays); the shipping and tax settings go
 * back to those a new shop starts with (migration 0026's). Servers running on the same
 * PostgreSQL database drop their cached catalogue, as after every seeding.
 */
export async function wipeDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`truncate table mail_outbox, password_resets, order_items, orders, reviews, product_variants, products, categories, brands, users restart identity cascade`,
    );
    await restoreDefaultShippingSettings(tx);
    await announceCatalogueChange(tx);
  });
}

/** Makes the demo categories or brands with their descriptions; answers them by name. */
async function insertDemoTaxonomy(
  tx: Database,
  kind: TaxonomyKind,
  records: readonly DemoTaxonomy[],
): Promise<Map<string, { id: string; name: string }>> {
  const table = taxonomyTable(kind);
  const rows = await tx
    .insert(table)
    .values(records.map(({ name, description }) => ({ name, slug: slugify(name), description })))
    .returning({ id: table.id, name: table.name });
  return new Map(rows.map((row) => [row.name, row]));
}

/** The variants of a demo product as rows: its one variant without options, or those it lists. */
function variantRows(product: DemoProduct, productId: string) {
  if (!hasOptions(product)) {
    return [{ productId, sku: product.sku, countInStock: product.countInStock }];
  }
  return product.variants.map((variant, position) => ({
    productId,
    sku: variant.sku,
    options: variant.options,
    price: variant.price === undefined ? null : variant.price.toFixed(2),
    countInStock: variant.countInStock,
    image: variant.image ?? null,
    position,
  }));
}

/** Fills the shop with the demo catalogue, reviews and the three demo accounts, in one transaction. */
export async function seedDemoData(db: Database, demoPassword?: string): Promise<SeedResult> {
  const password = demoPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const insertedUsers = await tx
      .insert(users)
      .values(
        // The demo accounts are confirmed: they are the shop's own, and may order at once.
        demoAccounts.map(({ name, email, isAdmin }) => ({
          name,
          email,
          isAdmin,
          passwordHash,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id, email: users.email, name: users.name });
    const accountByKey = new Map(
      demoAccounts.map((account) => [
        account.key,
        insertedUsers.find((u) => u.email === account.email)!,
      ]),
    );
    const admin = accountByKey.get('admin')!;

    const categoryByName = await insertDemoTaxonomy(tx, 'category', demoCategories);
    const brandByName = await insertDemoTaxonomy(tx, 'brand', demoBrands);

    // Creation times fall from the first product to the last, so "Latest Products" (newest
    // first) lists the catalogue in its written order.
    const productIdByKey = new Map<string, string>();
    const start = Date.now() - demoProducts.length * 60_000;
    for (const [index, product] of demoProducts.entries()) {
      const brand = brandByName.get(product.brand)!;
      const category = categoryByName.get(product.category)!;
      const [row] = await tx
        .insert(products)
        .values({
          userId: admin.id,
          name: product.name,
          image: product.images[0],
          images: [...product.images],
          brand: brand.name,
          brandId: brand.id,
          category: category.name,
          categoryId: category.id,
          description: product.description,
          price: product.price.toFixed(2),
          options: hasOptions(product) ? [...product.options] : [],
          createdAt: new Date(start + (demoProducts.length - index) * 60_000),
        })
        .returning({ id: products.id });
      productIdByKey.set(product.key, row!.id);
    }
    // Every product has its variants; the products' stock and prices are their summary.
    await tx
      .insert(productVariants)
      .values(
        demoProducts.flatMap((product) => variantRows(product, productIdByKey.get(product.key)!)),
      );
    await refreshVariantSummaries(tx, [...productIdByKey.values()]);
    await seedDemoShipping(tx, productIdByKey);

    for (const review of demoReviews) {
      const author = accountByKey.get(review.author)!;
      await tx.insert(reviews).values({
        productId: productIdByKey.get(review.productKey)!,
        userId: author.id,
        name: author.name,
        rating: review.rating,
        comment: review.comment,
      });
    }
    await refreshRatings(
      tx,
      ratingCopies,
      new Set(demoReviews.map((r) => productIdByKey.get(r.productKey)!)),
    );
    await announceCatalogueChange(tx);
  });
  return {
    products: demoProducts.length,
    users: demoAccounts.length,
    password,
    passwordWasGenerated: demoPassword === undefined,
  };
}

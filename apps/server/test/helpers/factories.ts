import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { products, productVariants, users } from '../../src/db/schema.ts';
import type { OptionChoice, ProductOption } from '@proshop/domain/variants';
import { insertImplicitVariant } from '../../src/modules/products/variants-repository.ts';
import { refreshVariantSummaries } from '../../src/modules/products/variant-summary.ts';
import { hashPassword } from '../../src/modules/auth/password.ts';
import { findOrCreateTaxonomy } from '../../src/modules/taxonomy/find-or-create.ts';
import { signToken } from '../../src/modules/auth/tokens.ts';

type NewProduct = typeof products.$inferInsert;
type NewUser = typeof users.$inferInsert;

export const TEST_PASSWORD = 'correct horse battery';

/**
 * A product as the shop stores it: its brand and category (by name, '' for none) found or made as
 * records, as the admin's edit does; its pictures default to its `image`; its stock
 * (`countInStock`) in its one variant, as every product without options has.
 */
export async function createProduct(db: Database, overrides: Partial<NewProduct> = {}) {
  const row = await insertProductRow(db, overrides);
  await insertImplicitVariant(db, row.id, { countInStock: row.countInStock });
  await refreshVariantSummaries(db, [row.id]);
  return row;
}

export interface TestVariant {
  sku?: string;
  options: OptionChoice;
  price?: string | null;
  countInStock?: number;
  image?: string | null;
  active?: boolean;
}

/**
 * A product with options and these variants (SKUs made unique when not given). Answers the
 * product and its variants' rows in the given order.
 */
export async function createProductWithVariants(
  db: Database,
  options: ProductOption[],
  variants: TestVariant[],
  overrides: Partial<NewProduct> = {},
) {
  const product = await insertProductRow(db, { ...overrides, options });
  const rows = await db
    .insert(productVariants)
    .values(
      variants.map((variant, position) => ({
        productId: product.id,
        sku: variant.sku ?? `T-${randomUUID().slice(0, 13)}`,
        options: variant.options,
        price: variant.price ?? null,
        countInStock: variant.countInStock ?? 5,
        image: variant.image ?? null,
        active: variant.active ?? true,
        position,
      })),
    )
    .returning();
  await refreshVariantSummaries(db, [product.id]);
  return { product, variants: rows };
}

async function insertProductRow(db: Database, overrides: Partial<NewProduct>) {
  const { brand = 'Testbrand', category = 'Testing', ...rest } = overrides;
  const brandRef = await findOrCreateTaxonomy(db, 'brand', brand);
  const categoryRef = await findOrCreateTaxonomy(db, 'category', category);
  const image = rest.image ?? rest.images?.[0] ?? '/images/sample.webp';
  const [row] = await db
    .insert(products)
    .values({
      name: `Test product ${randomUUID().slice(0, 8)}`,
      description: 'A product made by a test.',
      price: '10.00',
      countInStock: 5,
      ...rest,
      image,
      images: rest.images ?? [image],
      brand: brandRef?.name ?? '',
      brandId: brandRef?.id ?? null,
      category: categoryRef?.name ?? '',
      categoryId: categoryRef?.id ?? null,
    })
    .returning();
  return row!;
}

let passwordHash: Promise<string> | undefined;

/**
 * A user as the shop stores one, with a confirmed e-mail address unless `emailVerifiedAt: null`
 * is given (an account that registered and has not followed its link yet).
 */
export async function createUser(db: Database, overrides: Partial<NewUser> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({
      name: 'Test Shopper',
      email: `shopper-${randomUUID()}@example.test`,
      passwordHash: await passwordHash,
      emailVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

/** Marks an account registered through the API as confirmed, as following its link would. */
export async function markEmailConfirmed(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
}

/** The secret createTestApp signs tokens with. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** A user and the headers of their signed-in calls: `inject({ headers: shopper.headers })`. */
export async function createSignedInUser(db: Database, overrides: Partial<NewUser> = {}) {
  const user = await createUser(db, overrides);
  const token = await signToken(user, TEST_JWT_SECRET);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/** An e-mail address no other test uses; the prefix says which test made it. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID()}@example.test`;

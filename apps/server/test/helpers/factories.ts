import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/client.ts';
import { products, users } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/modules/auth/password.ts';
import { findOrCreateTaxonomy } from '../../src/modules/taxonomy/find-or-create.ts';
import { signToken } from '../../src/modules/auth/tokens.ts';

type NewProduct = typeof products.$inferInsert;
type NewUser = typeof users.$inferInsert;

export const TEST_PASSWORD = 'correct horse battery';

/**
 * A product as the shop stores it: its brand and category (by name, '' for none) found or made as
 * records, as the admin's edit does; its pictures default to its `image`.
 */
export async function createProduct(db: Database, overrides: Partial<NewProduct> = {}) {
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

export async function createUser(db: Database, overrides: Partial<NewUser> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({
      name: 'Test Shopper',
      email: `shopper-${randomUUID()}@example.test`,
      passwordHash: await passwordHash,
      ...overrides,
    })
    .returning();
  return row!;
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

import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/db/client.ts';
import { products, users } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/modules/auth/password.ts';

type NewProduct = typeof products.$inferInsert;
type NewUser = typeof users.$inferInsert;

export const TEST_PASSWORD = 'correct horse battery';

export async function createProduct(db: Database, overrides: Partial<NewProduct> = {}) {
  const [row] = await db
    .insert(products)
    .values({
      name: `Test product ${randomUUID().slice(0, 8)}`,
      image: '/images/sample.webp',
      brand: 'Testbrand',
      category: 'Testing',
      description: 'A product made by a test.',
      price: '10.00',
      countInStock: 5,
      ...overrides,
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

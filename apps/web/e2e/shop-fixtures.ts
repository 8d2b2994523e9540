// The `test` of the journeys that make their own data: the demo admin's session, a customer of
// the test's own, and products that live for one test and are deleted after it, passed or
// failed, so no journey sees another's leftovers and no test body needs a try/finally for them.
import { test as base } from '@playwright/test';
import {
  createProduct,
  deleteProduct,
  registerCustomer,
  signInByApi,
  uniqueWord,
  type Product,
  type ProductFields,
  type SessionInfo,
} from './catalogue-api.ts';

interface ShopFixtures {
  /** The demo admin, signed in through the API. */
  admin: SessionInfo;
  /** A customer registered for this test alone, signed in through the API. */
  customer: SessionInfo;
  /** Makes a product named `label` and a unique suffix, the rest from `fields` or the sample. */
  addProduct: (label: string, fields?: Partial<Omit<ProductFields, 'name'>>) => Promise<Product>;
  /** Deletes the product after the test: for one the test makes through the admin screens. */
  deleteAfterTest: (productId: string) => void;
}

export const test = base.extend<ShopFixtures>({
  admin: async ({ request }, use) => {
    await use(await signInByApi(request));
  },
  customer: async ({ request }, use) => {
    await use(await registerCustomer(request));
  },
  deleteAfterTest: async ({ request, admin }, use) => {
    const productIds: string[] = [];
    await use((productId) => {
      productIds.push(productId);
    });
    for (const productId of productIds) await deleteProduct(request, admin, productId);
  },
  addProduct: async ({ request, admin, deleteAfterTest }, use) => {
    await use(async (label, fields = {}) => {
      const product = await createProduct(request, admin, {
        ...fields,
        name: uniqueWord(`${label} `),
      });
      deleteAfterTest(product._id);
      return product;
    });
  },
});

export { expect } from '@playwright/test';

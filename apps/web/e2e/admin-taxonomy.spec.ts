// The admin's categories: create one, rename it, be refused deleting it while a product is in it,
// merge it into another; and the product form suggesting the categories that exist.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  createProduct,
  deleteProduct,
  uniqueWord,
  type Product,
  type ProductFields,
} from './catalogue-api.ts';
import { expect, test as base } from './fixtures.ts';
import { bearer, openSignedIn, type SessionInfo } from './session.ts';

interface Category {
  _id: string;
  name: string;
  slug: string;
  productCount: number;
}

async function listCategories(request: APIRequestContext): Promise<Category[]> {
  const response = await request.get('/api/categories');
  expect(response.status()).toBe(200);
  return (await response.json()) as Category[];
}

class CleanUp {
  readonly products: string[] = [];
  readonly categoryNames = new Set<string>();

  async run(request: APIRequestContext, admin: SessionInfo) {
    for (const id of this.products) await deleteProduct(request, admin, id);
    for (const category of await listCategories(request)) {
      if (!this.categoryNames.has(category.name)) continue;
      const deleted = await request.delete(`/api/categories/${category._id}`, {
        headers: bearer(admin),
      });
      expect([200, 404], await deleted.text()).toContain(deleted.status());
    }
  }
}

interface TaxonomyFixtures {
  /**
   * Makes a product named `label` and a unique suffix. After the test its products are deleted,
   * then every category that had a name given to `forgetCategory` (a used one cannot be).
   */
  addProductIn: (label: string, fields: Partial<Omit<ProductFields, 'name'>>) => Promise<Product>;
  /** Deletes, after the test, the category that has or had this name. */
  forgetCategory: (name: string) => void;
}

const test = base.extend<TaxonomyFixtures & { cleanUp: CleanUp }>({
  cleanUp: async ({ request, admin }, use) => {
    const cleanUp = new CleanUp();
    await use(cleanUp);
    await cleanUp.run(request, admin);
  },
  addProductIn: async ({ request, admin, cleanUp }, use) => {
    await use(async (label, fields) => {
      const product = await createProduct(request, admin, {
        ...fields,
        name: uniqueWord(`${label} `),
      });
      cleanUp.products.push(product._id);
      return product;
    });
  },
  forgetCategory: async ({ cleanUp }, use) => {
    await use((name) => cleanUp.categoryNames.add(name));
  },
});

/** The list's row of a category, found by its name cell. */
function categoryRow(page: Page, name: string) {
  return page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
}

test.describe('admin categories', () => {
  test('an admin creates a category, renames it, cannot delete it while used, and merges it', async ({
    page,
    admin,
    addProductIn,
    forgetCategory,
  }) => {
    const name = uniqueWord('Kites ');
    const renamed = uniqueWord('Stunt Kites ');
    const target = uniqueWord('Outdoor Toys ');
    for (const each of [name, renamed, target]) forgetCategory(each);

    // Reached through the admin's side navigation (the header's link: admin-shell.spec.ts).
    await openSignedIn(page, admin, '/admin/productlist');
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Categories', exact: true })
      .click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    await expect(main.getByRole('columnheader')).toHaveText([
      'NAME',
      'SLUG',
      'PRODUCTS',
      'Actions',
    ]);

    // Create: the slug is made from the name.
    await main.getByLabel('New category').fill(name);
    await main.getByRole('button', { name: 'Create category' }).click();
    await expect(main.getByRole('alert')).toHaveText(`Category "${name}" created`);
    await expect(categoryRow(page, name).getByRole('cell')).toHaveText([
      name,
      name.toLowerCase().replaceAll(' ', '-'),
      '0',
      /Edit/,
    ]);

    // Rename.
    await main.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'Edit Category' })).toBeVisible();
    await main.getByLabel('Name').fill(renamed);
    await main.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL('/admin/categories');
    await expect(categoryRow(page, renamed)).toBeVisible();
    await expect(categoryRow(page, name)).toHaveCount(0);

    // A product in it: deleting is refused with the count, and the category stays.
    const kite = await addProductIn('Delta Kite', { category: renamed });
    await addProductIn('Frisbee', { category: target });
    await page.reload();
    await expect(categoryRow(page, renamed).getByRole('cell').nth(2)).toHaveText('1');
    page.once('dialog', (dialog) => void dialog.accept());
    await main.getByRole('button', { name: `Delete ${renamed}` }).click();
    await expect(main.getByRole('alert')).toHaveText(
      '1 product is in this category: move it to another or merge it',
    );
    await expect(categoryRow(page, renamed)).toBeVisible();

    // Merge into the other category, after a confirmation naming both.
    await main.getByRole('link', { name: `Edit ${renamed}` }).click();
    await main.getByLabel('Merge into').selectOption({ label: target });
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await main.getByRole('button', { name: 'Merge' }).click();
    await expect(page).toHaveURL('/admin/categories');
    expect(question).toBe(
      `Move its 1 product to "${target}" and delete the category "${renamed}"?`,
    );
    await expect(categoryRow(page, renamed)).toHaveCount(0);
    await expect(categoryRow(page, target).getByRole('cell').nth(2)).toHaveText('2');

    // The storefront shows the product in its new category, without a reload.
    await categoryRow(page, target)
      .getByRole('link', { name: /^outdoor-toys-/ })
      .click();
    await expect(main.getByRole('heading', { level: 1, name: target })).toBeVisible();
    await expect(main.getByRole('link', { name: kite.name }).first()).toBeVisible();
  });

  test('the product form suggests the categories and brands that exist', async ({
    page,
    admin,
    addProductIn,
    forgetCategory,
  }) => {
    const category = uniqueWord('Suggested ');
    forgetCategory(category);
    const product = await addProductIn('Suggesting Lamp', { category });
    await openSignedIn(page, admin, `/admin/product/${product._id}/edit`);
    const field = page.getByRole('main').getByLabel('Category');
    await expect(field).toHaveValue(category);
    const listId = await field.getAttribute('list');
    await expect(page.locator(`datalist#${listId} option[value="${category}"]`)).toHaveCount(1);
    const brandList = await page.getByRole('main').getByLabel('Brand').getAttribute('list');
    await expect(page.locator(`datalist#${brandList} option`).first()).toBeAttached();
  });
});

import type { APIRequestContext, Page } from '@playwright/test';
import {
  createProduct,
  deleteProduct,
  uniqueWord,
  type Product,
  type ProductFields,
} from './catalogue-api.ts';
import { expect, test as shopTest } from './fixtures.ts';
import { paypalShopURL } from './paypal-servers.ts';
import { bearer, type SessionInfo } from './session.ts';

/** The e2e server's PAGE_SIZE (the default). */
const PAGE_SIZE = 8;

/** A product with the slugs the server gave its category and brand. */
type ListedProduct = Product & { categorySlug: string | null; brandSlug: string | null };

/** A category or brand as GET /api/categories/{slug} answers it. */
interface Taxonomy {
  _id: string;
  name: string;
  slug: string;
}

interface CatalogueFixtures {
  /**
   * Makes a product whose category and brand (named in `fields`) are made by the edit when the
   * shop has none of that name. After the test its products are deleted, then the categories and
   * brands they made (a category in use cannot be deleted).
   */
  addListed: (
    label: string,
    fields: Partial<Omit<ProductFields, 'name'>>,
  ) => Promise<ListedProduct>;
}

async function deleteTaxonomy(
  request: APIRequestContext,
  admin: SessionInfo,
  kind: 'categories' | 'brands',
  slug: string,
): Promise<void> {
  const found = await request.get(`/api/${kind}/${encodeURIComponent(slug)}`);
  if (found.status() === 404) return;
  const { _id } = (await found.json()) as Taxonomy;
  const deleted = await request.delete(`/api/${kind}/${_id}`, { headers: bearer(admin) });
  expect([200, 204, 404], await deleted.text()).toContain(deleted.status());
}

const test = shopTest.extend<CatalogueFixtures>({
  addListed: async ({ request, admin }, use) => {
    const made: ListedProduct[] = [];
    await use(async (label, fields) => {
      const { _id } = await createProduct(request, admin, {
        ...fields,
        name: uniqueWord(`${label} `),
      });
      const response = await request.get(`/api/products/${_id}`);
      expect(response.status(), await response.text()).toBe(200);
      const product = (await response.json()) as ListedProduct;
      made.push(product);
      return product;
    });
    for (const product of made) await deleteProduct(request, admin, product._id);
    const slugs = (key: 'categorySlug' | 'brandSlug') =>
      new Set(made.flatMap((product) => (product[key] ? [product[key]] : [])));
    for (const slug of slugs('categorySlug'))
      await deleteTaxonomy(request, admin, 'categories', slug);
    for (const slug of slugs('brandSlug')) await deleteTaxonomy(request, admin, 'brands', slug);
  },
});

function cards(page: Page) {
  return page.getByRole('main').locator('.card');
}

function cardNames(page: Page) {
  return cards(page).getByRole('heading').allTextContents();
}

/** The names of `products` in the order the shop lists them by price, cheapest first. */
function byPrice(products: ListedProduct[]): string[] {
  return [...products].sort((a, b) => a.price - b.price).map((product) => product.name);
}

interface Catalogue {
  category: { name: string; slug: string };
  acme: { name: string; slug: string };
  globex: { name: string; slug: string };
  /** Acme's products priced 20 to 29.50: a page and a bit of them. */
  acmeInRange: ListedProduct[];
}

/**
 * A category of the test's own with two brands: more Acme products between $15 and $35 than a
 * page holds, two dearer Acme products, and three Globex ones.
 */
async function makeCatalogue(addListed: CatalogueFixtures['addListed']): Promise<Catalogue> {
  const categoryName = uniqueWord('Nav Lamps ');
  const acmeName = uniqueWord('Acme ');
  const globexName = uniqueWord('Globex ');
  const base = { category: categoryName, countInStock: 5 };
  const acmeInRange: ListedProduct[] = [];
  for (let i = 0; i < PAGE_SIZE + 2; i++) {
    acmeInRange.push(await addListed('Acme Lamp', { ...base, brand: acmeName, price: 20 + i }));
  }
  for (const price of [80, 90])
    await addListed('Acme Dear Lamp', { ...base, brand: acmeName, price });
  for (const price of [21.5, 22.5, 23.5]) {
    await addListed('Globex Lamp', { ...base, brand: globexName, price });
  }
  const { categorySlug, brandSlug } = acmeInRange[0]!;
  const globex = (await addListed('Globex Lamp', { ...base, brand: globexName, price: 24.5 }))
    .brandSlug;
  expect(categorySlug && brandSlug && globex).toBeTruthy();
  return {
    category: { name: categoryName, slug: categorySlug! },
    acme: { name: acmeName, slug: brandSlug! },
    globex: { name: globexName, slug: globex! },
    acmeInRange,
  };
}

test.describe('catalogue navigation', () => {
  // These tests make more products than a page holds: on the second shop, where no other test
  // looks for its own products among the newest.
  test.use({ baseURL: paypalShopURL });

  test('browse a category from the header, narrow by brand and price, sort, share, page and go back', async ({
    page,
    browser,
    addListed,
  }) => {
    const { category, acme, acmeInRange } = await makeCatalogue(addListed);
    const categoryPath = `/category/${encodeURIComponent(category.slug)}`;
    const main = page.getByRole('main');
    const filters = page.getByRole('complementary', { name: 'Product filters' });
    const chips = main.getByRole('list', { name: 'Active filters' });

    await page.goto('/');
    const menu = page.getByRole('banner').getByRole('button', { name: 'Categories' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('banner').getByRole('link', { name: category.name, exact: true }).click();

    await expect(page).toHaveURL(categoryPath);
    await expect(main.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
    await expect(page).toHaveTitle(`${category.name} | ProShop`);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    // The page's own category is chosen and stays chosen; it is no chip to remove.
    const ownCategory = filters.getByRole('checkbox', { name: new RegExp(`^${category.name}`) });
    await expect(ownCategory).toBeChecked();
    await expect(ownCategory).toBeDisabled();
    await expect(chips).toHaveCount(0);

    // Narrow by brand: the facet shows how many products each brand has here.
    const acmeBox = filters.getByRole('checkbox', { name: new RegExp(`^${acme.name}`) });
    await expect(acmeBox).toHaveAccessibleName(`${acme.name} (12)`);
    await acmeBox.check();
    await expect(page).toHaveURL(`${categoryPath}?brand=${acme.slug}`);
    await expect(
      chips.getByRole('button', { name: `Remove filter: Brand ${acme.name}` }),
    ).toBeVisible();
    await expect(acmeBox).toBeChecked();

    // ... and by price.
    await filters.getByLabel('Min price').fill('15');
    await filters.getByLabel('Max price').fill('35');
    await filters.getByRole('button', { name: 'Apply' }).click();
    const narrowed = `${categoryPath}?brand=${acme.slug}&minPrice=15&maxPrice=35`;
    await expect(page).toHaveURL(narrowed);
    await expect(
      chips.getByRole('button', { name: 'Remove filter: Price $15 to $35' }),
    ).toBeVisible();

    // Sorted by price, the cheapest of the brand's products in the range come first.
    await main.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    const sorted = `${narrowed}&sort=price-asc`;
    await expect(page).toHaveURL(sorted);
    const expected = byPrice(acmeInRange);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    expect(await cardNames(page)).toEqual(expected.slice(0, PAGE_SIZE));

    // The address, opened by someone else, shows the same products with the same choices.
    const other = await browser.newContext();
    const shared = await other.newPage();
    await shared.goto(page.url());
    await expect(cards(shared)).toHaveCount(PAGE_SIZE);
    expect(await cardNames(shared)).toEqual(expected.slice(0, PAGE_SIZE));
    await expect(shared.getByRole('main').getByLabel('Sort by')).toHaveValue('price-asc');
    await expect(
      shared
        .getByRole('complementary', { name: 'Product filters' })
        .getByRole('checkbox', { name: new RegExp(`^${acme.name}`) }),
    ).toBeChecked();
    await other.close();

    // Page 2 keeps every filter and the sort.
    const pageTwo = main
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: '2' });
    await expect(pageTwo).toHaveAttribute(
      'href',
      `${categoryPath}/page/2?brand=${acme.slug}&minPrice=15&maxPrice=35&sort=price-asc`,
    );
    await pageTwo.click();
    await expect(page).toHaveURL(
      `${categoryPath}/page/2?brand=${acme.slug}&minPrice=15&maxPrice=35&sort=price-asc`,
    );
    await expect(cards(page)).toHaveCount(2);
    expect(await cardNames(page)).toEqual(expected.slice(PAGE_SIZE));
    await expect(
      chips.getByRole('button', { name: `Remove filter: Brand ${acme.name}` }),
    ).toBeVisible();

    // Back goes through the earlier choices, one at a time.
    await page.goBack();
    await expect(page).toHaveURL(sorted);
    expect(await cardNames(page)).toEqual(expected.slice(0, PAGE_SIZE));
    await page.goBack();
    await expect(page).toHaveURL(narrowed);
    await expect(main.getByLabel('Sort by')).toHaveValue('newest');
    await expect(filters.getByLabel('Min price')).toHaveValue('15');
    await page.goBack();
    await expect(page).toHaveURL(`${categoryPath}?brand=${acme.slug}`);
    await expect(filters.getByLabel('Min price')).toHaveValue('');
    await expect(acmeBox).toBeChecked();
    await expect(
      chips.getByRole('button', { name: 'Remove filter: Price $15 to $35' }),
    ).toHaveCount(0);

    // A chip removes its filter; Clear all removes the rest.
    await page.goForward();
    await expect(page).toHaveURL(narrowed);
    await chips.getByRole('button', { name: `Remove filter: Brand ${acme.name}` }).click();
    await expect(page).toHaveURL(`${categoryPath}?minPrice=15&maxPrice=35`);
    await expect(acmeBox).not.toBeChecked();
    await chips.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(categoryPath);
    await expect(chips).toHaveCount(0);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
  });

  test('filters that match nothing say so and can be cleared', async ({ page, addListed }) => {
    const { category, globex } = await makeCatalogue(addListed);
    const categoryPath = `/category/${encodeURIComponent(category.slug)}`;
    await page.goto(`${categoryPath}?brand=${globex.slug}&minPrice=50`);
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toContainText('No products match these filters.');
    await expect(cards(page)).toHaveCount(0);
    await main.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(page).toHaveURL(categoryPath);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
  });

  test('on a phone, the header leads to a category and the filters open as a sheet', async ({
    page,
    addListed,
  }) => {
    const { category, acme } = await makeCatalogue(addListed);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Toggle navigation' }).click();
    await header.getByRole('button', { name: 'Categories' }).click();
    await header.getByRole('link', { name: category.name, exact: true }).click();
    await expect(page).toHaveURL(`/category/${encodeURIComponent(category.slug)}`);
    await expect(header.getByRole('button', { name: 'Categories' })).toBeHidden();

    const main = page.getByRole('main');
    const open = main.getByRole('button', { name: /^Filters/ });
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await expect(sheet).toHaveCount(0);
    await open.click();
    await expect(sheet).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'true');

    await sheet.getByRole('checkbox', { name: new RegExp(`^${acme.name}`) }).check();
    await expect(page).toHaveURL(
      `/category/${encodeURIComponent(category.slug)}?brand=${acme.slug}`,
    );
    await sheet.getByLabel('In stock only').check();
    await expect(page).toHaveURL(
      `/category/${encodeURIComponent(category.slug)}?brand=${acme.slug}&inStock=1`,
    );
    await sheet.getByRole('button', { name: 'Show results' }).click();
    await expect(sheet).toBeHidden();
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await expect(open).toHaveText('Filters (2)');
    await expect(
      main.getByRole('button', { name: `Remove filter: Brand ${acme.name}` }),
    ).toBeVisible();
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
  });

  test("a brand's page, a missing category, and the product page's breadcrumbs", async ({
    page,
    addListed,
  }) => {
    const categoryName = uniqueWord('Nav Mugs ');
    const brandName = uniqueWord('Initech ');
    const inCategory = await addListed('Crumb Mug', { category: categoryName, brand: brandName });
    const loose = await addListed('Loose Mug', { category: '', brand: brandName });

    await page.goto(`/brand/${encodeURIComponent(inCategory.brandSlug!)}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: brandName })).toBeVisible();
    await expect(page).toHaveTitle(`${brandName} | ProShop`);
    expect((await cardNames(page)).sort()).toEqual([inCategory.name, loose.name].sort());
    await expect(main.getByRole('list', { name: 'Active filters' })).toHaveCount(0);

    await main.getByRole('link', { name: inCategory.name }).first().click();
    const crumbs = main.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem')).toHaveText(['Home', categoryName, inCategory.name]);
    await expect(crumbs.getByRole('link', { name: categoryName })).toHaveAttribute(
      'href',
      `/category/${encodeURIComponent(inCategory.categorySlug!)}`,
    );
    await expect(crumbs.getByText(inCategory.name)).toHaveAttribute('aria-current', 'page');

    await page.goto(`/product/${loose._id}`);
    await expect(crumbs.getByRole('listitem')).toHaveText(['Home', loose.name]);

    await page.goto(`/category/${uniqueWord('no-such-')}`);
    await expect(main.getByRole('heading', { level: 1, name: 'Category not found' })).toBeVisible();
    await expect(page).toHaveTitle('Category not found | ProShop');
  });
});

// The head the web app keeps true as the shopper moves between screens without a page load
// (decision 0030): each screen's tab title `{title} | ProShop`; on public screens (lists, search,
// product, category, brand) a description and the canonical address, without `noindex`; on
// private ones (cart, sign-in, account, checkout, order, admin) `noindex` and no canonical. The
// tags are updated in place, never added twice. Every screen has one h1, and after a client-side
// route change focus is on it, so a screen reader announces the new screen.
import type { Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  createProduct,
  deleteProduct,
  deleteTaxonomy,
  findTaxonomy,
  uniqueWord,
  type Product,
  type Taxonomy,
} from './catalogue-api.ts';
import { expect, test as base } from './fixtures.ts';
import { placeOrderByApi } from './orders-api.ts';
import { openSignedIn } from './session.ts';
import { ANY_COUNTRY } from './address-form.ts';

interface Listed {
  /** A product with a description longer than a search result shows. */
  product: Product;
  category: Taxonomy;
  brand: Taxonomy;
  /** A word of the product's name only. */
  keyword: string;
}

const SENTENCE = 'Hand-thrown stoneware, glazed twice and fired hot for a finish that lasts. ';

/** The app's main (the server's first content, for readers without script, has one too). */
const mainOf = (page: Page): Locator => page.locator('#main');

const test = base.extend<{ listed: Listed }>({
  listed: async ({ request, admin }, use) => {
    const keyword = uniqueWord('Titlecheck');
    const product = await createProduct(request, admin, {
      name: `${keyword} Stoneware Mug`,
      description: SENTENCE.repeat(4).trim(),
      category: uniqueWord('Mugs '),
      brand: uniqueWord('Potter '),
      countInStock: 5,
    });
    const category = await findTaxonomy(request, 'categories', product.category);
    const brand = await findTaxonomy(request, 'brands', product.brand);
    await use({ product, category, brand, keyword });
    await deleteProduct(request, admin, product._id);
    await deleteTaxonomy(request, admin, 'categories', category._id);
    await deleteTaxonomy(request, admin, 'brands', brand._id);
  },
});

test.describe.configure({ timeout: 90_000 });

const head = (page: Page) => ({
  title: page.locator('head > title'),
  description: page.locator('head > meta[name="description"]'),
  canonical: page.locator('head > link[rel="canonical"]'),
  robots: page.locator('head > meta[name="robots"]'),
});

/** The screen's one h1 and its tab title; each head tag at most once. */
async function expectScreen(page: Page, title: string) {
  await expect(page).toHaveTitle(`${title} | ProShop`);
  await expect(page.locator('#main h1'), `${title}: one main heading`).toHaveCount(1);
  const tags = head(page);
  await expect(tags.title).toHaveCount(1);
  await expect(tags.description).toHaveCount(1);
  expect(await tags.canonical.count()).toBeLessThanOrEqual(1);
  expect(await tags.robots.count()).toBeLessThanOrEqual(1);
}

/** A public screen: described, filed under `path` of this shop, open to search engines. */
async function expectPublic(
  page: Page,
  title: string,
  path: string,
  description: string | RegExp = /\S/,
) {
  await expectScreen(page, title);
  const tags = head(page);
  await expect(tags.canonical).toHaveAttribute('href', new URL(path, page.url()).href);
  await expect(tags.robots).toHaveCount(0);
  await expect(tags.description).toHaveAttribute('content', description);
}

/** A private screen (or search results): kept out of search engines, with no canonical address. */
async function expectPrivate(page: Page, title: string) {
  await expectScreen(page, title);
  const tags = head(page);
  await expect(tags.robots).toHaveAttribute('content', /^noindex\b/);
  await expect(tags.canonical).toHaveCount(0);
}

/** After a route change without a page load: focus on the new screen's main heading. */
async function expectHeadingFocused(page: Page, name: string) {
  await expect(mainOf(page).getByRole('heading', { level: 1, name, exact: true })).toBeFocused();
}

/** Opened with a page load, the page keeps the browser's own start: nothing is focused. */
async function expectNothingFocused(page: Page) {
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
}

test('a shopper moving through the storefront hears each screen and each tab says where they are', async ({
  page,
  listed,
}) => {
  const { product, category, brand, keyword } = listed;
  const main = mainOf(page);
  const banner = page.locator('#root').getByRole('banner');

  await page.goto('/');
  await expectPublic(page, 'Latest Products', '/');
  await expectNothingFocused(page);

  await banner.getByPlaceholder('Search Products..').fill(keyword);
  await banner.getByRole('button', { name: 'Search' }).click();
  // Search results are followed for their links but kept out of the index: endless keywords.
  await expectPrivate(page, `Search: ${keyword}`);
  await expect(head(page).description).toHaveAttribute('content', new RegExp(keyword));
  await expectHeadingFocused(page, `Results for "${keyword}"`);

  await main.getByRole('link', { name: product.name }).first().click();
  // The product's own description, cut after a word near 160 characters.
  await expectPublic(
    page,
    product.name,
    `/product/${product._id}`,
    /^Hand-thrown stoneware, glazed twice .{60,140}\w…$/,
  );
  const description = await head(page).description.getAttribute('content');
  expect(description!.length).toBeLessThanOrEqual(160);
  expect(SENTENCE.repeat(4)).toContain(description!.slice(0, -1));
  await expectHeadingFocused(page, product.name);

  await main
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: category.name })
    .click();
  await expectPublic(page, category.name, `/category/${category.slug}`);
  await expectHeadingFocused(page, category.name);

  // A new sort changes the query alone: same list, same address for search engines, and focus
  // stays with the control the shopper is using.
  const sort = main.getByLabel('Sort by');
  await sort.focus();
  await sort.selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/\?sort=price-asc$/);
  await expect(sort).toBeFocused();
  await expectPublic(page, category.name, `/category/${category.slug}`);

  await banner.getByRole('link', { name: /^Cart/ }).click();
  await expectPrivate(page, 'Shopping Cart');
  await expectHeadingFocused(page, 'Shopping Cart');

  await banner.getByRole('link', { name: 'Sign In' }).click();
  await expectPrivate(page, 'Sign In');
  await expectHeadingFocused(page, 'Sign In');

  await main.getByRole('link', { name: 'Create an account' }).click();
  await expectPrivate(page, 'Register');
  await expectHeadingFocused(page, 'Register');

  // Back to a public screen: open to search engines again.
  await banner.getByRole('link', { name: 'ProShop', exact: true }).click();
  await expectPublic(page, 'Latest Products', '/');
  await expectHeadingFocused(page, 'Latest Products');

  // Each kind of screen opened directly, as a search engine or a shared link would.
  await page.goto(`/brand/${brand.slug}/page/1?sort=price-asc`);
  await expectPublic(page, brand.name, `/brand/${brand.slug}`);
  await expectNothingFocused(page);
  await page.goto('/page/1');
  await expectPublic(page, 'Latest Products', '/');
  await page.goto('/page/2');
  await expectPublic(page, 'Latest Products (page 2)', '/page/2');
  await page.goto(`/product/${product._id}`);
  await expectPublic(page, product.name, `/product/${product._id}`);
  for (const [path, title] of [
    ['/cart', 'Shopping Cart'],
    ['/login', 'Sign In'],
    ['/register', 'Register'],
    ['/forgotpassword', 'Forgot Password'],
    ['/resetpassword', 'Reset Password'],
    ['/no-such-page', 'Page Not Found'],
    [`/category/${uniqueWord('no-such-category-')}`, 'Category not found'],
  ] as const) {
    await page.goto(path);
    await expectPrivate(page, title);
  }
  await page.goto(`/product/${randomUUID()}`);
  await expect(page).toHaveTitle('Product not found | ProShop');
  await expect(head(page).robots).toHaveAttribute('content', /^noindex\b/);
});

test('a shopper checking out hears each step; the account and checkout screens are kept out of search engines', async ({
  page,
  customer,
  listed,
}) => {
  const { product } = listed;
  const main = mainOf(page);
  await openSignedIn(page, customer, '/profile');
  await expectPrivate(page, 'User Profile');
  await page.evaluate(
    ({ id, name, image, price, countInStock }) => {
      const line = { product: id, name, image, price, countInStock, qty: 1 };
      localStorage.setItem('cartItems', JSON.stringify([line]));
    },
    { ...product, id: product._id },
  );

  await page.goto('/shipping');
  await expectPrivate(page, 'Shipping');
  await main.getByLabel('Address', { exact: true }).fill('1 Kiln Lane');
  await main.getByLabel('City').fill('Testville');
  await main.getByLabel('Postal Code').fill('12345');
  await main.getByLabel('Country').selectOption(ANY_COUNTRY);
  await main.getByRole('button', { name: 'Continue' }).click();
  await expectPrivate(page, 'Payment Method');
  await expectHeadingFocused(page, 'Payment Method');
  await main.getByRole('button', { name: 'Continue' }).click();
  await expectPrivate(page, 'Place Order');
  await expectHeadingFocused(page, 'Place Order');
});

test('an admin moving through the admin screens hears each one; they and an order are kept out of search engines', async ({
  page,
  request,
  admin,
  customer,
  listed,
}) => {
  const { product, category, brand } = listed;
  await openSignedIn(page, admin, '/admin/dashboard');
  await expectPrivate(page, 'Dashboard');

  const adminNavigation = page.getByRole('navigation', { name: 'Admin' });
  for (const [item, title] of [
    ['Users', 'Users'],
    ['Products', 'Products'],
    ['Categories', 'Categories'],
    ['Brands', 'Brands'],
    ['Orders', 'Orders'],
    ['Discounts', 'Discounts'],
    ['Settings', 'Shipping & tax'],
    ['Dashboard', 'Dashboard'],
  ] as const) {
    await adminNavigation.getByRole('link', { name: item, exact: true }).click();
    await expectPrivate(page, title);
    await expectHeadingFocused(page, title);
  }

  for (const [path, title] of [
    [`/admin/product/${product._id}/edit`, 'Edit Product'],
    ['/admin/products/import', 'Import Products'],
    [`/admin/category/${category._id}/edit`, 'Edit Category'],
    [`/admin/brand/${brand._id}/edit`, 'Edit Brand'],
    [`/admin/user/${customer._id}/edit`, 'Edit User'],
    ['/admin/discounts/new', 'Create Discount'],
    ['/admin/productlist/1', 'Products'],
    ['/admin/orderlist/1', 'Orders'],
  ] as const) {
    await page.goto(path);
    await expectPrivate(page, title);
  }

  const order = await placeOrderByApi(request, admin, [{ product, qty: 1 }]);
  await page.goto(`/order/${order._id}`);
  await expectPrivate(page, `Order #${order.orderNumber}`);
});

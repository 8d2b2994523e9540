// Every route of the app's router (apps/web/src/app/router.tsx) on a 390 × 844 phone, as the
// user who may open it (the admin for /admin routes): every visible control is a target of at
// least 44 × 44 px (WCAG 2.5.5, with its Inline and Equivalent exceptions: tap-targets.ts), every
// control Tab reaches shows a focus indicator by its computed style, and the header's cart link
// (the admin shell's Storefront link) reads at 4.5:1 or more. A route added to the router and missing here fails the first test.
import type { Locator, Page } from '@playwright/test';
import {
  createProduct,
  deleteProduct,
  deleteTaxonomy,
  findTaxonomy,
  uniqueWord,
  type Product,
  type Taxonomy,
} from './catalogue-api.ts';
import { routerPaths } from '../../../scripts/lib/router-paths.mjs';
import { textContrast } from './contrast.ts';
import { expect, test as base } from './fixtures.ts';
import { payOrderByApi, placeOrderByApi } from './orders-api.ts';
import { bearer, openSignedIn } from './session.ts';
import { focusProblems, smallTargets } from './tap-targets.ts';

interface Catalogue {
  product: Product;
  category: Taxonomy;
  brand: Taxonomy;
  keyword: string;
}

const test = base.extend<{ catalogue: Catalogue }>({
  catalogue: async ({ request, admin }, use) => {
    const keyword = uniqueWord('Tapcheck');
    const product = await createProduct(request, admin, {
      name: `${keyword} Lamp`,
      price: 1299.99,
      countInStock: 5,
      category: uniqueWord('Category '),
      brand: uniqueWord('Brand '),
    });
    const category = await findTaxonomy(request, 'categories', product.category);
    const brand = await findTaxonomy(request, 'brands', product.brand);
    await use({ product, category, brand, keyword });
    await deleteProduct(request, admin, product._id);
    await deleteTaxonomy(request, admin, 'categories', category._id);
    await deleteTaxonomy(request, admin, 'brands', brand._id);
  },
});

// Each test opens and tabs through several screens.
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 390, height: 844 } });

/** The router's paths this spec visits; the last test checks the router has no other. */
const ROUTES = [
  '/',
  '*',
  'page/:pageNumber',
  'search/:keyword',
  'search/:keyword/page/:pageNumber',
  'category/:slug',
  'category/:slug/page/:pageNumber',
  'brand/:slug',
  'brand/:slug/page/:pageNumber',
  'product/:id',
  'cart/:id?',
  'login',
  'register',
  'forgotpassword',
  'resetpassword',
  'confirm-email/:token',
  'profile',
  'wishlist',
  'shipping',
  'payment',
  'placeorder',
  'order/:id',
  'admin',
  'admin/dashboard',
  'admin/productlist/:pageNumber?',
  'admin/product/:id/edit',
  'admin/products/import',
  'admin/categories',
  'admin/brands',
  'admin/category/:id/edit',
  'admin/brand/:id/edit',
  'admin/userlist',
  'admin/user/:id/edit',
  'admin/discounts',
  'admin/discounts/new',
  'admin/discount/:id/edit',
  'admin/orderlist/:pageNumber?',
  'admin/settings',
  'admin/settings/shipping',
] as const;

const heading = (name: string | RegExp) => (main: Locator) =>
  main.getByRole('heading', { name, level: 1 });

/** Opens `path`, waits for `ready`, then checks its controls; `route` is the router's path. */
async function checkRoute(
  page: Page,
  route: (typeof ROUTES)[number],
  path: string,
  ready: (main: Locator) => Locator,
) {
  await page.goto(path);
  await expect(ready(page.getByRole('main')), `${path}: the screen's content`).toBeVisible();
  // The admin shell's header has no cart: its way back to the shop stands in for it.
  const headerLink = page
    .getByRole('banner')
    .getByRole('link', { name: route.startsWith('admin') ? 'Storefront' : /^Cart/ });
  expect
    .soft(await textContrast(headerLink), `${path}: the header link's contrast`)
    .toBeGreaterThanOrEqual(4.5);
  expect.soft(await smallTargets(page), `${path}: controls under 44 × 44 px`).toEqual([]);
  expect.soft(await focusProblems(page), `${path}: controls without a visible focus`).toEqual([]);
}

test.describe('every control of every route, on a 390 px phone', () => {
  test('the catalogue and the cart, signed out', async ({ page, catalogue }) => {
    const { product, category, brand, keyword } = catalogue;
    const productLink = (main: Locator) => main.getByRole('link', { name: product.name }).first();
    await checkRoute(page, '/', '/', heading('Latest Products'));
    await checkRoute(page, 'page/:pageNumber', '/page/2', heading('Latest Products'));
    await checkRoute(page, 'search/:keyword', `/search/${keyword}`, productLink);
    await checkRoute(
      page,
      'search/:keyword/page/:pageNumber',
      `/search/${keyword}/page/1`,
      productLink,
    );
    await checkRoute(page, 'category/:slug', `/category/${category.slug}`, heading(category.name));
    await checkRoute(
      page,
      'category/:slug/page/:pageNumber',
      `/category/${category.slug}/page/1`,
      heading(category.name),
    );
    await checkRoute(page, 'brand/:slug', `/brand/${brand.slug}`, heading(brand.name));
    await checkRoute(
      page,
      'brand/:slug/page/:pageNumber',
      `/brand/${brand.slug}/page/1`,
      heading(brand.name),
    );
    await checkRoute(page, 'product/:id', `/product/${product._id}`, heading(product.name));
    await checkRoute(page, 'cart/:id?', `/cart/${product._id}?qty=1`, heading('Shopping Cart'));
    await checkRoute(page, '*', '/no-such-page', heading('Page Not Found'));
  });

  test('the account screens, signed out', async ({ page }) => {
    await checkRoute(page, 'login', '/login', heading('Sign In'));
    await checkRoute(page, 'register', '/register', heading('Register'));
    await checkRoute(page, 'forgotpassword', '/forgotpassword', heading('Forgot Password'));
    await checkRoute(page, 'resetpassword', '/resetpassword', heading('Reset Password'));
    await checkRoute(
      page,
      'confirm-email/:token',
      `/confirm-email/${'x'.repeat(43)}`,
      heading('Confirm E-mail'),
    );
  });

  test("a shopper's profile, wishlist, checkout and order", async ({
    page,
    request,
    customer,
    catalogue,
  }) => {
    const { product } = catalogue;
    const order = await placeOrderByApi(request, customer, [{ product, qty: 1 }]);
    await request.post('/api/wishlist', {
      data: { product: product._id },
      headers: bearer(customer),
    });
    await openSignedIn(page, customer, '/');
    await page.evaluate(
      ({ id, name, image, price, countInStock }) => {
        const line = { product: id, name, image, price, countInStock, qty: 1 };
        localStorage.setItem('cartItems', JSON.stringify([line]));
        localStorage.setItem(
          'shipping',
          JSON.stringify({
            address: '1 Main St',
            city: 'Testville',
            postalCode: '12345',
            country: 'Testland',
          }),
        );
        localStorage.setItem('paymentMethod', JSON.stringify('PayPal'));
      },
      { ...product, id: product._id },
    );
    await checkRoute(page, 'profile', '/profile', (main) => main.getByRole('article').first());
    await checkRoute(page, 'wishlist', '/wishlist', (main) =>
      main.getByRole('link', { name: product.name }).first(),
    );
    await checkRoute(page, 'shipping', '/shipping', heading('Shipping'));
    await checkRoute(page, 'payment', '/payment', heading('Payment Method'));
    await checkRoute(page, 'placeorder', '/placeorder', (main) =>
      main.getByRole('button', { name: 'Place Order' }),
    );
    await checkRoute(page, 'order/:id', `/order/${order._id}`, heading(/^Order /));
  });

  test('the admin screens', async ({ page, request, admin, customer, catalogue }) => {
    const { product, category, brand } = catalogue;
    const code = uniqueWord('TAP-').toUpperCase();
    const created = await request.post('/api/discounts', {
      headers: bearer(admin),
      data: { code, kind: 'percentage', value: 10 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const discount = (await created.json()) as { _id: string };
    const order = await placeOrderByApi(request, customer, [{ product, qty: 1 }]);
    await payOrderByApi(request, customer, order._id);
    try {
      await openSignedIn(page, admin, '/');
      await checkRoute(page, 'admin', '/admin', heading('Dashboard'));
      await checkRoute(page, 'admin/dashboard', '/admin/dashboard', heading('Dashboard'));
      await checkRoute(page, 'admin/productlist/:pageNumber?', '/admin/productlist', (main) =>
        main.getByRole('row').nth(1),
      );
      await checkRoute(
        page,
        'admin/product/:id/edit',
        `/admin/product/${product._id}/edit`,
        heading('Edit Product'),
      );
      await checkRoute(
        page,
        'admin/products/import',
        '/admin/products/import',
        heading('Import products'),
      );
      await checkRoute(page, 'admin/categories', '/admin/categories', (main) =>
        main.getByRole('cell', { name: category.name, exact: true }),
      );
      await checkRoute(page, 'admin/brands', '/admin/brands', (main) =>
        main.getByRole('cell', { name: brand.name, exact: true }),
      );
      await checkRoute(
        page,
        'admin/category/:id/edit',
        `/admin/category/${category._id}/edit`,
        heading('Edit Category'),
      );
      await checkRoute(
        page,
        'admin/brand/:id/edit',
        `/admin/brand/${brand._id}/edit`,
        heading('Edit Brand'),
      );
      await checkRoute(page, 'admin/userlist', '/admin/userlist', (main) =>
        main.getByRole('row').nth(1),
      );
      await checkRoute(
        page,
        'admin/user/:id/edit',
        `/admin/user/${customer._id}/edit`,
        heading('Edit User'),
      );
      await checkRoute(page, 'admin/discounts', '/admin/discounts', heading('Discounts'));
      // Settings opens its one page so far; the zones' cards have the most controls.
      await checkRoute(page, 'admin/settings', '/admin/settings', heading('Shipping & tax'));
      await checkRoute(page, 'admin/settings/shipping', '/admin/settings/shipping', (main) =>
        main.getByRole('heading', { name: /Everywhere/ }),
      );
      await checkRoute(
        page,
        'admin/discounts/new',
        '/admin/discounts/new',
        heading('Create Discount'),
      );
      await checkRoute(
        page,
        'admin/discount/:id/edit',
        `/admin/discount/${discount._id}/edit`,
        heading('Edit Discount'),
      );
      await checkRoute(page, 'admin/orderlist/:pageNumber?', '/admin/orderlist', (main) =>
        main.getByRole('row').nth(1),
      );
      // The order as the admin sees it: its longest set of controls.
      await checkRoute(page, 'order/:id', `/order/${order._id}`, (main) =>
        main.getByRole('button', { name: 'Mark As Sent' }),
      );
    } finally {
      await request.delete(`/api/discounts/${discount._id}`, { headers: bearer(admin) });
    }
  });

  test('covers every route of the router', () => {
    const listed = new Set<string>(ROUTES);
    // The one reader of the router's paths (scripts/lib/router-paths.mjs), written as ROUTES is.
    const paths = routerPaths().map((path) => (path === '/' ? path : path.slice(1)));
    expect(paths.filter((path) => !listed.has(path))).toEqual([]);
  });
});

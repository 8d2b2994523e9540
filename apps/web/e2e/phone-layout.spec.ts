// Every route of the app's router (apps/web/src/app/router.tsx) on a 390×844 phone, as the user
// who may open it: the page never scrolls sideways, and every visible button and link lies within
// the screen's width, or inside a box of its own that scrolls sideways (a wide table) and fits
// the screen. The dialogs the screens open are checked the same way. A failure names the route and
// the elements that stick out.
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
import { expect, test as base } from './fixtures.ts';
import { advanceOrderByApi, payOrderByApi, placeOrderByApi } from './orders-api.ts';
import { bearer, newAccount, openSignedIn, registerByApi, switchSession } from './session.ts';
import { ANY_COUNTRY } from './address-form.ts';

interface Catalogue {
  /** A product with a long name, in its own category and brand. */
  product: Product;
  category: Taxonomy;
  brand: Taxonomy;
  /** A word of the product's name only, for the search routes. */
  keyword: string;
}

const test = base.extend<{ catalogue: Catalogue }>({
  // Long names on purpose: they are what pushes a table or a card wider than a phone.
  catalogue: async ({ request, admin }, use) => {
    const keyword = uniqueWord('Phonecheck');
    const product = await createProduct(request, admin, {
      name: `${keyword} Extraordinarily Long Product Name For A Narrow Screen`,
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

// Several screens per test, each opened and measured in turn.
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

/**
 * What sticks out of the screen's width: the page's own sideways scroll, then each visible button
 * or link beyond the left or right edge that no sideways-scrolling box fitting the screen holds.
 * With `within`, only the elements inside the element it selects (an open dialog).
 */
async function layoutProblems(page: Page, within?: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const width = window.innerWidth;
    const root = selector ? document.querySelector(selector) : document.body;
    if (!root) return [`nothing matches ${selector}`];
    const describe = (element: Element) => {
      const classes = [...element.classList].slice(0, 3).join('.');
      const name =
        element.getAttribute('aria-label') ??
        (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      const { left, right } = element.getBoundingClientRect();
      return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${name}" (${Math.round(left)}–${Math.round(right)} px)`;
    };
    const isShown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.height > 0 &&
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
      );
    };
    const outside = (element: Element) => {
      const { left, right } = element.getBoundingClientRect();
      return left < -1 || right > width + 1;
    };
    const isScrollBox = (box: Element) => {
      const { overflowX } = getComputedStyle(box);
      return (overflowX === 'auto' || overflowX === 'scroll') && !outside(box);
    };
    /**
     * Held by a box that scrolls sideways within the screen's width, so it can be reached. An
     * absolutely positioned element escapes the boxes between it and its positioned ancestor
     * (a visually hidden column name in an unpositioned table box widens the page).
     */
    const inScrollBox = (element: Element) => {
      const position = getComputedStyle(element).position;
      if (position === 'fixed') return false;
      let escaping = position === 'absolute';
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        const positioned = style.position !== 'static';
        if ((!escaping || positioned) && isScrollBox(box)) return true;
        if (positioned) escaping = false;
        if (style.position === 'fixed') return false;
        if (style.position === 'absolute') escaping = true;
      }
      return false;
    };
    /** Elements, and the elements of text, that reach past the screen's edge and no box holds. */
    const reachingOut = () => {
      const wide = [...root.querySelectorAll('*')].filter(
        (element) => isShown(element) && outside(element) && !inScrollBox(element),
      );
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const parent = text.parentElement;
        if (!parent || !(text.textContent ?? '').trim() || wide.includes(parent)) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        const { left, right } = range.getBoundingClientRect();
        if ((left < -1 || right > width + 1) && !inScrollBox(parent)) wide.push(parent);
      }
      // The innermost of them: where the extra width comes from.
      return wide
        .filter((element) => !wide.some((other) => other !== element && element.contains(other)))
        .slice(0, 5)
        .map(describe)
        .join(', ');
    };

    const problems: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (!selector && pageWidth > width) {
      problems.push(
        `the page scrolls sideways: ${pageWidth} px wide on a ${width} px screen, from ${reachingOut()}`,
      );
    }
    if (selector && root.scrollWidth > root.clientWidth + 1) {
      problems.push(
        `the content is ${root.scrollWidth} px wide in a ${root.clientWidth} px box, from ${reachingOut()}`,
      );
    }
    const controls = root.querySelectorAll(
      'a[href], button, [role="button"], [role="link"], input[type="submit"], input[type="button"]',
    );
    for (const control of controls) {
      if (isShown(control) && outside(control) && !inScrollBox(control)) {
        problems.push(`off the screen: ${describe(control)}`);
      }
    }
    return problems;
  }, within);
}

/** Opens `path` (already signed in as needed), waits for `ready` and checks the layout. */
async function checkRoute(page: Page, path: string, ready: (main: Locator) => Locator) {
  await page.goto(path);
  await checkScreen(page, path, ready);
}

async function checkScreen(page: Page, label: string, ready: (main: Locator) => Locator) {
  const main = page.getByRole('main');
  await expect(ready(main), `${label}: the screen's content`).toBeVisible();
  expect.soft(await layoutProblems(page), `${label} at 390 px`).toEqual([]);
}

/** The open dialog fits the screen, its buttons included. */
async function checkDialog(page: Page, label: string, dialog: Locator) {
  await expect(dialog).toBeVisible();
  // Bootstrap's modals slide in: measured where they come to rest.
  await expect(page.locator('.modal.show')).toHaveCount(1);
  await page.waitForFunction(() => {
    const dialog = document.querySelector('.modal.show .modal-dialog');
    return dialog && getComputedStyle(dialog).transform === 'none';
  });
  expect.soft(await layoutProblems(page, '.modal.show'), `${label} at 390 px`).toEqual([]);
  const content = dialog.locator('.modal-content');
  const widths = await content.evaluate((box) => ({ box: box.clientWidth, text: box.scrollWidth }));
  expect.soft(widths.text, `${label}: the width of its text`).toBeLessThanOrEqual(widths.box);
  const box = await content.boundingBox();
  expect(box, `${label}: its box`).not.toBeNull();
  expect(box!.x, `${label}: its left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${label}: its right edge`).toBeLessThanOrEqual(390);
}

/** The row's actions can be tapped where they are, without scrolling the table first. */
async function expectOnScreen(control: Locator, label: string) {
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  expect(box, label).not.toBeNull();
  expect.soft(box!.x, `${label}: its left edge`).toBeGreaterThanOrEqual(0);
  expect.soft(box!.x + box!.width, `${label}: its right edge`).toBeLessThanOrEqual(390);
}

const heading = (name: string | RegExp) => (main: Locator) =>
  main.getByRole('heading', { name, level: 1 });

test.describe('every screen fits a 390 px phone', () => {
  test('the catalogue, signed out', async ({ page, catalogue }) => {
    const { product, category, brand, keyword } = catalogue;
    const productLink = (main: Locator) => main.getByRole('link', { name: product.name }).first();
    await checkRoute(page, '/', heading('Latest Products'));
    await checkRoute(page, '/page/1', heading('Latest Products'));
    await checkRoute(page, `/search/${keyword}`, productLink);
    await checkRoute(page, `/search/${keyword}/page/1`, productLink);
    for (const [kind, record] of [
      ['category', category],
      ['brand', brand],
    ] as const) {
      await checkRoute(page, `/${kind}/${record.slug}`, heading(record.name));
      await checkRoute(page, `/${kind}/${record.slug}/page/1`, heading(record.name));
    }
    await checkRoute(page, `/product/${product._id}`, heading(product.name));
    await page.getByRole('main').getByRole('button', { name: 'Add To Cart' }).click();
    await checkDialog(
      page,
      'the Added to Cart dialog',
      page.getByRole('dialog', { name: 'Added to Cart' }),
    );
  });

  test('the cart and the account screens, signed out', async ({ page, catalogue }) => {
    const { product } = catalogue;
    await checkRoute(page, `/cart/${product._id}?qty=1`, heading('Shopping Cart'));
    await checkRoute(page, '/cart', (main) => main.getByRole('link', { name: product.name }));
    await page
      .getByRole('main')
      .getByRole('button', { name: `Delete ${product.name}` })
      .click();
    await checkDialog(
      page,
      'the Delete Item dialog',
      page.getByRole('dialog', { name: 'Delete Item' }),
    );
    await checkRoute(page, '/login', heading('Sign In'));
    await checkRoute(page, '/register', heading('Register'));
    await checkRoute(page, '/forgotpassword', heading('Forgot Password'));
    await checkRoute(page, '/resetpassword', heading('Reset Password'));
    await checkRoute(page, `/confirm-email/${'x'.repeat(43)}`, heading('Confirm E-mail'));
    await checkRoute(page, '/no-such-page', heading('Page Not Found'));
  });

  test('the profile, checkout and order screens, as a shopper', async ({
    page,
    request,
    customer,
    catalogue,
  }) => {
    const { product } = catalogue;
    const order = await placeOrderByApi(request, customer, [{ product, qty: 2 }]);
    await openSignedIn(page, customer, '/');
    await page.evaluate(
      ({ id, name, image, price, countInStock }) => {
        const line = { product: id, name, image, price, countInStock, qty: 1 };
        localStorage.setItem('cartItems', JSON.stringify([line]));
      },
      { ...product, id: product._id },
    );
    await checkRoute(page, '/profile', (main) =>
      main.getByRole('article', { name: `Order ${order._id}` }),
    );
    await request.post('/api/wishlist', {
      data: { product: product._id },
      headers: bearer(customer),
    });
    await checkRoute(page, '/wishlist', (main) => main.getByRole('link', { name: product.name }));
    await checkRoute(page, '/shipping', heading('Shipping'));
    const main = page.getByRole('main');
    await main
      .getByLabel('Address')
      .fill('Hauptstraßenverlängerungsabschnittsverwaltungsgebäude 1');
    await main.getByLabel('City').fill('Testville');
    await main.getByLabel('Postal Code').fill('12345');
    await main.getByLabel('Country').selectOption(ANY_COUNTRY);
    await main.getByRole('button', { name: 'Continue' }).click();
    await checkScreen(page, '/payment', heading('Payment Method'));
    await main.getByRole('button', { name: 'Continue' }).click();
    await checkScreen(page, '/placeorder', (main) =>
      main.getByRole('button', { name: 'Place Order' }),
    );
    await checkRoute(page, `/order/${order._id}`, heading(/^Order /));
    // The order placed through the screens, with the long street name.
    await page.goBack();
    await main.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/[^/]+$/);
    await checkScreen(page, 'the order just placed', (main) =>
      main.getByText('Hauptstraßenverlängerungsabschnittsverwaltungsgebäude 1', { exact: false }),
    );
  });

  test('the dashboard and every admin list', async ({ page, request, admin, catalogue }) => {
    const { product, category, brand } = catalogue;
    // A long e-mail address without a hyphen to break at, which the delete dialog names.
    const account = newAccount('Phone Layout Shopper');
    const shopper = await registerByApi(request, {
      ...account,
      email: `phonelayoutshopperwithanuncommonlylongaddress${account.email}`.replaceAll('-', ''),
    });
    const order = await placeOrderByApi(request, shopper, [{ product, qty: 1 }]);
    await openSignedIn(page, admin, '/');
    await checkRoute(page, '/admin', heading('Dashboard'));
    await checkRoute(page, '/admin/dashboard', heading('Dashboard'));

    for (const path of ['/admin/productlist', '/admin/productlist/1']) {
      await checkRoute(page, path, (main) => main.getByRole('row').nth(1));
    }
    const firstProduct = page.getByRole('main').getByRole('row').nth(1);
    await expectOnScreen(
      firstProduct.getByRole('link', { name: /^Edit / }),
      '/admin/productlist: Edit of a product',
    );
    await expectOnScreen(
      firstProduct.getByRole('button', { name: /^Delete / }),
      '/admin/productlist: Delete of a product',
    );
    await firstProduct.getByRole('button', { name: /^Delete / }).click();
    await checkDialog(
      page,
      'the Delete product dialog',
      page.getByRole('dialog', { name: /^Delete / }),
    );
    await checkRoute(page, '/admin/products/import', heading('Import products'));

    for (const [path, record] of [
      ['/admin/categories', category],
      ['/admin/brands', brand],
    ] as const) {
      await checkRoute(page, path, (main) =>
        main.getByRole('cell', { name: record.name, exact: true }),
      );
      await expectOnScreen(
        page.getByRole('main').getByRole('button', { name: `Delete ${record.name}` }),
        `${path}: Delete of a row`,
      );
    }

    await checkRoute(page, '/admin/userlist', (main) =>
      main.getByRole('row').filter({ hasText: shopper.email }),
    );
    const deleteShopper = page
      .getByRole('main')
      .getByRole('button', { name: `Delete ${shopper.name}` });
    await expectOnScreen(deleteShopper, '/admin/userlist: Delete of a user');
    await deleteShopper.click();
    const dialog = page.getByRole('dialog', { name: 'Delete user' });
    await checkDialog(page, 'the Delete user dialog', dialog);
    await dialog.getByLabel(`Type ${shopper.name} to confirm`).fill(shopper.name);
    await expectOnScreen(
      dialog.getByRole('button', { name: 'Delete', exact: true }),
      'the Delete user dialog: Delete',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await checkRoute(page, '/admin/discounts', heading('Discounts'));
    for (const path of ['/admin/orderlist', '/admin/orderlist/1']) {
      await checkRoute(page, path, (main) => main.getByRole('row').nth(1));
    }
    await expectOnScreen(
      page
        .getByRole('main')
        .getByRole('link', { name: /^Details of order / })
        .first(),
      '/admin/orderlist: Details of an order',
    );
    await switchSession(page, admin, `/order/${order._id}`);
    await checkScreen(page, `/order/${order._id} as the admin`, heading(/^Order /));
  });

  test('every admin edit screen, with a real id', async ({
    page,
    request,
    admin,
    customer,
    catalogue,
  }) => {
    const { product, category, brand } = catalogue;
    const code = uniqueWord('PHONE-').toUpperCase();
    const created = await request.post('/api/discounts', {
      headers: bearer(admin),
      data: { code, kind: 'percentage', value: 10 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const discount = (await created.json()) as { _id: string };
    // A paid and sent order: the admin's order page then shows its longest set of controls.
    const order = await placeOrderByApi(request, customer, [{ product, qty: 1 }]);
    await payOrderByApi(request, customer, order._id);
    try {
      await openSignedIn(page, admin, '/');
      await checkRoute(page, `/admin/product/${product._id}/edit`, heading('Edit Product'));
      await checkRoute(page, `/admin/category/${category._id}/edit`, heading('Edit Category'));
      await checkRoute(page, `/admin/brand/${brand._id}/edit`, heading('Edit Brand'));
      await checkRoute(page, `/admin/user/${customer._id}/edit`, heading('Edit User'));
      await checkRoute(page, '/admin/discounts/new', heading('Create Discount'));
      await checkRoute(page, `/admin/discount/${discount._id}/edit`, heading('Edit Discount'));
      await checkRoute(page, `/order/${order._id}`, (main) =>
        main.getByRole('button', { name: 'Mark As Sent' }),
      );
      // Its carrier and tracking number open in place.
      await page.getByRole('main').getByRole('button', { name: 'Mark As Sent' }).click();
      await checkScreen(page, `/order/${order._id} with Mark As Sent open`, (main) =>
        main.getByRole('form', { name: 'Mark As Sent' }),
      );
      await advanceOrderByApi(request, admin, order._id, 'sent');
      await checkRoute(page, `/order/${order._id}`, (main) =>
        main.getByRole('button', { name: 'Mark As Delivered' }),
      );
    } finally {
      const deleted = await request.delete(`/api/discounts/${discount._id}`, {
        headers: bearer(admin),
      });
      expect([200, 404], await deleted.text()).toContain(deleted.status());
    }
  });
});

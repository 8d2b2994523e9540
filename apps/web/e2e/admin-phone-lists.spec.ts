// The admin's lists and order page on a 390 px phone: each list row is a card of its fields with
// its status badges (no column hidden behind the actions), an order waiting on a return is marked
// and found by the return filter, and the order page puts the admin's actions above the timeline.
import { expect, test } from './fixtures.ts';
import { focusWithoutIndicator, smallControls } from './admin-touch.ts';
import { payOrderByApi, placeOrderByApi } from './orders-api.ts';
import { bearer, openSignedIn } from './session.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('an order with a return waiting is a card with its badges, found by the return filter', async ({
  page,
  request,
  admin,
  customer,
  addProduct,
}) => {
  const lamp = await addProduct('Phone Lamp', { price: 40, countInStock: 5 });
  const order = await placeOrderByApi(request, customer, [{ product: lamp, qty: 1 }]);
  const paid = await payOrderByApi(request, customer, order._id);
  const asked = await request.post(`/api/orders/${order._id}/returns`, {
    headers: bearer(customer),
    data: { lines: [{ orderItem: paid.orderItems[0]!._id, qty: 1 }], reason: 'Too bright' },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  await openSignedIn(page, admin, '/admin/orderlist');
  await page.getByLabel('Return requested').check();
  await expect(page).toHaveURL('/admin/orderlist?returns=requested');
  const card = page.getByRole('row').filter({ hasText: customer.name }).first();
  // Every field of the row is on the screen, named, with the state and the return as badges.
  await expect(card.getByText('Paid', { exact: true })).toBeInViewport();
  await expect(card.getByText('Return requested', { exact: true })).toBeInViewport();
  for (const cell of await card.getByRole('cell').all()) {
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  const label = await card
    .getByRole('cell')
    .nth(4)
    .evaluate((cell) => getComputedStyle(cell, '::before').content);
  expect(label).toBe('"PAID"');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await smallControls(page)).toEqual([]);
  expect(await focusWithoutIndicator(page, 25)).toEqual([]);

  // The order page: the admin's actions before the timeline, the refund first of all on screen.
  await card.getByRole('link', { name: `Details of order #${order.orderNumber}` }).click();
  const refund = page.getByRole('form', { name: 'Refund' });
  const timeline = page.getByRole('heading', { name: 'Timeline' });
  await expect(refund).toBeVisible();
  await expect(timeline).toBeAttached();
  const refundTop = (await refund.boundingBox())!.y;
  const timelineTop = (await timeline.boundingBox())!.y;
  expect(refundTop).toBeLessThan(timelineTop);
  await expect(page.getByRole('button', { name: /^Mark As Sent/ })).toBeVisible();
  const sentTop = (await page.getByRole('button', { name: /^Mark As Sent/ }).boundingBox())!.y;
  expect(sentTop).toBeLessThan(timelineTop);
});

test('the product list is a list of cards: name, price, stock and status, and its actions', async ({
  page,
  admin,
  addProduct,
}) => {
  const product = await addProduct('Carded Lamp With A Rather Long Name', {
    price: 1299.5,
    countInStock: 3,
  });
  await openSignedIn(page, admin, '/admin/productlist');
  const card = page.getByRole('row').filter({ hasText: product.name });
  await expect(card.getByText('$1,299.50')).toBeInViewport();
  await expect(card.getByRole('link', { name: `Edit ${product.name}` })).toBeInViewport();
  await expect(card.getByRole('button', { name: `Delete ${product.name}` })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await smallControls(page)).toEqual([]);
});

test('a product with variants: Update keeps the admin on it, and each variant is a card of wide fields', async ({
  page,
  request,
  admin,
  addProduct,
}) => {
  const product = await addProduct('Carded Tee', { price: 24.5 });
  const saved = await request.put(`/api/products/${product._id}/variants`, {
    headers: bearer(admin),
    data: {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: ['S', 'M'].map((size) => ({
        sku: `CARDED-TEE-${size}-${product._id.slice(0, 6)}`,
        options: { Size: size },
        price: null,
        countInStock: 4,
        image: null,
        active: true,
      })),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await openSignedIn(page, admin, `/admin/product/${product._id}/edit`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Update' }).click();
  await expect(main.getByText(`Saved ${product.name}.`)).toBeVisible();
  // Still on the product: its variants are right there.
  const sku = main.getByLabel('SKU of Size: S', { exact: true });
  await expect(sku).toHaveValue(/^CARDED-TEE-S-/);
  const size = main.getByLabel('Size of variant 1', { exact: true });
  const price = main.getByLabel('Price of Size: S', { exact: true });
  await expect(price).toHaveAttribute('placeholder', '$24.50');
  for (const field of [sku, size, price]) {
    const box = (await field.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(150);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

// The admin finds one customer's order in the order list by the e-mail, with the search kept in
// the address, and exports the orders found as a CSV file with its progress shown.
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { placeOrderByApi } from './orders-api.ts';
import { openSignedIn } from './session.ts';

test("the admin finds a customer's order by e-mail and exports what the search found", async ({
  page,
  request,
  customer,
  admin,
  addProduct,
}) => {
  const kettle = await addProduct('Kettle', { price: 24.5, countInStock: 10 });
  const order = await placeOrderByApi(request, customer, [{ product: kettle, qty: 2 }]);

  await openSignedIn(page, admin, '/admin/orderlist');
  const main = page.getByRole('main');
  const search = main.getByRole('search', { name: 'Orders' });
  await search.getByLabel('Search orders').fill(customer.email.toUpperCase());
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(
    `/admin/orderlist?q=${encodeURIComponent(customer.email.toUpperCase())}`,
  );
  const table = main.getByRole('table');
  // The header row and the customer's one order.
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(order._id);
  await expect(table.getByRole('row').nth(1)).toContainText(`#${order.orderNumber}`);
  await expect(table.getByRole('row').nth(1)).toContainText(customer.name);

  // A status narrows the search and joins it in the address.
  await search.getByLabel('Status').selectOption({ label: 'Paid' });
  await expect(page).toHaveURL(/status=paid/);
  await expect(main.getByText('No orders match the search')).toBeVisible();
  await page.goBack();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(search.getByLabel('Status')).toHaveValue('');
  await expect(search.getByLabel('Search orders')).toHaveValue(customer.email.toUpperCase());

  // The answer is held until the progress shows, then let through.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/orders/export.csv*', async (route) => {
    await held;
    await route.continue();
  });
  const downloading = page.waitForEvent('download');
  await main.getByRole('button', { name: 'Export CSV' }).click();
  await expect(main.getByRole('progressbar', { name: 'CSV export' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await expect(main.getByRole('button', { name: 'Cancel' })).toBeVisible();
  release();
  const download = await downloading;
  await expect(main.getByRole('progressbar')).toHaveCount(0);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(main.getByRole('status')).toHaveText(
    `Saved ${download.suggestedFilename()} (1 line)`,
  );
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFFOrder ID,')).toBe(true);
  const lines = csv.trimEnd().split('\r\n');
  expect(lines).toHaveLength(2);
  const columns = lines[0]!.replace('\uFEFF', '').split(',');
  const cells = lines[1]!.split(',');
  expect(cells[0]).toBe(order._id);
  expect(cells[1]).toBe(String(order.orderNumber));
  expect(cells).toContain(customer.name);
  expect(cells).toContain(customer.email);
  expect(cells).toContain(kettle.name);
  expect(cells).toContain('49.00');
  expect(cells[columns.indexOf('Status')]).toBe('Not paid');
  expect(cells[columns.indexOf('Shipping method')]).toBe('Standard');
});

test('the order search and export fit a phone: nothing scrolls the page sideways', async ({
  page,
  admin,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, admin, '/admin/orderlist?status=not-paid');
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await expect(main.getByLabel('Placed to')).toBeVisible();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
});

// The admin's sales dashboard (/admin/dashboard): the figures of the range, the chart and its
// table view, the best-selling products. Other tests sell on the same shop at the same time, so
// the test's own product is priced far above theirs and its row is checked exactly; the totals
// are checked against each other, the cards against the table of the same answer.
import { expect, test } from './fixtures.ts';
import { payOrderByApi, placeOrderByApi } from './orders-api.ts';
import { openSignedIn } from './session.ts';

/** "$12,963.00" → 12963 */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

test('the admin sees today’s sales, the chart and its table view with the same figures', async ({
  page,
  request,
  admin,
  customer,
  addProduct,
}) => {
  const lamp = await addProduct('Dashboard Lamp', { price: 4321, countInStock: 20 });
  for (const qty of [2, 1]) {
    const order = await placeOrderByApi(request, customer, [{ product: lamp, qty }]);
    await payOrderByApi(request, customer, order._id);
  }

  // Reached through the admin's side navigation (the header's link: admin-shell.spec.ts).
  await openSignedIn(page, admin, '/admin/productlist');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Dashboard', exact: true })
    .click();
  await expect(page).toHaveURL('/admin/dashboard');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle(/^Dashboard \| /);
  // It opens on today.
  await expect(main.getByLabel('Range')).toHaveValue('today');

  // The range is kept in the address.
  await main.getByLabel('Range').selectOption({ label: 'Last 7 days' });
  await expect(page).toHaveURL('/admin/dashboard?range=7d');
  await main.getByLabel('Range').selectOption({ label: 'Today' });
  await expect(page).toHaveURL('/admin/dashboard?range=today');

  const top = main.getByRole('region', { name: 'Top products' });
  await expect(top.getByRole('row').filter({ hasText: lamp.name }).getByRole('cell')).toHaveText([
    lamp.name,
    '3',
    '$12,963.00',
  ]);
  await expect(top.getByRole('link', { name: lamp.name })).toHaveAttribute(
    'href',
    `/admin/product/${lamp._id}/edit`,
  );

  const figure = (name: string) =>
    main.getByRole('region', { name, exact: true }).locator('[data-figure="current"]');
  const netSales = await figure('Net sales').textContent();
  const orders = await figure('Orders').textContent();
  expect(amountOf(netSales)).toBeGreaterThanOrEqual(12963);
  expect(Number(orders)).toBeGreaterThanOrEqual(2);

  // Today is charted by the hour.
  const chart = main.getByRole('img', { name: /^Net sales and orders per hour from / });
  await expect(chart.locator('canvas')).toHaveCount(1);
  // The legend shows the range's figures without a pointer over the chart.
  const legend = chart.locator('.u-legend');
  await expect(legend).toContainText(netSales!);
  await expect(legend).toContainText(`Orders${orders!}`);
  await expect(legend).not.toContainText('—');

  // The table view: today's 24 hours, adding up to the cards' figures.
  await main.getByRole('button', { name: 'Table', exact: true }).click();
  await expect(main.getByRole('button', { name: 'Table', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const table = main.getByRole('table', { name: /^Net sales and orders per hour from / });
  await expect(table.getByRole('columnheader')).toHaveText(['Hour', 'Net sales', 'Orders']);
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(25);
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText(/^\d{4}-\d{2}-\d{2} 00:00$/);
  await expect(rows.nth(24).getByRole('rowheader')).toHaveText(/^\d{4}-\d{2}-\d{2} 23:00$/);
  const hourOrders = await table.locator('tbody tr td:last-child').allTextContents();
  expect(hourOrders.reduce((sum, count) => sum + Number(count), 0)).toBe(Number(orders));
  await expect(chart).toHaveCount(0);
  await main.getByRole('button', { name: 'Chart', exact: true }).click();
  await expect(chart.locator('canvas')).toHaveCount(1);

  // A custom range is checked before it is asked for.
  await main.getByLabel('Range').selectOption({ label: 'Custom' });
  await main.getByLabel('From', { exact: true }).fill('2024-06-10');
  await main.getByLabel('To', { exact: true }).fill('2024-06-01');
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(main.getByRole('alert')).toHaveText('End date must be on or after the start date');
  await main.getByLabel('To', { exact: true }).fill('2024-06-30');
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL('/admin/dashboard?range=custom&from=2024-06-10&to=2024-06-30');
  await expect(
    main.getByText('2024-06-10 to 2024-06-30, compared with 2024-05-20 to 2024-06-09'),
  ).toBeVisible();
});

test('the dashboard fits a phone: nothing scrolls the page sideways', async ({ page, admin }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, admin, '/admin?range=7d');
  const main = page.getByRole('main');
  const chart = main.getByRole('img', { name: /^Net sales and orders per day from / });
  await expect(chart.locator('canvas')).toHaveCount(1);
  await expect(main.getByRole('region', { name: 'Low stock' })).toBeVisible();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    chart: document.querySelector('main canvas')!.getBoundingClientRect().right,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  expect(widths.chart).toBeLessThanOrEqual(widths.viewport);
});

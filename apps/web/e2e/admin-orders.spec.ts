// The admin's order list a page at a time (PAGE_SIZE orders a page, newest first), with links to
// the other pages at /admin/orderlist/{pageNumber}.
import { expect, test } from './fixtures.ts';
import { placeOrderByApi } from './orders-api.ts';
import { paypalShopURL } from './paypal-servers.ts';
import { openSignedIn } from './session.ts';

/** The e2e server's PAGE_SIZE (the default). */
const PAGE_SIZE = 8;

// Where an order lands in the list depends on how many were placed after it: on the main shop
// other tests place orders all the time. The second shop's only other orders are the two of the
// PayPal tests, far fewer than a page.
test.use({ baseURL: paypalShopURL });

test('the admin order list shows a page of orders and links to the others', async ({
  page,
  request,
  customer,
  admin,
  addProduct,
}) => {
  const product = await addProduct('Ledger', { price: 12.5, countInStock: 20 });
  // One more than a page, one after the other: the oldest of them cannot be on page 1.
  const placed = [];
  for (let i = 0; i < PAGE_SIZE + 1; i++) {
    placed.push(await placeOrderByApi(request, customer, [{ product, qty: 1 }]));
  }
  const [oldest, ...rest] = placed.map((order) => order._id);
  const newest = rest.at(-1)!;

  await openSignedIn(page, admin, '/admin/orderlist');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Orders' })).toBeVisible();
  const table = main.getByRole('table');
  const orderRow = (id: string) => table.getByRole('row').filter({ hasText: id });
  // A header row and PAGE_SIZE orders, the newest first.
  await expect(table.getByRole('row')).toHaveCount(PAGE_SIZE + 1);
  await expect(orderRow(newest).getByRole('cell').nth(1)).toHaveText(customer.name);
  await expect(orderRow(oldest!)).toHaveCount(0);

  const pages = main.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByRole('link', { name: '1', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await pages.getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL('/admin/orderlist/2');
  await expect(pages.getByRole('link', { name: '2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(orderRow(oldest!)).toBeVisible();
  await expect(orderRow(newest)).toHaveCount(0);
  await orderRow(oldest!)
    .getByRole('link', { name: `Details of order #${placed[0]!.orderNumber}` })
    .click();
  await expect(page).toHaveURL(`/order/${oldest}`);

  // A page past the last says so and still links back to the orders.
  await page.goto('/admin/orderlist/9999');
  await expect(main.getByText('There are no orders on this page.')).toBeVisible();
  await pages.getByRole('link', { name: '1', exact: true }).click();
  await expect(page).toHaveURL('/admin/orderlist/1');
  await expect(orderRow(newest)).toBeVisible();
});

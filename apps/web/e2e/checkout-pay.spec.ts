// Placing is paying (issue #37): the place-order step shows the provider's buttons; paying there
// places the order (once, with the page's idempotency key), pays it and lands on the paid order.
// A payment that does not complete leaves the order placed, awaiting payment, and linked.
import type { APIRequestContext, Page } from '@playwright/test';
import type { Product } from './catalogue-api.ts';
import { expect, test } from './fixtures.ts';
import { fetchOrderByApi, myOrdersByApi } from './orders-api.ts';
import { paypalShopURL, standInURL } from './paypal-servers.ts';
import { openSignedIn, type SessionInfo } from './session.ts';

const address = {
  address: '9 Pay Street',
  city: 'Testville',
  postalCode: '4021',
  country: 'Testland',
};

/** The signed-in shopper's cart with `qty` of `product`, address and method already given. */
async function readyToPlace(page: Page, session: SessionInfo, product: Product, qty: number) {
  await openSignedIn(page, session, '/');
  const { _id, name, image, price, countInStock } = product;
  await page.evaluate(
    ({ items, shipping }) => {
      localStorage.setItem('cartItems', JSON.stringify(items));
      localStorage.setItem('shipping', JSON.stringify(shipping));
      localStorage.setItem('paymentMethod', JSON.stringify('PayPal'));
    },
    { items: [{ product: _id, name, image, price, countInStock, qty }], shipping: address },
  );
  await page.goto('/placeorder');
}

const ORDER_PAGE = /\/order\/([0-9a-f-]{36})$/;

function orderIdOf(page: Page): string {
  return ORDER_PAGE.exec(new URL(page.url()).pathname)?.[1] ?? '';
}

async function expectPaidOrder(
  page: Page,
  request: APIRequestContext,
  customer: SessionInfo,
  totalPrice: number,
) {
  await expect(page).toHaveURL(ORDER_PAGE);
  await expect(page.getByRole('main').getByText(/^Paid on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  const order = await fetchOrderByApi(request, customer, orderIdOf(page));
  expect(order).toMatchObject({ isPaid: true, totalPrice });
  // Emptied as placing empties it: gone from storage at once (then stored empty 2 s later).
  const stored = await page.evaluate(() => localStorage.getItem('cartItems'));
  expect(JSON.parse(stored ?? '[]')).toEqual([]);
  return order;
}

test.describe('paying on the place-order step (test mode)', () => {
  test('Pay (test mode) places the order at the figures shown, pays it and opens the paid order', async ({
    page,
    request,
    customer,
    addProduct,
  }) => {
    const kettle = await addProduct('Pay Kettle', { price: 40, countInStock: 5 });
    await readyToPlace(page, customer, kettle, 2);
    const main = page.getByRole('main');
    // $80 + $25 shipping + $12 tax.
    await expect(main.getByRole('list', { name: 'Order Summary' })).toContainText('Total$117.00');
    await expect(main.getByText('Test mode: no money is taken.')).toBeVisible();

    await main.getByRole('button', { name: 'Pay (test mode)' }).click();
    await expectPaidOrder(page, request, customer, 117);
    expect(await myOrdersByApi(request, customer)).toHaveLength(1);
  });

  test('a payment that does not start leaves the order placed and linked; paying again pays that order', async ({
    page,
    request,
    customer,
    addProduct,
  }) => {
    const mug = await addProduct('Pay Mug', { price: 12.5, countInStock: 5 });
    await readyToPlace(page, customer, mug, 1);
    const main = page.getByRole('main');
    // The order is placed once: the second try starts a payment on it, it does not place again.
    let placings = 0;
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/orders') placings += 1;
    });

    // The provider cannot be reached the first time.
    let refused = 0;
    await page.route('**/api/orders/*/payment', async (route) => {
      if (refused > 0) return route.fallback();
      refused += 1;
      return route.fulfill({
        status: 502,
        json: { message: 'The payment provider cannot be reached right now.' },
      });
    });
    await main.getByRole('button', { name: 'Pay (test mode)' }).click();
    await expect(main.getByRole('alert').filter({ hasText: 'cannot be reached' })).toBeVisible();
    const [placed] = await myOrdersByApi(request, customer);
    expect(placed).toMatchObject({ isPaid: false });
    const notice = main.getByText(/is placed and awaits payment/);
    await expect(notice).toContainText(`Your order #${placed!.orderNumber} is placed`);
    await expect(notice.getByRole('link', { name: 'its page' })).toHaveAttribute(
      'href',
      `/order/${placed!._id}`,
    );
    // The code is settled with the order.
    await expect(main.getByRole('form', { name: 'Discount code' })).toHaveCount(0);

    await main.getByRole('button', { name: 'Pay (test mode)' }).click();
    const paid = await expectPaidOrder(page, request, customer, placed!.totalPrice);
    expect(paid._id).toBe(placed!._id);
    expect(await myOrdersByApi(request, customer)).toHaveLength(1);
    expect(placings).toBe(1);
  });

  test('Place Order after a payment that did not start opens that order, awaiting payment', async ({
    page,
    request,
    customer,
    addProduct,
  }) => {
    const vase = await addProduct('Pay Vase', { price: 30, countInStock: 5 });
    await readyToPlace(page, customer, vase, 1);
    const main = page.getByRole('main');
    await page.route('**/api/orders/*/payment', (route) =>
      route.fulfill({ status: 502, json: { message: 'The payment provider is down.' } }),
    );
    await main.getByRole('button', { name: 'Pay (test mode)' }).click();
    await expect(main.getByText(/is placed and awaits payment/)).toBeVisible();

    await main.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(ORDER_PAGE);
    await expect(main.getByText('Order Not Paid')).toBeVisible();
    const orders = await myOrdersByApi(request, customer);
    expect(orders.map((order) => order._id)).toEqual([orderIdOf(page)]);
  });
});

test.describe('paying on the place-order step through PayPal (stand-ins)', () => {
  test.use({ baseURL: paypalShopURL });

  test("PayPal's button on the place-order step places and pays the order", async ({
    page,
    request,
    customer,
    addProduct,
  }) => {
    const headphones = await addProduct('Pay Headphones', { price: 120, countInStock: 5 });
    const sdkRequests: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().startsWith(`${standInURL}/sdk/js`)) sdkRequests.push(sent.url());
    });
    await readyToPlace(page, customer, headphones, 1);
    const main = page.getByRole('main');
    await expect(main.getByText(/Test mode/)).toHaveCount(0);

    await main.getByRole('button', { name: 'PayPal (stand-in)' }).click();
    // $120 ships free; 15 % tax.
    await expectPaidOrder(page, request, customer, 138);
    expect(sdkRequests).toHaveLength(1);
  });
});

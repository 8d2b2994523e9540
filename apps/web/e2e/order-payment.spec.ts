// Paying an order and following it to the door: the order page's banners and buttons, the
// profile's order cards, test mode on the main test server, and PayPal through the local
// stand-ins on the second server (see paypal-servers.ts).
import type { APIRequestContext, Page } from '@playwright/test';
import { updateProduct } from './catalogue-api.ts';
import { expect, test, type AddProduct } from './fixtures.ts';
import {
  advanceOrderByApi,
  fetchOrderByApi,
  payOrderByApi,
  placeOrderByApi,
} from './orders-api.ts';
import { paypalShopURL, standInURL } from './paypal-servers.ts';
import { openSignedIn, registerByApi, switchSession, type SignedInAccount } from './session.ts';

/** The customer's order of two $40 desk lamps, placed through the API, as each test starts. */
async function twoLampOrder(
  request: APIRequestContext,
  customer: SignedInAccount,
  addProduct: AddProduct,
) {
  const product = await addProduct('Desk lamp', { price: 40, countInStock: 5 });
  const order = await placeOrderByApi(request, customer, [{ product, qty: 2 }]);
  return { product, order };
}

function orderCard(page: Page, orderId: string) {
  return page.getByRole('article', { name: `Order ${orderId}` });
}

function main(page: Page) {
  return page.getByRole('main');
}

test.describe('order page and My Orders (test mode)', () => {
  test("a new customer's unpaid order: its page, and its card on the profile waiting for payment", async ({
    page,
    request,
    customer,
    addProduct,
  }) => {
    const { product, order } = await twoLampOrder(request, customer, addProduct);
    const orderPath = `/order/${order._id}`;

    await openSignedIn(page, customer, orderPath);
    // The heading and the tab name the order by its number; its id stays on the page.
    await expect(
      main(page).getByRole('heading', { level: 1, name: `Order #${order.orderNumber}` }),
    ).toBeVisible();
    await expect(main(page)).toContainText(`Order id ${order._id}`);
    await expect(page).toHaveTitle(new RegExp(`^Order #${order.orderNumber} \\|`));
    await expect(main(page).getByText(customer.name)).toBeVisible();
    await expect(main(page).getByRole('link', { name: customer.email })).toHaveAttribute(
      'href',
      `mailto:${customer.email}`,
    );
    await expect(main(page).getByText('1 Test Street, Testville 12345, Testland')).toBeVisible();
    await expect(main(page).getByText('Order Not Shipped')).toBeVisible();
    await expect(main(page).getByText('Order Not Paid')).toBeVisible();
    await expect(main(page).getByRole('link', { name: product.name })).toBeVisible();
    await expect(main(page).getByText('2 x $40.00 = $80.00')).toBeVisible();
    const summary = main(page).getByLabel('Order Summary');
    await expect(summary).toContainText('Total');
    await expect(summary).toContainText('$117.00'); // 80 + 25 shipping + 12 tax
    await expect(main(page).getByText('Test mode: no money is taken')).toBeVisible();
    await expect(main(page).getByRole('button', { name: /Mark As/ })).toHaveCount(0);

    // The order is on the profile, waiting for payment.
    await page.goto('/profile');
    const card = orderCard(page, order._id);
    await expect(card).toContainText("This order hasn't been paid yet. Go to Pay");
    await expect(card.getByRole('link', { name: 'Go to Pay' })).toHaveAttribute('href', orderPath);
    await expect(card.getByRole('link', { name: `#${order.orderNumber}` })).toHaveAttribute(
      'href',
      orderPath,
    );
    await expect(card).toContainText('$117.00');
    await expect(card).toContainText(order.createdAt.slice(0, 10));
    await expect(card.getByRole('img', { name: product.name })).toBeVisible();
    await expect(card.getByText('Not paid', { exact: true })).toBeVisible();
    await expect(card.getByText('Not delivered', { exact: true })).toBeVisible();
    await expect(card).not.toContainText('This item has been sent');
    // Nothing to return or review before it is paid.
    await expect(card.getByRole('button', { name: 'Return item' })).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Leave review' })).toHaveCount(0);

    await card.getByRole('link', { name: 'Go to Pay' }).click();
    await expect(page).toHaveURL(orderPath);
  });

  test('the buyer pays in test mode; the order is paid and its card waits for shipping', async ({
    page,
    request,
    customer,
    addProduct,
  }) => {
    const { order } = await twoLampOrder(request, customer, addProduct);
    const orderPath = `/order/${order._id}`;

    await openSignedIn(page, customer, orderPath);
    await main(page).getByRole('button', { name: 'Pay (test mode)' }).click();
    await expect(main(page).getByText(/^Paid on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expect(main(page).getByText('Payment received. Thank you!')).toBeVisible();
    const paid = await fetchOrderByApi(request, customer, order._id);
    expect(paid.isPaid).toBe(true);
    await expect(main(page).getByText(`Paid on ${paid.paidAt!.slice(0, 10)}`)).toBeVisible();
    await expect(main(page).getByText('Order Not Paid')).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Pay (test mode)' })).toHaveCount(0);
    await expect(main(page).getByText('Order Not Shipped')).toBeVisible();
    // The buyer is no admin: no fulfilment buttons even now the order may be sent.
    await expect(main(page).getByRole('button', { name: /Mark As/ })).toHaveCount(0);

    await page.goto('/profile');
    const card = orderCard(page, order._id);
    await expect(card).toContainText('Order waiting to be shipped');
    await expect(card.getByText('Paid', { exact: true })).toBeVisible();
    await expect(card.getByText('Not delivered', { exact: true })).toBeVisible();
    await expect(card).not.toContainText('This item has been sent');
  });

  test('the admin marks a paid order sent; the card shows when it should arrive', async ({
    page,
    request,
    customer,
    admin,
    addProduct,
  }) => {
    const { order } = await twoLampOrder(request, customer, addProduct);
    const paid = await payOrderByApi(request, customer, order._id);
    const orderPath = `/order/${order._id}`;

    // Only Mark As Sent is offered for a paid order.
    await openSignedIn(page, admin, orderPath);
    await expect(main(page).getByText(`Paid on ${paid.paidAt!.slice(0, 10)}`)).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Mark As Delivered' })).toHaveCount(0);
    // The first Mark As Sent asks for the carrier and tracking number (optional), the second sends.
    await main(page).getByRole('button', { name: 'Mark As Sent' }).click();
    await main(page)
      .getByRole('form', { name: 'Mark As Sent' })
      .getByRole('button', { name: 'Mark As Sent' })
      .click();
    await expect(main(page).getByText(/^Shipped on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Mark As Sent' })).toHaveCount(0);
    const sent = await fetchOrderByApi(request, admin, order._id);
    await expect(main(page).getByText(`Shipped on ${sent.sentAt!.slice(0, 10)}`)).toBeVisible();

    await switchSession(page, customer, '/profile');
    const card = orderCard(page, order._id);
    const fiveDaysLater = new Date(Date.parse(sent.sentAt!) + 5 * 86_400_000);
    await expect(card).toContainText(
      `Estimated Delivery ${fiveDaysLater.toISOString().slice(0, 10)}`,
    );
    await expect(card).toContainText('This item has been sent');
    await expect(card.getByText('Paid', { exact: true })).toBeVisible();
    await expect(card.getByText('Not delivered', { exact: true })).toBeVisible();
  });

  test('the admin marks a sent order delivered; no button is left and the card says so', async ({
    page,
    request,
    customer,
    admin,
    addProduct,
  }) => {
    const { order } = await twoLampOrder(request, customer, addProduct);
    await payOrderByApi(request, customer, order._id);
    await advanceOrderByApi(request, admin, order._id, 'sent');
    const orderPath = `/order/${order._id}`;

    await openSignedIn(page, admin, orderPath);
    await expect(main(page).getByText(/^Shipped on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await main(page).getByRole('button', { name: 'Mark As Delivered' }).click();
    await expect(main(page).getByText(/^Delivered on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expect(main(page).getByText(/^Shipped on/)).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: /Mark As/ })).toHaveCount(0);
    const delivered = await fetchOrderByApi(request, admin, order._id);
    expect(delivered.isDelivered).toBe(true);

    await switchSession(page, customer, '/profile');
    const card = orderCard(page, order._id);
    await expect(card).toContainText(`Delivered on ${delivered.deliveredAt!.slice(0, 10)}`);
    await expect(card.getByText('Paid', { exact: true })).toBeVisible();
    await expect(card.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(card).toContainText('This item has been sent');
  });

  test('the order page needs sign-in, and an admin gets no buttons for an unpaid order', async ({
    page,
    request,
    customer,
    admin,
    addProduct,
  }) => {
    const product = await addProduct('Mug', { price: 12.5, countInStock: 3 });
    const order = await placeOrderByApi(request, customer, [{ product, qty: 1 }]);

    await page.goto(`/order/${order._id}`);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`order/${order._id}`)}`);

    await openSignedIn(page, admin, `/order/${order._id}`);
    await expect(main(page).getByText('Order Not Paid')).toBeVisible();
    // The buyer's name, in the Shipping section (the admin's timeline names them too).
    await expect(main(page).getByText(`Name: ${customer.name}`)).toBeVisible();
    await expect(main(page).getByRole('button', { name: /Mark As/ })).toHaveCount(0);
    // Only the buyer pays their order.
    await expect(main(page).getByRole('button', { name: 'Pay (test mode)' })).toHaveCount(0);

    // Someone else's order is not found, never shown.
    const stranger = await registerByApi(request);
    await switchSession(page, stranger, `/order/${order._id}`);
    await expect(main(page).getByRole('alert')).toBeVisible();
    await expect(main(page).getByText(customer.name)).toHaveCount(0);
  });

  test('paying for a product that ran out names it and takes no payment', async ({
    page,
    request,
    customer,
    admin,
    addProduct,
  }) => {
    const product = await addProduct('Last teapot', { price: 30, countInStock: 1 });
    const order = await placeOrderByApi(request, customer, [{ product, qty: 1 }]);
    await updateProduct(request, admin, product, { countInStock: 0 });

    await openSignedIn(page, customer, `/order/${order._id}`);
    await main(page).getByRole('button', { name: 'Pay (test mode)' }).click();
    await expect(main(page).getByRole('alert').filter({ hasText: product.name })).toContainText(
      'out of stock',
    );
    await expect(main(page).getByText('Order Not Paid')).toBeVisible();
    expect((await fetchOrderByApi(request, customer, order._id)).isPaid).toBe(false);
  });

  test('My Orders: empty at first, then the four buttons of a card', async ({
    page,
    request,
    admin,
    customer,
    addProduct,
  }) => {
    await openSignedIn(page, customer, '/profile');
    await expect(main(page).getByText('Your order is empty')).toBeVisible();

    const first = await addProduct('Kettle', { price: 25, countInStock: 4 });
    const second = await addProduct('Toaster', { price: 35, countInStock: 2 });
    const order = await placeOrderByApi(request, customer, [
      { product: first, qty: 2 },
      { product: second, qty: 1 },
    ]);
    await page.reload();
    const card = orderCard(page, order._id);
    // Unpaid: only what makes sense now (the shop can be asked; nothing to return or review).
    await expect(card.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Return item' })).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Leave review' })).toHaveCount(0);
    await payOrderByApi(request, customer, order._id);
    await page.reload();
    await expect(card.getByRole('link', { name: first.name })).toBeVisible();
    await expect(card).toContainText('and 1 more item');

    // Paid: the return is asked for in the shop itself; questions go to the shop's e-mail.
    await expect(card.getByRole('button', { name: 'Return item' })).toBeVisible();
    const href = await card.getByRole('link', { name: 'Contact Us' }).getAttribute('href');
    expect(href).toBe(
      `mailto:shop@example.com?subject=${encodeURIComponent(`Question about order #${order.orderNumber} (${order._id})`)}`,
    );
    // Not sent yet: nothing in hand to review.
    await expect(card.getByRole('link', { name: 'Leave review' })).toHaveCount(0);
    await advanceOrderByApi(request, admin, order._id, 'sent');
    await page.reload();
    await expect(card.getByRole('link', { name: 'Leave review' })).toHaveAttribute(
      'href',
      `/product/${first._id}#review`,
    );

    // The items go back in the cart at today's price; the cart opens.
    await card.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL('/cart');
    const stored = await page.evaluate(() => localStorage.getItem('cartItems'));
    const cartItems = JSON.parse(stored ?? '[]') as { product: string; qty: number }[];
    expect(
      cartItems.map(({ product, qty }) => ({ product, qty })).sort((a, b) => a.qty - b.qty),
    ).toEqual([
      { product: second._id, qty: 1 },
      { product: first._id, qty: 2 },
    ]);

    await page.goto('/profile');
    await orderCard(page, order._id).getByRole('link', { name: 'Leave review' }).click();
    await expect(page).toHaveURL(`/product/${first._id}#review`);
    await expect(
      main(page).getByRole('heading', { name: 'Write a Customer Review' }),
    ).toBeInViewport();
  });
});

test.describe('paying through PayPal (stand-ins for PayPal and its script)', () => {
  test.use({ baseURL: paypalShopURL });
  // The stand-in's capture behaviour is one setting for every test.
  test.describe.configure({ mode: 'serial' });

  async function setCaptureBehaviour(request: APIRequestContext, behaviour: object) {
    const response = await request.post(`${standInURL}/__stand-in/capture-behaviour`, {
      data: behaviour,
    });
    expect(response.status()).toBe(204);
  }

  test.afterEach(async ({ request }) => {
    await setCaptureBehaviour(request, { kind: 'completed' });
  });

  test("PayPal's script loads only on the order page, and paying through its button pays the order", async ({
    page,
    request,
    customer,
    addProduct,
  }) => {
    const product = await addProduct('Headphones', { price: 120, countInStock: 5 });
    const order = await placeOrderByApi(request, customer, [{ product, qty: 1 }]);
    const sdkRequests: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().startsWith(`${standInURL}/sdk/js`)) sdkRequests.push(sent.url());
    });

    await openSignedIn(page, customer, '/profile');
    await expect(orderCard(page, order._id)).toBeVisible();
    expect(sdkRequests).toEqual([]);

    await orderCard(page, order._id).getByRole('link', { name: 'Go to Pay' }).click();
    await expect(main(page).getByText('Order Not Paid')).toBeVisible();
    await expect(main(page).getByText(/Test mode/)).toHaveCount(0);
    await main(page).getByRole('button', { name: 'PayPal (stand-in)' }).click();
    await expect(main(page).getByText(/^Paid on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'PayPal (stand-in)' })).toHaveCount(0);
    expect(sdkRequests).toHaveLength(1);
    const query = new URL(sdkRequests[0]!).searchParams;
    expect(query.get('client-id')).toBe('e2e-paypal-client-id');
    expect(query.get('currency')).toBe('USD');
    expect(query.get('intent')).toBe('capture');
    expect((await fetchOrderByApi(request, customer, order._id)).isPaid).toBe(true);
  });

  test('a declined payment says so, leaves the order unpaid, and the shopper can pay again', async ({
    page,
    request,
    customer,
    addProduct,
  }) => {
    const product = await addProduct('Headphones', { price: 120, countInStock: 5 });
    const order = await placeOrderByApi(request, customer, [{ product, qty: 1 }]);
    await setCaptureBehaviour(request, { kind: 'refused', issue: 'INSTRUMENT_DECLINED' });

    await openSignedIn(page, customer, `/order/${order._id}`);
    const payButton = main(page).getByRole('button', { name: 'PayPal (stand-in)' });
    await payButton.click();
    await expect(main(page).getByRole('alert').filter({ hasText: 'declined' })).toContainText(
      'Your payment was declined. Please choose another way to pay.',
    );
    await expect(main(page).getByText('Order Not Paid')).toBeVisible();
    expect((await fetchOrderByApi(request, customer, order._id)).isPaid).toBe(false);

    await setCaptureBehaviour(request, { kind: 'completed' });
    await expect(payButton).toBeEnabled();
    await payButton.click();
    await expect(main(page).getByText(/^Paid on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expect(main(page).getByText(/declined/)).toHaveCount(0);
  });
});

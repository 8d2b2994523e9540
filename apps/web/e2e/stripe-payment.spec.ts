// Cards through Stripe (issue #39), on a 390 px phone, against the Stripe stand-ins
// (stripe-servers.ts): the shop that has both PayPal and Stripe offers both methods; a card is
// paid in Stripe's card form (the Stripe.js stand-in), 3-D Secure included, and the server
// captures; a declined card says so and another card pays; the admin refunds a line of a card
// order through Stripe. Stripe.js loads on the payment screens only, never on the home page.
import type { Order } from '@proshop/domain/order-schemas';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Product } from './catalogue-api.ts';
import { expect, test, type AddProduct } from './fixtures.ts';
import { fetchOrderByApi, placeOrderByApi } from './orders-api.ts';
import { bearer, openSignedIn, type SessionInfo } from './session.ts';
import { stripeShopURL, stripeStandInKeys, stripeStandInURL } from './stripe-servers.ts';
import { smallTargets } from './tap-targets.ts';

test.use({ baseURL: stripeShopURL, viewport: { width: 390, height: 844 } });

const CARDS = {
  good: '4242424242424242',
  threeDSecure: '4000002500003155',
  declined: '4000000000000002',
} as const;

const ORDER_PAGE = /\/order\/([0-9a-f-]{36})$/;

/** The requests for Stripe.js (the stand-in's /v3/) the page makes from now on. */
function countStripeJs(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().startsWith(`${stripeStandInURL}/v3`)) seen.push(sent.url());
  });
  return seen;
}

/** The phone's page does not scroll sideways, and every control takes a finger. */
async function expectTidyOnPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await smallTargets(page)).toEqual([]);
}

/** Types a card into Stripe's card form (the stand-in's labelled inputs) and presses Pay. */
async function payWithCard(page: Page, number: string) {
  const form = page.getByRole('group', { name: 'Card payment' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date').fill('12 / 34');
  await form.getByLabel('Security code').fill('123');
  await page.getByRole('main').getByRole('button', { name: 'Pay', exact: true }).click();
}

/**
 * The buyer's card authorised with Stripe as Stripe.js would, without a page hearing of it: the
 * server starts the PaymentIntent, the card is confirmed at the stand-in with the publishable key.
 */
async function authoriseByApi(
  request: APIRequestContext,
  customer: SessionInfo,
  orderId: string,
): Promise<{ providerOrderId: string; clientSecret: string }> {
  const started = await request.post(`/api/orders/${orderId}/payment`, {
    headers: bearer(customer),
  });
  expect(started.status(), await started.text()).toBe(200);
  const payment = (await started.json()) as { providerOrderId: string; clientSecret: string };
  const confirmed = await request.post(
    `${stripeStandInURL}/v1/payment_intents/${payment.providerOrderId}/confirm`,
    {
      form: {
        key: stripeStandInKeys.publishableKey,
        client_secret: payment.clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': CARDS.good,
      },
    },
  );
  expect(((await confirmed.json()) as { status: string }).status).toBe('requires_capture');
  return payment;
}

/** Pays a Credit Card order as its buyer without the browser; answers the intent's id. */
async function payByCardByApi(
  request: APIRequestContext,
  customer: SessionInfo,
  orderId: string,
): Promise<string> {
  const { providerOrderId } = await authoriseByApi(request, customer, orderId);
  const paid = await request.put(`/api/orders/${orderId}/pay`, {
    headers: bearer(customer),
    data: { providerOrderId },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return providerOrderId;
}

async function cardOrder(
  request: APIRequestContext,
  customer: SessionInfo,
  addProduct: AddProduct,
): Promise<{ order: Order; product: Product }> {
  const product = await addProduct('Card Kettle', { price: 30, countInStock: 5 });
  const order = await placeOrderByApi(request, customer, [{ product, qty: 1 }], 'Credit Card');
  return { order, product };
}

test('the shopper picks Credit Card, places the order, passes 3-D Secure and lands on the paid order', async ({
  page,
  request,
  customer,
  addProduct,
}) => {
  const lamp = await addProduct('Card Lamp', { price: 120, countInStock: 5 });
  const stripeJs = countStripeJs(page);
  await openSignedIn(page, customer, '/');
  await expect(page.getByRole('main')).toBeVisible();
  // The home page does not load Stripe.js.
  expect(stripeJs).toEqual([]);

  const { _id, name, image, price, countInStock } = lamp;
  await page.evaluate(
    ({ items }) => {
      localStorage.setItem('cartItems', JSON.stringify(items));
      localStorage.setItem(
        'shipping',
        JSON.stringify({
          address: '4 Card Road',
          city: 'Testville',
          postalCode: '4021',
          country: 'Testland',
        }),
      );
    },
    { items: [{ product: _id, name, image, price, countInStock, qty: 1 }] },
  );
  await page.goto('/payment');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
  const methods = main.getByRole('group', { name: 'Select Method' }).getByRole('radio');
  // Both providers are on: PayPal's wallet and cards (through Stripe).
  await expect(methods).toHaveCount(2);
  await main.getByRole('radio', { name: 'Credit Card' }).check();
  await main.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL('/placeorder');
  await expect(main).toContainText('Method: Credit Card');
  await main.getByRole('button', { name: 'Pay by card' }).click();
  const form = main.getByRole('group', { name: 'Card payment' });
  await expect(form.getByLabel('Card number')).toBeVisible();
  // Placed once the card form opened: the notice links it.
  await expect(main.getByText(/is placed and awaits payment/)).toBeVisible();
  await expectTidyOnPhone(page);

  await payWithCard(page, CARDS.threeDSecure);
  const bank = page.getByRole('dialog', { name: '3-D Secure (stand-in)' });
  await expect(bank).toBeVisible();
  await bank.getByRole('button', { name: 'Complete authentication' }).click();

  await expect(page).toHaveURL(ORDER_PAGE);
  await expect(main.getByText('Payment received. Thank you!')).toBeVisible();
  await expect(main.getByText(/^Paid on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  const orderId = ORDER_PAGE.exec(new URL(page.url()).pathname)?.[1] ?? '';
  const order = await fetchOrderByApi(request, customer, orderId);
  // $120 ships free; 15 % tax.
  expect(order).toMatchObject({ isPaid: true, paymentMethod: 'Credit Card', totalPrice: 138 });
  // Stripe.js was loaded once, for the payment screen.
  expect(stripeJs).toHaveLength(1);
});

test("a declined card shows Stripe's message and keeps the form; another card then pays the order", async ({
  page,
  request,
  customer,
  addProduct,
}) => {
  const { order } = await cardOrder(request, customer, addProduct);
  // The order page starts the card payment at once.
  await openSignedIn(page, customer, `/order/${order._id}`);
  const main = page.getByRole('main');
  await expect(main.getByText('Order Not Paid')).toBeVisible();

  await payWithCard(page, CARDS.declined);
  await expect(
    main.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  ).toBeVisible();
  expect(await fetchOrderByApi(request, customer, order._id)).toMatchObject({ isPaid: false });

  await payWithCard(page, CARDS.good);
  await expect(main.getByText(/^Paid on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expect(main.getByText('Your card was declined.')).toHaveCount(0);
  expect(await fetchOrderByApi(request, customer, order._id)).toMatchObject({ isPaid: true });
});

test('a failed 3-D Secure check says so, and the same form pays once the bank says yes', async ({
  page,
  request,
  customer,
  addProduct,
}) => {
  const { order } = await cardOrder(request, customer, addProduct);
  await openSignedIn(page, customer, `/order/${order._id}`);
  const main = page.getByRole('main');
  const bank = page.getByRole('dialog', { name: '3-D Secure (stand-in)' });

  await payWithCard(page, CARDS.threeDSecure);
  await bank.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(
    main.getByRole('alert').filter({ hasText: 'We are unable to authenticate' }),
  ).toBeVisible();
  expect(await fetchOrderByApi(request, customer, order._id)).toMatchObject({ isPaid: false });

  await main.getByRole('button', { name: 'Pay', exact: true }).click();
  await bank.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(main.getByText(/^Paid on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
});

test('a card authorised before the page closed is captured when the order page opens again', async ({
  page,
  request,
  customer,
  addProduct,
}) => {
  const { order } = await cardOrder(request, customer, addProduct);
  // The shopper's card was authorised (Stripe said yes), then the page died before the shop
  // heard of it.
  await authoriseByApi(request, customer, order._id);

  await openSignedIn(page, customer, `/order/${order._id}`);
  await expect(page.getByRole('main').getByText(/^Paid on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  expect(await fetchOrderByApi(request, customer, order._id)).toMatchObject({ isPaid: true });
});

test('back from a bank page with the intent authorised, the order page captures it', async ({
  page,
  request,
  customer,
  addProduct,
}) => {
  const { order } = await cardOrder(request, customer, addProduct);
  const { providerOrderId, clientSecret } = await authoriseByApi(request, customer, order._id);

  // Stripe sends the shopper back to the return address with the intent in the query.
  const back = new URLSearchParams({
    payment_intent: providerOrderId,
    payment_intent_client_secret: clientSecret,
    redirect_status: 'succeeded',
  });
  await openSignedIn(page, customer, `/order/${order._id}?${back.toString()}`);
  await expect(page.getByRole('main').getByText(/^Paid on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  // The query is spent: a reload does not carry the intent again.
  await expect(page).toHaveURL(`/order/${order._id}`);
  expect(await fetchOrderByApi(request, customer, order._id)).toMatchObject({ isPaid: true });
});

test('the admin refunds one line of a card order through Stripe; the order shows it', async ({
  page,
  request,
  customer,
  admin,
  addProduct,
}) => {
  const lamp = await addProduct('Card Desk lamp', { price: 40, countInStock: 5 });
  const kettle = await addProduct('Card Kettle', { price: 19.99, countInStock: 5 });
  const order = await placeOrderByApi(
    request,
    customer,
    [
      { product: lamp, qty: 2 },
      { product: kettle, qty: 1 },
    ],
    'Credit Card',
  );
  const intentId = await payByCardByApi(request, customer, order._id);

  await openSignedIn(page, admin, `/order/${order._id}`);
  const form = page.getByRole('form', { name: 'Refund' });
  await form.getByLabel(`${lamp.name} (2 of 2 left)`).selectOption('1');
  await form.getByLabel('Reason').fill('Arrived broken');
  // One lamp and its share of the tax: 40.00 + 6.00.
  await form.getByRole('button', { name: 'Refund $46.00' }).click();
  const question = page.getByRole('dialog', { name: 'Refund $46.00?' });
  await expect(question).toContainText(`$46.00 goes back to ${customer.name}`);
  await question.getByRole('button', { name: 'Yes, refund $46.00' }).click();
  await expect(form.getByText('Refunded $46.00')).toBeVisible();
  await expect(page.getByRole('main').getByText('Partially refunded ($46.00)')).toBeVisible();

  // Stripe was asked for exactly that refund of the order's PaymentIntent.
  const events = (await (await request.get(`${stripeStandInURL}/__stand-in/events`)).json()) as {
    type: string;
    event: { data: { object: { payment_intent?: string; amount?: number } } };
  }[];
  const refunds = events
    .filter(({ type }) => type === 'refund.created')
    .map(({ event }) => event.data.object)
    .filter((refund) => refund.payment_intent === intentId);
  expect(refunds.map(({ amount }) => amount)).toEqual([4600]);
});

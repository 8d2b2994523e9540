// Giving money back: the admin refunds one line of a paid order from its page, the lamp goes back
// into stock, and the customer's card and the admin's list say the order was partly refunded.
import type { Product } from '@proshop/domain/product-schemas';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type AddProduct } from './fixtures.ts';
import { payOrderByApi, placeOrderByApi } from './orders-api.ts';
import { openSignedIn, switchSession, type SignedInAccount } from './session.ts';

/** The customer's paid order of two $40 lamps and a $19.99 kettle: $139.99 with tax and shipping. */
async function paidLampsAndKettle(
  request: APIRequestContext,
  customer: SignedInAccount,
  addProduct: AddProduct,
) {
  const lamp = await addProduct('Desk lamp', { price: 40, countInStock: 5 });
  const kettle = await addProduct('Kettle', { price: 19.99, countInStock: 5 });
  const order = await placeOrderByApi(request, customer, [
    { product: lamp, qty: 2 },
    { product: kettle, qty: 1 },
  ]);
  await payOrderByApi(request, customer, order._id);
  return { lamp, kettle, order };
}

test('the admin refunds one lamp with restock; the customer sees "Partially refunded" and the list filters by it', async ({
  page,
  request,
  customer,
  admin,
  addProduct,
}) => {
  const { lamp, order } = await paidLampsAndKettle(request, customer, addProduct);

  await openSignedIn(page, admin, `/order/${order._id}`);
  const form = page.getByRole('form', { name: 'Refund' });
  await form.getByLabel(`${lamp.name} (2 of 2 left)`).selectOption('1');
  await expect(form.getByLabel('Put the items back into stock')).toBeChecked();
  await form.getByLabel('Reason').fill('Arrived broken');
  // Letters in the extra amount are said to be no amount, not a broken screen.
  await form.getByLabel('Extra amount (optional)').fill('abc');
  await expect(form.getByText('Enter an amount such as 12.50')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Refund $46.00' })).toBeDisabled();
  await form.getByLabel('Extra amount (optional)').fill('');
  // One lamp and its share of the tax: 40.00 + 6.00.
  await expect(form).toContainText('Refund total: $46.00');
  // The refund asks first, with its amount; Cancel gives nothing back.
  await form.getByRole('button', { name: 'Refund $46.00' }).click();
  const question = page.getByRole('dialog', { name: 'Refund $46.00?' });
  await expect(question).toContainText(`$46.00 goes back to ${customer.name} through PayPal.`);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toHaveCount(0);
  await expect(form.getByLabel(`${lamp.name} (2 of 2 left)`)).toHaveValue('1');
  await form.getByRole('button', { name: 'Refund $46.00' }).click();
  await question.getByRole('button', { name: 'Yes, refund $46.00' }).click();
  await expect(form.getByText('Refunded $46.00')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Partially refunded ($46.00)')).toBeVisible();
  await expect(form.getByLabel(`${lamp.name} (1 of 2 left)`)).toBeVisible();
  const stock = await request.get(`/api/products/${lamp._id}`);
  expect(((await stock.json()) as Product).countInStock).toBe(4);

  await page.goto('/admin/orderlist');
  await page.getByLabel('Status').selectOption({ label: 'Partially refunded' });
  await expect(page).toHaveURL('/admin/orderlist?status=partially-refunded');
  const row = page.getByRole('row').filter({ hasText: order._id });
  await expect(row).toContainText('Partially refunded');

  await switchSession(page, customer, '/profile');
  const card = page.getByRole('article', { name: `Order ${order._id}` });
  await expect(card).toContainText('Partially refunded ($46.00)');
});

test('the customer asks to return a lamp; the admin accepts it and the lamp is refunded', async ({
  page,
  request,
  customer,
  admin,
  addProduct,
}) => {
  const { lamp, order } = await paidLampsAndKettle(request, customer, addProduct);

  await openSignedIn(page, customer, '/profile');
  const card = page.getByRole('article', { name: `Order ${order._id}` });
  await card.getByRole('button', { name: 'Return item' }).click();
  const form = card.getByRole('form', { name: 'Return request' });
  const send = form.getByRole('button', { name: 'Send return request' });
  // Two lines: none chosen yet, and Send says what it waits for.
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleDescription('Choose how many of an item to return.');
  await form.getByLabel(`${lamp.name} to return`).selectOption('1');
  await expect(send).toHaveAccessibleDescription('Say why you are returning them.');
  await form.getByLabel('Why are you returning them?').fill('Too bright');
  await send.click();
  await expect(card).toContainText('Return requested: waiting for the shop');
  await expect(form).toHaveCount(0);

  await switchSession(page, admin, `/order/${order._id}`);
  const returns = page.getByRole('region', { name: 'Return request' });
  await expect(returns).toContainText(`1 x ${lamp.name}`);
  await expect(returns).toContainText('Reason: Too bright');
  // Accepting refunds, so it asks first with the amount, as the Refund form does.
  await returns.getByRole('button', { name: 'Accept and refund' }).click();
  const question = page.getByRole('dialog', { name: 'Refund $46.00?' });
  await expect(question).toContainText(`$46.00 goes back to ${customer.name} through PayPal.`);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toHaveCount(0);
  await expect(returns).toHaveCount(1);
  await returns.getByRole('button', { name: 'Accept and refund' }).click();
  await question.getByRole('button', { name: 'Yes, refund $46.00' }).click();
  await expect(returns).toHaveCount(0);
  await expect(page.getByRole('main').getByText('Partially refunded ($46.00)')).toBeVisible();

  await switchSession(page, customer, '/profile');
  await expect(card).toContainText('Return accepted: the items are refunded');
  await expect(card).toContainText('Partially refunded ($46.00)');
});

test('a return of a one-line order starts at one unit: the reason is all Send waits for', async ({
  page,
  request,
  customer,
  addProduct,
}) => {
  const vase = await addProduct('Return Vase', { price: 30, countInStock: 3 });
  const order = await placeOrderByApi(request, customer, [{ product: vase, qty: 2 }]);
  await payOrderByApi(request, customer, order._id);
  await openSignedIn(page, customer, '/profile');
  const card = page.getByRole('article', { name: `Order ${order._id}` });
  await card.getByRole('button', { name: 'Return item' }).click();
  const form = card.getByRole('form', { name: 'Return request' });
  await expect(form.getByLabel(`${vase.name} to return`)).toHaveValue('1');
  const send = form.getByRole('button', { name: 'Send return request' });
  await expect(send).toHaveAccessibleDescription('Say why you are returning them.');
  await form.getByLabel('Why are you returning them?').fill('Chipped');
  await expect(send).toBeEnabled();
});

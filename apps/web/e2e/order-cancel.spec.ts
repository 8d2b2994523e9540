// Cancelling an order that is not paid yet: from its card on the profile and from its page, asked
// once more before anything happens.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { fetchOrderByApi, placeOrderByApi } from './orders-api.ts';
import { openSignedIn } from './session.ts';

function orderCard(page: Page, orderId: string) {
  return page.getByRole('article', { name: `Order ${orderId}` });
}

test.describe('cancelling an unpaid order', () => {
  test('from My Orders: "Keep order" changes nothing, "Yes, cancel order" cancels it, and the card and the page say when', async ({
    page,
    request,
    customer,
    addProduct,
  }) => {
    const kettle = await addProduct('Kettle', { price: 25, countInStock: 4 });
    const order = await placeOrderByApi(request, customer, [{ product: kettle, qty: 1 }]);
    await openSignedIn(page, customer, '/profile');
    const card = orderCard(page, order._id);
    const question = card.getByRole('group', { name: 'Cancel this order?' });

    await card.getByRole('button', { name: 'Cancel order' }).click();
    await expect(question).toContainText('Cancel this order? This cannot be undone.');
    await question.getByRole('button', { name: 'Keep order' }).click();
    await expect(question).toHaveCount(0);
    expect((await fetchOrderByApi(request, customer, order._id)).isCancelled).toBe(false);

    await card.getByRole('button', { name: 'Cancel order' }).click();
    await question.getByRole('button', { name: 'Yes, cancel order' }).click();
    await expect(card.getByRole('heading', { name: /^Cancelled on / })).toBeVisible();
    const cancelled = await fetchOrderByApi(request, customer, order._id);
    expect(cancelled.isCancelled).toBe(true);
    const day = cancelled.cancelledAt!.slice(0, 10);
    await expect(card.getByRole('heading', { name: `Cancelled on ${day}` })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Go to Pay' })).toHaveCount(0);

    await page.goto(`/order/${order._id}`);
    const main = page.getByRole('main');
    await expect(main.getByText(`Cancelled on ${day}`)).toBeVisible();
    // Cancelled, it is neither waiting to be shipped nor a matter of its payment.
    await expect(main.getByText('Order Not Shipped')).toHaveCount(0);
    const payment = main
      .locator('.list-group-item')
      .filter({ has: page.getByRole('heading', { name: 'Payment Method' }) });
    await expect(payment).toBeVisible();
    await expect(payment).not.toContainText('Cancelled');
    await expect(main.getByText('Order Not Paid')).toHaveCount(0);
    await expect(main.getByText('Test mode: no money is taken')).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  });

  test('from the order page: the payment buttons go with it', async ({
    page,
    request,
    customer,
    addProduct,
  }) => {
    const toaster = await addProduct('Toaster', { price: 35, countInStock: 2 });
    const order = await placeOrderByApi(request, customer, [{ product: toaster, qty: 2 }]);
    await openSignedIn(page, customer, `/order/${order._id}`);
    const main = page.getByRole('main');
    await expect(main.getByText('Test mode: no money is taken')).toBeVisible();

    await main.getByRole('button', { name: 'Cancel order' }).click();
    await main.getByRole('button', { name: 'Yes, cancel order' }).click();
    await expect(main.getByText(/^Cancelled on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expect(main.getByText('Test mode: no money is taken')).toHaveCount(0);
    expect((await fetchOrderByApi(request, customer, order._id)).isCancelled).toBe(true);
  });
});

// The order page's timeline (issue #19), at a phone's width: the admin marks a paid order sent
// with its carrier and tracking number and adds an internal note, both on the timeline with who
// did them; the customer sees the tracking number, never the timeline or the note.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { payOrderByApi, placeOrderByApi } from './orders-api.ts';
import { openSignedIn, switchSession } from './session.ts';

test.use({ viewport: { width: 390, height: 844 } });

const main = (page: Page) => page.getByRole('main');

/** Whether the page scrolls sideways as a whole (a table or a long word too wide for it). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test('the admin marks an order sent with a carrier and tracking number and adds a note; the customer sees the tracking number only', async ({
  page,
  request,
  admin,
  customer,
  addProduct,
}) => {
  const product = await addProduct('Desk lamp', { price: 40, countInStock: 5 });
  const order = await placeOrderByApi(request, customer, [{ product, qty: 1 }]);
  await payOrderByApi(request, customer, order._id);
  const tracking = 'JD014600006281230';
  const note = 'Customer asked to leave it with the neighbour.';

  await openSignedIn(page, admin, `/order/${order._id}`);
  const timeline = main(page).getByRole('list', { name: 'Order timeline' });
  // Oldest first; the receipt's e-mail joins them once the outbox worker has sent it.
  await expect(timeline.getByRole('listitem').first()).toContainText('Order placed');
  await expect(timeline.getByRole('listitem').first()).toContainText(`${customer.name} (customer)`);
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Paid $' })).toBeVisible();

  // Mark As Sent asks for the carrier and the tracking number first.
  await main(page).getByRole('button', { name: 'Mark As Sent' }).click();
  const form = main(page).getByRole('form', { name: 'Mark As Sent' });
  await form.getByLabel('Carrier').fill('DHL Express');
  await form.getByLabel('Tracking number').fill(tracking);
  await form.getByRole('button', { name: 'Mark As Sent' }).click();
  await expect(main(page).getByText(/^Shipped on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Mark As Sent' })).toHaveCount(0);
  const shipment = main(page).getByRole('definition');
  await expect(shipment.filter({ hasText: 'DHL Express' })).toBeVisible();
  await expect(shipment.filter({ hasText: tracking })).toBeVisible();
  const sent = timeline.getByRole('listitem').filter({ hasText: 'Marked as sent' });
  await expect(sent).toContainText(`Marked as sent with DHL Express, tracking number ${tracking}`);
  await expect(sent).toContainText(`${admin.name} (admin)`);
  await expect(sent.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

  await main(page).getByLabel('Internal note').fill(note);
  await main(page).getByRole('button', { name: 'Add note' }).click();
  const noted = timeline.getByRole('listitem').filter({ hasText: note });
  await expect(noted).toContainText(note);
  await expect(noted).toContainText(`${admin.name} (admin)`);
  await expect(main(page).getByLabel('Internal note')).toHaveValue('');
  expect(await scrollsSideways(page)).toBe(false);

  await switchSession(page, customer, `/order/${order._id}`);
  await expect(main(page).getByText(/^Shipped on \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expect(main(page).getByRole('definition').filter({ hasText: tracking })).toBeVisible();
  await expect(main(page).getByRole('definition').filter({ hasText: 'DHL Express' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Timeline' })).toHaveCount(0);
  await expect(main(page).getByText(note)).toHaveCount(0);
  expect(await scrollsSideways(page)).toBe(false);
});

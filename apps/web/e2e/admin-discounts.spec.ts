// The admin's discount codes (issue #18): create one with conditions, see it in the list with its
// uses and status, edit it, deactivate it, be refused a duplicate code, delete it; and the list on
// a phone.
import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { computeOrderPrices } from '@proshop/domain/prices';
import { expect, test as base } from './fixtures.ts';
import { bearer, openSignedIn, type SessionInfo } from './session.ts';

interface DiscountRecord {
  _id: string;
  code: string;
}

/** A code no other test uses, as an admin might type it (lower case). */
function uniqueCode(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

async function deleteDiscountsByCode(
  request: APIRequestContext,
  admin: SessionInfo,
  codes: Set<string>,
) {
  const response = await request.get('/api/discounts', { headers: bearer(admin) });
  expect(response.status(), await response.text()).toBe(200);
  for (const discount of (await response.json()) as DiscountRecord[]) {
    if (!codes.has(discount.code)) continue;
    const deleted = await request.delete(`/api/discounts/${discount._id}`, {
      headers: bearer(admin),
    });
    expect([200, 404], await deleted.text()).toContain(deleted.status());
  }
}

const test = base.extend<{ forgetCode: (code: string) => void }>({
  /** Deletes, after the test, the discount that has or had this code (any case). */
  forgetCode: async ({ request, admin }, use) => {
    const codes = new Set<string>();
    await use((code) => codes.add(code.toUpperCase()));
    await deleteDiscountsByCode(request, admin, codes);
  },
});

/** A datetime-local field's value `days` from now (negative: ago), at 09:30 local time. */
function localInput(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (number: number) => String(number).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T09:30`;
}

/** The list's row of a code, found by its code cell. */
function discountRow(page: Page, code: string) {
  return page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: code, exact: true }) });
}

test.describe('admin discounts', () => {
  test('an admin creates a code, edits it, deactivates it, is refused a duplicate and deletes it', async ({
    page,
    admin,
    addProduct,
    forgetCode,
  }) => {
    const typed = uniqueCode('summer');
    const code = typed.toUpperCase();
    forgetCode(code);
    const lamp = await addProduct('Discounted Lamp');
    const startsAt = localInput(-2);
    const endsAt = localInput(30);

    // Reached through the admin's side navigation (the header's link: admin-shell.spec.ts).
    await openSignedIn(page, admin, '/admin/productlist');
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Discounts', exact: true })
      .click();
    await expect(page).toHaveURL('/admin/discounts');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Discounts' })).toBeVisible();
    await expect(page).toHaveTitle(/^Discounts \| /);
    await expect(main.getByRole('columnheader')).toHaveText([
      'CODE',
      'KIND',
      'VALUE',
      'USES',
      'DATES',
      'STATUS',
      'DISCOUNT GIVEN',
      'Actions',
    ]);

    // Create: the code shows upper-cased as typed; the value field goes with free shipping.
    await main.getByRole('link', { name: 'Create Discount' }).click();
    await expect(page).toHaveURL('/admin/discounts/new');
    await expect(main.getByRole('heading', { level: 1, name: 'Create Discount' })).toBeVisible();
    await main.getByLabel('Code').fill(typed);
    await expect(main.getByLabel('Code')).toHaveValue(code);
    await main.getByLabel('Kind').selectOption({ label: 'Free shipping' });
    await expect(main.getByLabel('Value')).toHaveCount(0);
    await main.getByLabel('Kind').selectOption({ label: 'Percentage off items' });

    // The schema's rules are checked before sending, next to the field at fault.
    await main.getByLabel('Value').fill('150');
    await main.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(main.getByText('A percentage is at most 100')).toBeVisible();
    await expect(page).toHaveURL('/admin/discounts/new');

    await main.getByLabel('Value').fill('10');
    await main.getByLabel('Starts at').fill(startsAt);
    await main.getByLabel('Ends at').fill(endsAt);
    await main.getByLabel('Usage limit').fill('10');
    await main.getByLabel('Uses per customer').fill('1');
    // Only one product, found by its name.
    await main.getByLabel('Search products by name').fill(lamp.name);
    await main.getByLabel('Search products by name').press('Enter');
    await main.getByRole('button', { name: `Add ${lamp.name}` }).click();
    await expect(main.getByRole('list', { name: 'Chosen products' })).toHaveText(
      new RegExp(lamp.name),
    );
    await main.getByRole('button', { name: 'Create', exact: true }).click();

    await expect(page).toHaveURL('/admin/discounts');
    const dates = `${startsAt.replace('T', ' ')} – ${endsAt.replace('T', ' ')}`;
    await expect(discountRow(page, code).getByRole('cell')).toHaveText([
      code,
      'Percentage',
      '10 %',
      '0 / 10',
      dates,
      'Active',
      '$0.00',
      /Edit/,
    ]);

    // Edit: the form starts from the saved terms, the product by its name.
    await main.getByRole('link', { name: `Edit ${code}` }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'Edit Discount' })).toBeVisible();
    await expect(main.getByLabel('Value')).toHaveValue('10');
    await expect(main.getByLabel('Starts at')).toHaveValue(startsAt);
    await expect(main.getByLabel('Usage limit')).toHaveValue('10');
    await expect(main.getByRole('list', { name: 'Chosen products' })).toHaveText(
      new RegExp(lamp.name),
    );
    await expect(main.getByText('No paid order has used this code yet.')).toBeVisible();
    await expect(main.getByText(/Total discount given:/)).toHaveText(
      'Uses: 0 / 10 · Total discount given: $0.00',
    );
    await main.getByLabel('Value').fill('15');
    await main.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL('/admin/discounts');
    await expect(discountRow(page, code).getByRole('cell').nth(2)).toHaveText('15 %');

    // Deactivate, and back.
    await main.getByRole('button', { name: `Deactivate ${code}` }).click();
    await expect(discountRow(page, code).getByRole('cell').nth(5)).toHaveText('Inactive');
    await main.getByRole('button', { name: `Activate ${code}` }).click();
    await expect(discountRow(page, code).getByRole('cell').nth(5)).toHaveText('Active');
    await main.getByRole('button', { name: `Deactivate ${code}` }).click();
    await expect(discountRow(page, code).getByRole('cell').nth(5)).toHaveText('Inactive');

    // The same code again, in another case: the server's 409, and the form stays.
    await main.getByRole('link', { name: 'Create Discount' }).click();
    await main.getByLabel('Code').fill(typed.toLowerCase());
    await main.getByLabel('Kind').selectOption({ label: 'Fixed amount off items' });
    await main.getByLabel('Value').fill('5');
    await main.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(main.locator('.alert-danger')).toHaveText(`Discount code ${code} already exists`);
    await expect(page).toHaveURL('/admin/discounts/new');

    // Delete, after a confirmation naming the code.
    await main.getByRole('link', { name: 'Go Back' }).click();
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await main.getByRole('button', { name: `Delete ${code}` }).click();
    await expect(discountRow(page, code)).toHaveCount(0);
    expect(question).toBe(
      `Delete the discount code ${code}? If orders placed with it are waiting to be paid, it will be deactivated instead.`,
    );
  });

  test('deleting a code that an order waits to pay with deactivates it instead, and says so', async ({
    page,
    request,
    admin,
    customer,
    addProduct,
    forgetCode,
  }) => {
    const code = uniqueCode('kept').toUpperCase();
    forgetCode(code);
    const created = await request.post('/api/discounts', {
      headers: bearer(admin),
      data: { code, kind: 'fixed', value: 5 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const lamp = await addProduct('Kept Code Lamp', { price: 40, countInStock: 5 });
    const lines = [{ price: lamp.price, qty: 1 }];
    const placed = await request.post('/api/orders', {
      headers: bearer(customer),
      data: {
        orderItems: [{ product: lamp._id, qty: 1 }],
        shippingAddress: {
          address: '1 Test Street',
          city: 'Testville',
          postalCode: '12345',
          country: 'Testland',
        },
        paymentMethod: 'PayPal',
        discountCode: code,
        ...computeOrderPrices(lines, { kind: 'fixed', value: 5 }),
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);

    await openSignedIn(page, admin, '/admin/discounts');
    const main = page.getByRole('main');
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await main.getByRole('button', { name: `Delete ${code}` }).click();
    await expect(main.getByRole('alert').filter({ hasText: code })).toHaveText(
      `Discount code ${code} was deactivated instead of deleted: orders have used it or are waiting to be paid with it.`,
    );
    await expect(discountRow(page, code).getByRole('cell').nth(5)).toHaveText('Inactive');
    expect(question).toBe(
      `Delete the discount code ${code}? If orders placed with it are waiting to be paid, it will be deactivated instead.`,
    );

    // Once the order is cancelled nothing needs the code, and forgetCode deletes it.
    const { _id } = (await placed.json()) as { _id: string };
    const cancelled = await request.post(`/api/orders/${_id}/cancel`, {
      headers: bearer(customer),
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
  });

  test('on a phone, each code is a card of its fields with its actions, nothing off the screen', async ({
    page,
    request,
    admin,
    forgetCode,
  }) => {
    const code = uniqueCode('phone-width-check').toUpperCase();
    forgetCode(code);
    const created = await request.post('/api/discounts', {
      headers: bearer(admin),
      data: {
        code,
        kind: 'fixed',
        value: 12.5,
        startsAt: new Date(Date.now() - 86_400_000).toISOString(),
        endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, admin, '/admin/discounts');
    const row = discountRow(page, code);
    await expect(row.getByRole('cell').nth(2)).toHaveText('$12.50');
    await expect(row.getByRole('cell').nth(3)).toHaveText('0 / ∞');
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    const widths = await page.evaluate(() => {
      const box = document.querySelector('main .table-responsive')!;
      return {
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
        box: box.clientWidth,
        table: box.scrollWidth,
      };
    });
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    // Nothing scrolls sideways: every field and action of the card is on the screen.
    expect(widths.table).toBeLessThanOrEqual(widths.box);
    for (const cell of await row.getByRole('cell').all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(widths.viewport);
    }
    // Each field is named in the card, as its column was.
    const valueLabel = await row
      .getByRole('cell')
      .nth(2)
      .evaluate((cell) => getComputedStyle(cell, '::before').content);
    expect(valueLabel).toBe('"VALUE"');
    for (const action of [`Edit ${code}`, `Deactivate ${code}`, `Delete ${code}`]) {
      await expect(
        row.getByRole(action.startsWith('Edit') ? 'link' : 'button', { name: action }),
      ).toBeInViewport();
    }
  });
});

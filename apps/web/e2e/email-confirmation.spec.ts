// A new account confirms its address by the e-mailed link before it may order: the banner says
// so on every screen, Resend sends a new link, and the link's screen says what happened.
import { expect, test } from './fixtures.ts';
import { confirmationPathTo, messagesTo } from './outbox.ts';
import { newAccount } from './session.ts';
import { ANY_COUNTRY } from './address-form.ts';

test.describe('e-mail confirmation', () => {
  test('registers, sees the banner, cannot order, confirms by the link from the outbox, then orders', async ({
    page,
    addProduct,
  }) => {
    const lamp = await addProduct('Confirm Lamp', { price: 20, countInStock: 5 });
    const account = newAccount('Confirmer');
    const main = page.getByRole('main');

    await page.goto('/register');
    await main.getByLabel('Name').fill(account.name);
    await main.getByLabel('Email Address').fill(account.email);
    await main.getByLabel('Password', { exact: true }).fill(account.password);
    await main.getByLabel('Confirm Password').fill(account.password);
    await main.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL('/');
    const banner = main.getByRole('region', { name: 'Confirm your e-mail address' });
    await expect(banner).toContainText(`follow the link we sent to ${account.email}`);

    // Browsing and the cart work; placing the order waits, with the reason.
    await page.goto(`/product/${lamp._id}`);
    await expect(banner).toBeVisible();
    await main.getByRole('button', { name: 'Add To Cart' }).click();
    await page.goto('/shipping');
    await main.getByLabel('Address', { exact: true }).fill('3 Confirm Street');
    await main.getByLabel('City').fill('Springfield');
    await main.getByLabel('Postal Code').fill('12345');
    await main.getByLabel('Country').selectOption(ANY_COUNTRY);
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/payment');
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/placeorder');
    // Place Order waits for the confirmation and says why beside it (the server would refuse).
    const placeOrder = main.getByRole('button', { name: 'Place Order' });
    await expect(placeOrder).toBeDisabled();
    await expect(placeOrder).toHaveAccessibleDescription(
      `Your e-mail address must be confirmed before the order can be placed: follow the link we sent to ${account.email}.`,
    );

    // Resend: a new link replaces the first.
    const first = await confirmationPathTo(account.email);
    await banner.getByRole('button', { name: 'Resend Link' }).click();
    await expect(banner.getByRole('status')).toHaveText(
      'We have sent you a new confirmation link. Older links no longer work.',
    );
    await expect
      .poll(() => messagesTo(account.email).filter((mail) => mail.includes('confirm-email/')))
      .toHaveLength(2);
    const latest = await confirmationPathTo(account.email);
    expect(latest).not.toBe(first);

    await page.goto(first);
    await expect(main.getByRole('alert')).toContainText('This confirmation link is not valid');
    await expect(main.getByRole('button', { name: 'Send A New Link' })).toBeVisible();

    await page.goto(latest);
    await expect(main.getByRole('alert')).toHaveText(
      'Thank you: your e-mail address is confirmed.',
    );
    await expect(banner).toHaveCount(0);

    await page.goto('/placeorder');
    await expect(banner).toHaveCount(0);
    await main.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);

    // The link works once.
    await page.goto(latest);
    await expect(main.getByRole('alert')).toContainText(
      'This confirmation link has already been used',
    );
  });
});

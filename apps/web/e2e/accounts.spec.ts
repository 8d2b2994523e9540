import { expect, test } from '@playwright/test';
import {
  fillSignIn,
  logOut,
  newAccount,
  registerViaApi,
  signIn,
  userMenu,
} from './accounts-fixtures.ts';

test.describe('accounts', () => {
  test('register, log out and sign in again with a redirect', async ({ page }) => {
    const account = newAccount('Shopper');
    const header = page.getByRole('banner');
    const main = page.getByRole('main');

    await page.goto('/login');
    await main.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL('/register');
    await main.getByLabel('Name').fill(account.name);
    await main.getByLabel('Email Address').fill(account.email);
    await main.getByLabel('Password', { exact: true }).fill(account.password);
    await main.getByLabel('Confirm Password').fill(`${account.password}-typo`);
    await main.getByRole('button', { name: 'Register' }).click();
    await expect(main.getByRole('alert')).toHaveText('Passwords do not match');
    await expect(page).toHaveURL('/register');

    await main.getByLabel('Confirm Password').fill(account.password);
    await main.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL('/');
    await expect(userMenu(page, account.name)).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    // A customer has no Admin menu.
    await expect(header.getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toContain(account.email);

    await logOut(page, account.name);
    const toast = page.getByText('You have successfully logged out!');
    await expect(toast).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    // The toast goes away by itself after 3 seconds.
    await expect(toast).toBeHidden({ timeout: 6_000 });

    await page.goto('/login?redirect=shipping');
    await fillSignIn(page, account.email, account.password);
    await expect(page).toHaveURL('/shipping');

    // Signed in, /login passes straight on to the redirect target, or home.
    await page.goto('/login');
    await expect(page).toHaveURL('/');
  });

  test('updates the profile, refusing passwords that do not match', async ({ page, request }) => {
    const account = newAccount('Profiled');
    await registerViaApi(request, account);
    const header = page.getByRole('banner');
    const main = page.getByRole('main');
    await signIn(page, account.email, account.password);

    await userMenu(page, account.name).click();
    await header.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(main.getByRole('region', { name: 'My Orders' })).toBeVisible();
    const profile = main.getByRole('region', { name: 'User Profile' });
    await expect(profile.getByLabel('Name')).toHaveValue(account.name);
    await expect(profile.getByLabel('Email Address')).toHaveValue(account.email);

    const newName = `${account.name} Renamed`;
    const newPassword = `${account.password}-new`;
    await profile.getByLabel('Name').fill(newName);
    await profile.getByLabel('New Password').fill(newPassword);
    await profile.getByLabel('Confirm Password').fill('something else');
    await profile.getByRole('button', { name: 'Update' }).click();
    await expect(profile.getByRole('alert')).toHaveText('Passwords do not match');

    await profile.getByLabel('Confirm Password').fill(newPassword);
    await profile.getByRole('button', { name: 'Update' }).click();
    await expect(profile.getByRole('alert')).toHaveText('Profile Updated');
    await expect(userMenu(page, newName)).toBeVisible();

    // The new password is the one that works now.
    await logOut(page, newName);
    await page.goto('/login');
    await fillSignIn(page, account.email, account.password);
    await expect(main.getByRole('alert')).toHaveText('Invalid email or password');
    await fillSignIn(page, account.email, newPassword);
    await expect(page).toHaveURL('/');
    await expect(userMenu(page, newName)).toBeVisible();
  });

  test('the profile needs a signed-in user and comes back after sign-in', async ({
    page,
    request,
  }) => {
    const account = newAccount('Visitor');
    await registerViaApi(request, account);

    await page.goto('/profile');
    await expect(page).toHaveURL('/login?redirect=profile');
    await fillSignIn(page, account.email, account.password);
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('region', { name: 'User Profile' }).getByLabel('Name')).toHaveValue(
      account.name,
    );
  });

  test('a session ended by a password change elsewhere signs out and keeps the cart', async ({
    page,
    request,
  }) => {
    const account = newAccount('Elsewhere');
    const apiToken = await registerViaApi(request, account);
    await signIn(page, account.email, account.password);
    const cartItems = JSON.stringify([
      {
        product: 'kept-product',
        name: 'Kept product',
        image: '/images/sample.webp',
        price: 10,
        countInStock: 5,
        qty: 1,
      },
    ]);
    await page.evaluate((items) => localStorage.setItem('cartItems', items), cartItems);

    // Changing the password (on another device) ends every older session, this browser's too.
    const newPassword = `${account.password}-changed`;
    const change = await request.put('/api/users/profile', {
      headers: { authorization: `Bearer ${apiToken}` },
      data: { name: account.name, email: account.email, password: newPassword },
    });
    expect(change.status(), await change.text()).toBe(200);

    await page.goto('/profile');
    await expect(page).toHaveURL('/login?redirect=profile');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Your session has ended. Please sign in again.',
    );
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(header.getByRole('link', { name: /Cart/ })).toHaveText(/1/);
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('cartItems'))).toBe(cartItems);

    await fillSignIn(page, account.email, newPassword);
    await expect(page).toHaveURL('/profile');
    await expect(
      page.getByRole('region', { name: 'User Profile' }).getByLabel('Email Address'),
    ).toHaveValue(account.email);
    await expect(page.getByText('Your session has ended. Please sign in again.')).toHaveCount(0);
  });
});

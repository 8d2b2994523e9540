import { expect, expectToastToGoAfter3s, holdClock, test } from './fixtures.ts';
import {
  fillSignIn,
  logOut,
  newAccount,
  openSignedIn,
  signInByApi,
  storedSession,
  userMenu,
} from './session.ts';

test.describe('accounts', () => {
  test('registers through the form, refusing passwords that do not match', async ({ page }) => {
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
    expect(await storedSession(page)).toMatchObject({
      name: account.name,
      email: account.email,
      isAdmin: false,
    });
  });

  test('logging out forgets the session and says so in a toast that goes after 3 s', async ({
    page,
    customer,
  }) => {
    const header = page.getByRole('banner');
    await holdClock(page);
    await openSignedIn(page, customer, '/');

    await logOut(page, customer.name);
    const toast = page.getByText('You have successfully logged out!');
    await expect(toast).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(userMenu(page, customer.name)).toHaveCount(0);
    expect(await storedSession(page)).toBeNull();
    // It goes by itself after 3 seconds.
    await expectToastToGoAfter3s(page, toast);
  });

  test('signing in goes on to the redirect; signed in, /login passes straight on', async ({
    page,
    customer,
  }) => {
    await page.goto('/login?redirect=shipping');
    await fillSignIn(page, customer.email, customer.password);
    await expect(page).toHaveURL('/shipping');
    await expect(userMenu(page, customer.name)).toBeVisible();

    // Signed in, /login passes straight on to the redirect target, or home.
    await page.goto('/login?redirect=profile');
    await expect(page).toHaveURL('/profile');
    await page.goto('/login');
    await expect(page).toHaveURL('/');
  });

  test('updates the profile, refusing passwords that do not match', async ({
    page,
    request,
    customer,
  }) => {
    const header = page.getByRole('banner');
    const main = page.getByRole('main');
    await openSignedIn(page, customer, '/');

    await userMenu(page, customer.name).click();
    await header.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(main.getByRole('region', { name: 'My Orders' })).toBeVisible();
    const profile = main.getByRole('region', { name: 'User Profile' });
    await expect(profile.getByLabel('Name')).toHaveValue(customer.name);
    await expect(profile.getByLabel('Email Address')).toHaveValue(customer.email);

    const newName = `${customer.name} Renamed`;
    const newPassword = `${customer.password}-new`;
    await profile.getByLabel('Name').fill(newName);
    // The current password is asked for only once the change could take the account over.
    const currentPassword = profile.getByLabel('Current Password');
    await expect(currentPassword).toHaveCount(0);
    await profile.getByLabel('New Password').fill(newPassword);
    await currentPassword.fill('not my password');
    await profile.getByLabel('Confirm Password').fill('something else');
    await profile.getByRole('button', { name: 'Update' }).click();
    await expect(profile.getByRole('alert')).toHaveText('Passwords do not match');

    await profile.getByLabel('Confirm Password').fill(newPassword);
    await profile.getByRole('button', { name: 'Update' }).click();
    await expect(profile.getByRole('alert')).toHaveText('Your current password is not correct');
    await currentPassword.fill(customer.password);
    await profile.getByRole('button', { name: 'Update' }).click();
    await expect(profile.getByRole('alert')).toHaveText('Profile Updated');
    await expect(currentPassword).toHaveCount(0);
    await expect(userMenu(page, newName)).toBeVisible();
    expect(await storedSession(page)).toMatchObject({ name: newName, email: customer.email });

    // The new password is the one that works now.
    const withOld = await request.post('/api/users/login', {
      data: { email: customer.email, password: customer.password },
    });
    expect(withOld.status()).toBe(401);
    expect(await signInByApi(request, customer.email, newPassword)).toMatchObject({
      name: newName,
    });
  });

  test('the profile needs a signed-in user and comes back after sign-in', async ({
    page,
    customer,
  }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL('/login?redirect=profile');
    await fillSignIn(page, customer.email, customer.password);
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('region', { name: 'User Profile' }).getByLabel('Name')).toHaveValue(
      customer.name,
    );
  });

  test('a session ended by a password change elsewhere signs out and keeps the cart', async ({
    page,
    request,
    customer,
  }) => {
    await openSignedIn(page, customer, '/');
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

    // Changing the password on another device ends every older session, this browser's too.
    const elsewhere = await signInByApi(request, customer.email, customer.password);
    const newPassword = `${customer.password}-changed`;
    const change = await request.put('/api/users/profile', {
      headers: { authorization: `Bearer ${elsewhere.token}` },
      data: {
        name: customer.name,
        email: customer.email,
        password: newPassword,
        currentPassword: customer.password,
      },
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
    expect(await storedSession(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('cartItems'))).toBe(cartItems);

    await fillSignIn(page, customer.email, newPassword);
    await expect(page).toHaveURL('/profile');
    await expect(
      page.getByRole('region', { name: 'User Profile' }).getByLabel('Email Address'),
    ).toHaveValue(customer.email);
    await expect(page.getByText('Your session has ended. Please sign in again.')).toHaveCount(0);
  });
});

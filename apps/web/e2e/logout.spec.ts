import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const LOGGED_OUT = 'You have successfully logged out!';

/** A new account, signed in through the sign-in screen; answers its name and the stored token. */
async function signInNewAccount(page: Page, request: APIRequestContext) {
  const id = randomUUID().slice(0, 8);
  const account = {
    name: `Leaver ${id}`,
    email: `leaver-${id}@example.com`,
    password: `pass-${randomUUID()}`,
  };
  const registered = await request.post('/api/users', { data: account });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel('Email Address').fill(account.email);
  await main.getByLabel('Password').fill(account.password);
  await main.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/');
  const stored = await page.evaluate(() => localStorage.getItem('userInfo'));
  const { token } = JSON.parse(stored ?? '{}') as { token: string };
  return { name: account.name, token };
}

async function clickLogout(page: Page, name: string) {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name, exact: true }).click();
  await header.getByRole('button', { name: 'Logout' }).click();
}

const profileWith = (request: APIRequestContext, token: string) =>
  request.get('/api/users/profile', { headers: { authorization: `Bearer ${token}` } });

test.describe('logout', () => {
  test('ends the session on the server: a copy of the old token is refused afterwards', async ({
    page,
    request,
  }) => {
    const { name, token } = await signInNewAccount(page, request);
    expect((await profileWith(request, token)).status()).toBe(200);

    const ended = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/users/logout') && response.request().method() === 'POST',
    );
    await clickLogout(page, name);
    await expect(page.getByText(LOGGED_OUT)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect((await ended).status()).toBe(204);

    const refused = await profileWith(request, token);
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({
      message: 'Your session has ended. Please sign in again.',
    });
  });

  test('signs out in the browser even when the server cannot be reached', async ({
    page,
    request,
  }) => {
    const { name } = await signInNewAccount(page, request);
    await page.route('**/api/users/logout', (route) => route.abort('internetdisconnected'));

    await clickLogout(page, name);
    await expect(page.getByText(LOGGED_OUT)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  });
});

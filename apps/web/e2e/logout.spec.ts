import type { APIRequestContext } from '@playwright/test';
import { expect, holdClock, test } from './fixtures.ts';
import { bearer, logOut, openSignedIn, storedSession, type SessionInfo } from './session.ts';

const LOGGED_OUT = 'You have successfully logged out!';

const profileWith = (request: APIRequestContext, session: SessionInfo) =>
  request.get('/api/users/profile', { headers: bearer(session) });

test.describe('logout', () => {
  test('ends the session on the server: a copy of the old token is refused afterwards', async ({
    page,
    request,
    customer,
  }) => {
    // The toast stays until the test moves the clock, however slowly the test runs.
    await holdClock(page);
    await openSignedIn(page, customer, '/');
    expect((await profileWith(request, customer)).status()).toBe(200);

    const ended = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/users/logout') && response.request().method() === 'POST',
    );
    await logOut(page, customer.name);
    await expect(page.getByText(LOGGED_OUT)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect((await ended).status()).toBe(204);

    const refused = await profileWith(request, customer);
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({
      message: 'Your session has ended. Please sign in again.',
    });
  });

  test('signs out in the browser even when the server cannot be reached', async ({
    page,
    customer,
  }) => {
    await holdClock(page);
    await openSignedIn(page, customer, '/');
    await page.route('**/api/users/logout', (route) => route.abort('internetdisconnected'));

    await logOut(page, customer.name);
    await expect(page.getByText(LOGGED_OUT)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await storedSession(page)).toBeNull();
  });
});

// Fresh accounts for the browser tests, so no test depends on (or changes) the demo accounts.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

export function newAccount(label: string): TestAccount {
  const id = randomUUID().slice(0, 8);
  return {
    name: `${label} ${id}`,
    email: `${label.toLowerCase().replace(/\W+/g, '-')}-${id}@example.com`,
    password: `pass-${randomUUID()}`,
  };
}

/** Registers through the API; answers the session token. */
export async function registerViaApi(
  request: APIRequestContext,
  account: TestAccount,
): Promise<string> {
  const response = await request.post('/api/users', {
    data: { name: account.name, email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** Fills the sign-in form of the page that is open (/login). */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel('Email Address').fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Sign In' }).click();
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL('/');
}

/** The header's menu titled with the signed-in user's name. */
export function userMenu(page: Page, name: string) {
  return page.getByRole('banner').getByRole('button', { name, exact: true });
}

export async function logOut(page: Page, name: string): Promise<void> {
  await userMenu(page, name).click();
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
}

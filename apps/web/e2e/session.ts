// Sessions of the browser tests, one copy of each helper: accounts made through the API, the
// session the sign-in screen would store put straight into the page, and the screens' own
// sign-in and sign-out for the tests that are about them.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { confirmationPathTo } from './outbox.ts';
import { demoAdmin, demoPassword } from './shop-server.ts';

/** An account a test makes for itself, so no test depends on (or changes) another's. */
export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** The session the API answers and the browser keeps as `userInfo`. */
export interface SessionInfo {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  token: string;
}

/** A registered account with its session. */
export type SignedInAccount = SessionInfo & TestAccount;

/** A name, e-mail and password no other test uses; `label` starts the name. */
export function newAccount(label: string): TestAccount {
  const id = randomUUID().slice(0, 8);
  return {
    name: `${label} ${id}`,
    email: `${label.toLowerCase().replace(/\W+/g, '-')}-${id}@example.com`,
    password: `pass-${randomUUID()}`,
  };
}

export function bearer(session: Pick<SessionInfo, 'token'>) {
  return { authorization: `Bearer ${session.token}` };
}

/**
 * Registers `account` (a new one when not given) through the API; answers it signed in, with its
 * address confirmed by the link the shop e-mailed (so it may order), unless `confirmed: false`.
 */
export async function registerByApi(
  request: APIRequestContext,
  account: TestAccount = newAccount('Customer'),
  options: { confirmed?: boolean } = {},
): Promise<SignedInAccount> {
  const response = await request.post('/api/users', {
    data: { name: account.name, email: account.email, password: account.password },
    // Each new shopper from an address of their own (the test shops trust loopback as their
    // proxy): the whole suite registers more accounts than one address may in an hour.
    headers: { 'x-forwarded-for': clientAddressOf(account.email) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const session = (await response.json()) as SessionInfo;
  if (options.confirmed !== false) await confirmByApi(request, account.email);
  return { ...session, ...account };
}

/** A private-range client address for an account, the same each time for one e-mail. */
export function clientAddressOf(email: string): string {
  let hash = 0;
  for (const char of email) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`;
}

/** Follows the newest confirmation link e-mailed to `email`, as the confirm screen does. */
export async function confirmByApi(request: APIRequestContext, email: string): Promise<void> {
  const path = await confirmationPathTo(email);
  const token = path.split('/').at(-1);
  const response = await request.post('/api/users/confirm-email', { data: { token } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in through the API (the demo admin unless told otherwise). */
export async function signInByApi(
  request: APIRequestContext,
  email: string = demoAdmin,
  password: string = demoPassword,
): Promise<SessionInfo> {
  const response = await request.post('/api/users/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SessionInfo;
}

/** Opens the shop signed in as `session`: the session the login page would have stored. */
export async function openSignedIn(page: Page, session: SessionInfo, path: string): Promise<void> {
  await page.goto('/');
  await switchSession(page, session, path);
}

/** The shop already open in `page`, now with `session` signed in instead, at `path`. */
export async function switchSession(page: Page, session: SessionInfo, path: string): Promise<void> {
  const { _id, name, email, isAdmin, token } = session;
  const stored = JSON.stringify({ _id, name, email, isAdmin, token });
  await page.evaluate((value) => localStorage.setItem('userInfo', value), stored);
  await page.goto(path);
}

/** The session the page keeps (localStorage `userInfo`), or null when signed out. */
export async function storedSession(page: Page): Promise<SessionInfo | null> {
  const stored = await page.evaluate(() => localStorage.getItem('userInfo'));
  return stored === null ? null : (JSON.parse(stored) as SessionInfo);
}

/** Fills the sign-in form of the page that is open (/login) and sends it. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel('Email Address').fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Sign In' }).click();
}

/** The header's menu titled with the signed-in user's name. */
export function userMenu(page: Page, name: string) {
  return page.getByRole('banner').getByRole('button', { name, exact: true });
}

/** Signs out through the header's user menu. */
export async function logOut(page: Page, name: string): Promise<void> {
  await userMenu(page, name).click();
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
}

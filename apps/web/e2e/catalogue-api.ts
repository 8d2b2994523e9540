// Data the catalogue journeys set up through the API, so each test owns what it changes.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { demoAccounts, demoPassword } from './fixtures.ts';

export interface SessionInfo {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  token: string;
}

export interface ProductFields {
  name: string;
  price: number;
  image: string;
  brand: string;
  category: string;
  countInStock: number;
  description: string;
}

export type Product = { _id: string } & ProductFields;

/** A valid 1x1 PNG, as an admin would upload it. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A word no demo product contains, so a test finds exactly what it made. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${randomUUID().slice(0, 8)}`;
}

export async function signInByApi(
  request: APIRequestContext,
  email: string = demoAccounts.admin,
  password: string = demoPassword,
): Promise<SessionInfo> {
  const response = await request.post('/api/users/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SessionInfo;
}

/** A customer of the test's own, so no demo account's orders or reviews change. */
export async function registerCustomer(request: APIRequestContext): Promise<SessionInfo> {
  const name = uniqueWord('Customer ');
  const response = await request.post('/api/users', {
    data: {
      name,
      email: `${uniqueWord('customer-')}@example.com`,
      password: 'a-long-test-password',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as SessionInfo;
}

/** Opens the shop signed in as `session`: the session the login page would have stored. */
export async function openSignedIn(page: Page, session: SessionInfo, path: string): Promise<void> {
  await page.goto('/');
  await switchSession(page, session, path);
}

/** The shop already open in `page`, now with `session` signed in instead, at `path`. */
export async function switchSession(page: Page, session: SessionInfo, path: string): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('userInfo', value), JSON.stringify(session));
  await page.goto(path);
}

export function bearer(session: SessionInfo) {
  return { authorization: `Bearer ${session.token}` };
}

/** A product as the admin's Create Product button makes it, then saved with `fields`. */
export async function createProduct(
  request: APIRequestContext,
  admin: SessionInfo,
  fields: Partial<ProductFields>,
): Promise<Product> {
  const created = await request.post('/api/products', { headers: bearer(admin) });
  expect(created.status(), await created.text()).toBe(201);
  const sample = (await created.json()) as Product;
  const { _id, name, price, image, brand, category, countInStock, description } = sample;
  const made = { _id, name, price, image, brand, category, countInStock, description };
  return updateProduct(request, admin, made, fields);
}

/** Saves `product` with `changes`, as the admin's edit form would. */
export async function updateProduct(
  request: APIRequestContext,
  admin: SessionInfo,
  product: Product,
  changes: Partial<ProductFields>,
): Promise<Product> {
  const { _id, ...fields } = product;
  const data = { ...fields, ...changes };
  const updated = await request.put(`/api/products/${_id}`, { headers: bearer(admin), data });
  expect(updated.status(), await updated.text()).toBe(200);
  return { _id, ...data };
}

/** Removes a product a test made; one already deleted by the test is fine. */
export async function deleteProduct(
  request: APIRequestContext,
  admin: SessionInfo,
  id: string,
): Promise<void> {
  const response = await request.delete(`/api/products/${id}`, { headers: bearer(admin) });
  expect([200, 404]).toContain(response.status());
}

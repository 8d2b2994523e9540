// Data the catalogue journeys set up through the API, so each test owns what it changes.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { bearer, type SessionInfo } from './session.ts';

export interface ProductFields {
  name: string;
  price: number;
  image: string;
  brand: string;
  category: string;
  countInStock: number;
  description: string;
  /** `draft` (what Create Product makes) or `active`; left out, a save keeps it. */
  status?: 'draft' | 'active';
}

export type Product = { _id: string } & ProductFields;

/** A valid 1x1 PNG, as an admin would upload it. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A word no other product contains, so a test finds exactly what it made. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${randomUUID().slice(0, 8)}`;
}

/**
 * A product as the admin's Create Product button makes it (a draft), then saved with `fields`
 * and made active, so shoppers see it, as the edit form's Update does.
 */
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
  return updateProduct(request, admin, made, { status: 'active', ...fields });
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

/** A category or brand as the API lists it. */
export interface Taxonomy {
  _id: string;
  name: string;
  slug: string;
}

/** The category or brand of that name (made when a product named it). */
export async function findTaxonomy(
  request: APIRequestContext,
  kind: 'categories' | 'brands',
  name: string,
): Promise<Taxonomy> {
  const response = await request.get(`/api/${kind}`);
  expect(response.status(), await response.text()).toBe(200);
  const record = ((await response.json()) as Taxonomy[]).find((each) => each.name === name);
  if (!record) throw new Error(`No ${kind} named ${name}`);
  return record;
}

/** Removes a category or brand a test made; one already gone is fine. */
export async function deleteTaxonomy(
  request: APIRequestContext,
  admin: SessionInfo,
  kind: 'categories' | 'brands',
  id: string,
): Promise<void> {
  const response = await request.delete(`/api/${kind}/${id}`, { headers: bearer(admin) });
  expect([200, 204, 404], await response.text()).toContain(response.status());
}

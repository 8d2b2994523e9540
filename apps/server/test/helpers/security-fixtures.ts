import { randomUUID } from 'node:crypto';
import { computeOrderPrices } from '@proshop/domain/prices';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export type Headers = Record<string, string>;
export type Access = 'public' | 'user' | 'admin';

/** One operation of the OpenAPI document, with the access rule the access plugin wrote into it. */
export interface ApiOperation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI form, e.g. `/api/orders/{id}/pay`. */
  path: string;
  /** `config.access` of the route; undefined when the route declares none. */
  access: Access | undefined;
  secured: boolean;
  hasBody: boolean;
}

/** Every /api operation the server publishes in /api/openapi.json. */
export async function apiOperations(app: FastifyInstance): Promise<ApiOperation[]> {
  const doc = (await app.inject('/api/openapi.json')).json<{
    paths: Record<string, Record<string, Record<string, unknown>>>;
  }>();
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase() as ApiOperation['method'],
      path,
      access: op['x-access'] as Access | undefined,
      secured: Array.isArray(op.security) && op.security.length > 0,
      hasBody: op.requestBody !== undefined,
    })),
  );
}

export const operationName = (op: Pick<ApiOperation, 'method' | 'path'>) =>
  `${op.method} ${op.path}`;

/** The path with `{id}` replaced (encoded, so hostile ids reach the route as they are). */
export const fillPath = (path: string, id: string) => path.replace('{id}', encodeURIComponent(id));

export const uniqueEmail = (prefix = 'sec') => `${prefix}-${randomUUID()}@example.test`;

export const shippingAddress = {
  address: '1 Main St',
  city: 'Springfield',
  postalCode: '12345',
  country: 'USA',
};

/** The body the place-order screen sends for these lines, totals from the shared price rule. */
export function orderBody(lines: { product: { id: string; price: string }; qty: number }[]) {
  return {
    orderItems: lines.map(({ product, qty }) => ({ product: product.id, qty })),
    shippingAddress,
    paymentMethod: 'PayPal',
    ...computeOrderPrices(lines.map(({ product, qty }) => ({ price: Number(product.price), qty }))),
  };
}

/** Places an order through the API as the given shopper and answers it. */
export async function placeOrder(
  app: FastifyInstance,
  headers: Headers,
  lines: { product: { id: string; price: string }; qty: number }[],
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: orderBody(lines),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string; totalPrice: number }>();
}

/**
 * Pays an order in test mode as the order page does: starts the payment, then captures it with
 * the provider's order id. Answers the capture's response.
 */
export async function payOrder(app: FastifyInstance, headers: Headers, orderId: string) {
  const started = await app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payment`,
    headers,
  });
  expect(started.statusCode, started.body).toBe(200);
  return app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/pay`,
    headers,
    payload: { providerOrderId: started.json<{ providerOrderId: string }>().providerOrderId },
  });
}

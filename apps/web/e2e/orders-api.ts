// Orders placed and read through the API, so a journey starts at the order it is about.
import type { Order, ShippingAddress } from '@proshop/domain/order-schemas';
import { computeOrderPrices } from '@proshop/domain/prices';
import { expect, type APIRequestContext } from '@playwright/test';
import { bearer, type SessionInfo } from './session.ts';

export interface OrderLine {
  product: { _id: string; price: number };
  qty: number;
}

/** Where the orders placed through the API go. */
const testAddress: ShippingAddress = {
  address: '1 Test Street',
  city: 'Testville',
  postalCode: '12345',
  country: 'Testland',
};

/** Places `lines` as `customer`, with the totals the place-order screen would show. */
export async function placeOrderByApi(
  request: APIRequestContext,
  customer: SessionInfo,
  lines: OrderLine[],
  paymentMethod: 'PayPal' | 'Credit Card' = 'PayPal',
): Promise<Order> {
  const prices = computeOrderPrices(
    lines.map(({ product, qty }) => ({ price: product.price, qty })),
  );
  const response = await request.post('/api/orders', {
    headers: bearer(customer),
    data: {
      orderItems: lines.map(({ product, qty }) => ({ product: product._id, qty })),
      shippingAddress: testAddress,
      paymentMethod,
      ...prices,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

/** The order as `session` (its buyer or an admin) reads it. */
export async function fetchOrderByApi(
  request: APIRequestContext,
  session: SessionInfo,
  id: string,
): Promise<Order> {
  const response = await request.get(`/api/orders/${id}`, { headers: bearer(session) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Order;
}

/** The orders of `customer`, as My Orders lists them. */
export async function myOrdersByApi(
  request: APIRequestContext,
  customer: SessionInfo,
): Promise<Order[]> {
  const response = await request.get('/api/orders/myorders', { headers: bearer(customer) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Order[];
}

/** Pays the order as its buyer, as the order screen's test-mode button does. */
export async function payOrderByApi(
  request: APIRequestContext,
  customer: SessionInfo,
  id: string,
): Promise<Order> {
  const started = await request.post(`/api/orders/${id}/payment`, { headers: bearer(customer) });
  expect(started.status(), await started.text()).toBe(200);
  const { providerOrderId } = (await started.json()) as { providerOrderId: string };
  const paid = await request.put(`/api/orders/${id}/pay`, {
    headers: bearer(customer),
    data: { providerOrderId },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return (await paid.json()) as Order;
}

/** The admin's next step for a paid order: marked sent, then delivered. */
export async function advanceOrderByApi(
  request: APIRequestContext,
  admin: SessionInfo,
  id: string,
  step: 'sent' | 'deliver',
): Promise<Order> {
  const response = await request.put(`/api/orders/${id}/${step}`, { headers: bearer(admin) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Order;
}

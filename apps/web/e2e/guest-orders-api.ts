// Guest orders placed through the API (issue #37), so a journey starts at the order's link.
import type { GuestBuyer, PlacedOrder } from '@proshop/domain/order-schemas';
import { computeOrderPrices } from '@proshop/domain/prices';
import { expect, type APIRequestContext } from '@playwright/test';
import type { OrderLine } from './orders-api.ts';
import { clientAddressOf } from './session.ts';

/** Places `lines` as the guest, without a token; the answer carries the key of its link. */
export async function placeGuestOrderByApi(
  request: APIRequestContext,
  guest: GuestBuyer,
  lines: OrderLine[],
): Promise<PlacedOrder & { accessKey: string }> {
  const prices = computeOrderPrices(
    lines.map(({ product, qty }) => ({ price: product.price, qty })),
  );
  const response = await request.post('/api/orders', {
    // Each guest from an address of their own: guest orders are counted per address.
    headers: { 'x-forwarded-for': clientAddressOf(guest.email) },
    data: {
      orderItems: lines.map(({ product, qty }) => ({ product: product._id, qty })),
      shippingAddress: {
        address: '1 Guest Street',
        city: 'Testville',
        postalCode: '12345',
        country: 'Testland',
      },
      paymentMethod: 'PayPal',
      ...prices,
      guest,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const order = (await response.json()) as PlacedOrder;
  expect(order.accessKey).toBeTruthy();
  return { ...order, accessKey: order.accessKey! };
}

/** The page of a guest's order, as the link of its receipt opens it. */
export function guestOrderPath(order: { _id: string; accessKey: string }): string {
  return `/order/${order._id}?key=${encodeURIComponent(order.accessKey)}`;
}

/** Pays the guest's order with the key of its link, as its page's test-mode button does. */
export async function payGuestOrderByApi(
  request: APIRequestContext,
  order: { _id: string; accessKey: string },
): Promise<void> {
  const key = `key=${encodeURIComponent(order.accessKey)}`;
  const started = await request.post(`/api/orders/${order._id}/payment?${key}`);
  expect(started.status(), await started.text()).toBe(200);
  const { providerOrderId } = (await started.json()) as { providerOrderId: string };
  const paid = await request.put(`/api/orders/${order._id}/pay?${key}`, {
    data: { providerOrderId },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

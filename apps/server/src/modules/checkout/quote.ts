import type { Quote, QuoteRequest } from '@proshop/domain/checkout-schemas';
import type { Database } from '../../db/client.ts';
import type { DiscountCustomer } from '../promotions/service.ts';
import { quoteOrder, type ShopNow } from './place-order.ts';

/**
 * What the order will cost if placed now (POST /api/checkout/quote): the same quote as placing
 * it (quoteOrder), so the figures are the ones POST /api/orders will charge, and a code that does
 * not apply is refused with the same status and words. Shipping, tax and the total are answered
 * only once the shipping address is known: they are worked out for it (issue #37).
 */
export async function quoteCheckout(
  db: Database,
  customer: DiscountCustomer,
  request: QuoteRequest,
  shop: ShopNow,
): Promise<Quote> {
  const { prices, discount } = await quoteOrder(db, customer, request, shop);
  const known = request.shippingAddress !== undefined;
  return {
    itemsPrice: prices.itemsPrice,
    discountPrice: prices.discountPrice,
    shippingPrice: known ? prices.shippingPrice : null,
    taxPrice: known ? prices.taxPrice : null,
    totalPrice: known ? prices.totalPrice : null,
    discountCode: discount?.code ?? null,
  };
}

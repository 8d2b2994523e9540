import type { DiscountCheckRequest, DiscountCheckResponse } from '@proshop/domain/discount-schemas';
import { fromCents, toCents } from '@proshop/domain/money';
import { computeOrderPrices } from '@proshop/domain/prices';
import type { Database } from '../../db/client.ts';
import type { DiscountCustomer } from '../promotions/service.ts';
import { quoteOrder, type ShopNow } from './place-order.ts';

/**
 * Whether a code applies to the cart's lines now, and the order's prices with it: the same
 * quote as placing the order (place-order.ts), so the cart shows what the order will cost
 * and the reason a code does not apply, in the same words. `discount` is what the code saves:
 * the amount off the items, or for free shipping the shipping it waives.
 */
export async function checkDiscount(
  db: Database,
  customer: DiscountCustomer,
  request: DiscountCheckRequest,
  shop: ShopNow,
): Promise<DiscountCheckResponse> {
  const { lines, prices, discount } = await quoteOrder(
    db,
    customer,
    { orderItems: request.orderItems, discountCode: request.code },
    shop,
  );
  // quoteOrder throws the reason when a code does not apply: a code was given, so here it does.
  if (!discount) throw new Error('A checked code gave no discount');
  const { kind } = discount.terms;
  const waived = () => {
    const without = computeOrderPrices(
      lines.map(({ price, qty }) => ({ price: Number(price), qty })),
    );
    return fromCents(toCents(without.shippingPrice) - toCents(prices.shippingPrice));
  };
  return {
    code: discount.code,
    kind,
    // The cart recomputes with the terms when a quantity changes (web: state/cart-discount.ts).
    value: kind === 'free-shipping' ? null : discount.terms.value,
    discount: kind === 'free-shipping' ? waived() : prices.discountPrice,
    ...prices,
    eligible: discount.eligible,
  };
}

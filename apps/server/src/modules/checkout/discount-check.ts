import type { DiscountCheckRequest, DiscountCheckResponse } from '@proshop/domain/discount-schemas';
import { priceCheckout, type CheckoutPricing } from '@proshop/domain/checkout-pricing';
import { fromCents, toCents } from '@proshop/domain/money';
import type { OrderPrices } from '@proshop/domain/prices';
import type { Database } from '../../db/client.ts';
import type { DiscountCustomer } from '../promotions/service.ts';
import { pricingRules } from '../shipping/service.ts';
import { priceQuote, quoteOrder, type OrderQuote, type ShopNow } from './place-order.ts';

/**
 * The cart has no address yet (issue #38): its shipping and tax are those of an address the shop
 * knows nothing of, which only a "rest of the world" zone serves (a default shop's one zone, so
 * the check answers what it always did). A shop without one answers no shipping and no tax
 * here; the quote with the address gives the real figures.
 */
const ANYWHERE = { country: '' };

/** The priced order's figures, or the items alone where no zone serves ANYWHERE. */
function pricesOf(priced: CheckoutPricing, quote: OrderQuote): OrderPrices {
  if (priced.kind === 'priced') return priced.prices;
  const { itemsPrice, discountPrice } = quote.items;
  const net = fromCents(toCents(itemsPrice) - toCents(discountPrice));
  return { itemsPrice, discountPrice, shippingPrice: 0, taxPrice: 0, totalPrice: net };
}

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
  const [quote, rules] = await Promise.all([
    quoteOrder(db, customer, { orderItems: request.orderItems, discountCode: request.code }, shop),
    pricingRules(db),
  ]);
  const { discount } = quote;
  // quoteOrder throws the reason when a code does not apply: a code was given, so here it does.
  if (!discount) throw new Error('A checked code gave no discount');
  const prices = pricesOf(priceQuote(quote, rules, ANYWHERE, undefined, shop.currency), quote);
  const { kind } = discount.terms;
  const waived = () => {
    const without = pricesOf(priceCheckout(quote.pricing, undefined, rules, ANYWHERE), quote);
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

import type { Quote, QuoteRequest } from '@proshop/domain/checkout-schemas';
import { fromCents } from '@proshop/domain/money';
import type { Database } from '../../db/client.ts';
import type { DiscountCustomer } from '../promotions/service.ts';
import { pricingRules } from '../shipping/service.ts';
import { priceQuote, quoteOrder, refuseTooLarge, type ShopNow } from './place-order.ts';
import { destinationOf, noZoneError, optionAnswers } from './shipping-choice.ts';

/**
 * What the order will cost if placed now (POST /api/checkout/quote): the same quote as placing
 * it (quoteOrder, priceQuote), so the figures are the ones POST /api/orders will charge, and a
 * code that does not apply is refused with the same status and words. Shipping, tax and the
 * total are answered only once the shipping address is known: they are worked out for it by the
 * merchant's rules (issue #38), with the zone's shipping options. An address outside every zone
 * is refused (422) as placing the order would be; a method that cannot carry the order is not:
 * the options say why, and the figures wait (null) for another choice.
 */
export async function quoteCheckout(
  db: Database,
  customer: DiscountCustomer,
  request: QuoteRequest,
  shop: ShopNow,
): Promise<Quote> {
  const { shippingAddress } = request;
  // The rules even without an address: whether prices include tax is the cart's "incl. VAT".
  const [quote, rules] = await Promise.all([
    quoteOrder(db, customer, request, shop),
    pricingRules(db),
  ]);
  const { itemsPrice, discountPrice } = quote.items;
  const discountCode = quote.discount?.code ?? null;
  const unknown = {
    itemsPrice,
    discountPrice,
    shippingPrice: null,
    taxPrice: null,
    totalPrice: null,
    discountCode,
    shippingOptions: null,
    shippingMethod: null,
    taxLines: [],
    pricesIncludeTax: rules.pricesIncludeTax,
  };
  if (!shippingAddress) {
    refuseTooLarge(quote.items, shop.currency);
    return unknown;
  }
  const destination = destinationOf(shippingAddress);
  const priced = priceQuote(quote, rules, destination, request.shippingMethod, shop.currency);
  if (priced.kind === 'no-zone') throw noZoneError(destination);
  const shippingOptions = optionAnswers(priced.options, shop.currency);
  if (priced.kind === 'no-method') {
    return { ...unknown, shippingOptions, shippingMethod: priced.asked ?? null };
  }
  const { prices } = priced;
  return {
    ...prices,
    discountCode,
    shippingOptions,
    shippingMethod: priced.shipping.methodId,
    taxLines: priced.taxLines.map((line) => ({
      name: line.name,
      basisPoints: line.basisPoints,
      appliesTo: line.appliesTo,
      base: fromCents(line.baseCents),
      amount: fromCents(line.amountCents),
    })),
    pricesIncludeTax: priced.pricesIncludeTax,
  };
}

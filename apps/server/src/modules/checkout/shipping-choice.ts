import type { NoMethod, ShippingOption } from '@proshop/domain/checkout-pricing';
import { formatMoney, fromCents } from '@proshop/domain/money';
import type { ShippingAddress } from '@proshop/domain/order-schemas';
import { storedAddress } from '@proshop/domain/shipping-address';
import type { Destination, MethodRefusal } from '@proshop/domain/shipping-rules';
import { SHIPPING_MESSAGES, type ShippingOptionAnswer } from '@proshop/domain/shipping-schemas';
import { conflict, unprocessable } from '../../errors/app-error.ts';

/**
 * Where an order goes and how it ships, as the quote and placing the order read it (issue #38):
 * the address as it is stored, the shipping options as the shopper reads them, and the answer
 * to a method that cannot carry the order.
 */

/** What the zones and rates read of an address. */
export const destinationOf = (address: ShippingAddress): Destination => {
  const stored = storedAddress(address);
  return { country: stored.country, region: stored.region, postalCode: stored.postalCode };
};

/** 1500 g as "1.5 kg", 800 g as "800 g". */
const weightText = (grams: number) =>
  grams >= 1000 ? `${Number((grams / 1000).toFixed(3))} kg` : `${grams} g`;

/** Why a method cannot carry the order, as the shopper reads it beside the method. */
function refusalText(refusal: MethodRefusal, currency: string): string {
  switch (refusal.reason) {
    case 'inactive':
      return 'Not offered at the moment';
    case 'below-minimum':
      return `For orders of ${formatMoney(refusal.minOrderCents, currency)} or more`;
    case 'too-heavy':
      return `For parcels up to ${weightText(refusal.maxGrams)}`;
  }
}

/** The zone's methods as the quote answers them: each its price for this order, or why not. */
export const optionAnswers = (
  options: readonly ShippingOption[],
  currency: string,
): ShippingOptionAnswer[] =>
  options.map((option) => ({
    _id: option.methodId,
    name: option.name,
    price: option.priceCents === null ? null : fromCents(option.priceCents),
    estimateMinDays: option.estimateMinDays,
    estimateMaxDays: option.estimateMaxDays,
    freeAbove: option.freeAboveCents === null ? null : fromCents(option.freeAboveCents),
    unavailable: option.refusal ? refusalText(option.refusal, currency) : null,
  }));

/** An address outside every zone: said before payment, at the address step (422). */
export const noZoneError = (destination: Destination) =>
  unprocessable(SHIPPING_MESSAGES.noZone(destination.country));

/**
 * POST /api/orders with a method that is not one of the zone's (409 unknownMethod), one that
 * cannot carry this order (409 methodUnavailable), or none asked and none of the zone's can.
 */
export function noMethodError(result: NoMethod) {
  if (result.asked === undefined) return conflict(SHIPPING_MESSAGES.noMethod);
  const asked = result.options.find((option) => option.methodId === result.asked);
  return conflict(
    asked ? SHIPPING_MESSAGES.methodUnavailable(asked.name) : SHIPPING_MESSAGES.unknownMethod,
  );
}

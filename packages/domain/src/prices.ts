import { fromCents, lineTotal, toCents } from './money.ts';

/** Shipping is free when the items price is above this many cents (the place-order note). */
export const FREE_SHIPPING_ABOVE_CENTS = 100_00;
export const SHIPPING_PRICE_CENTS = 25_00;
export const TAX_RATE = 0.15;

export interface PricedLine {
  price: number;
  qty: number;
}

export interface OrderPrices {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
}

/**
 * The one price rule of the shop, used by the place-order screen and by the server that
 * charges the shopper: items + shipping (0 above 100, else 25) + 15 % tax rounded to cents.
 */
export function computeOrderPrices(lines: readonly PricedLine[]): OrderPrices {
  const itemsCents = lines.reduce((sum, line) => sum + lineTotal(toCents(line.price), line.qty), 0);
  const shippingCents = itemsCents > FREE_SHIPPING_ABOVE_CENTS ? 0 : SHIPPING_PRICE_CENTS;
  const taxCents = Math.round(itemsCents * TAX_RATE);
  return {
    itemsPrice: fromCents(itemsCents),
    shippingPrice: fromCents(shippingCents),
    taxPrice: fromCents(taxCents),
    totalPrice: fromCents(itemsCents + shippingCents + taxCents),
  };
}

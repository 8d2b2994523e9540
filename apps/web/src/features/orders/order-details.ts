import type { Order } from '@proshop/domain/order-schemas';
import { keptEstimateText } from '@proshop/domain/shipping-text';
import type { PriceDetails } from '../../lib/price-details.ts';

/**
 * The order's snapshot of what it was priced by (issue #38): the method with its estimate as it
 * was when placed, its tax lines, whether its prices held their tax. Read as possibly absent: a
 * server from before #38 does not send them, and the page then shows the figures alone.
 */
export function orderDetails(order: Order): PriceDetails {
  const { shipping, taxLines, pricesIncludeTax } = order as Partial<
    Pick<Order, 'shipping' | 'taxLines' | 'pricesIncludeTax'>
  >;
  return {
    shippingMethod: shipping && shippingMethodText(shipping),
    taxLines,
    pricesIncludeTax,
  };
}

/** "Express, 1–2 business days"; the name alone for an order kept without an estimate. */
export function shippingMethodText(shipping: Order['shipping']): string {
  const { method, estimateMinDays, estimateMaxDays } = shipping;
  const estimate = keptEstimateText(estimateMinDays, estimateMaxDays);
  return estimate ? `${method}, ${estimate}` : method;
}

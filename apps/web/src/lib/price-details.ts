import type { TaxLineAnswer } from '@proshop/domain/shipping-schemas';

/**
 * What an order's figures are made of (issue #38), from the quote or the order's snapshot: the
 * method shipping is by, each tax, and whether prices hold their tax. Absent from an answer of a
 * server before #38: the summaries then show the figures alone.
 */
export interface PriceDetails {
  /** "Express, 1–2 business days". */
  shippingMethod?: string | undefined;
  taxLines?: readonly TaxLineAnswer[] | undefined;
  pricesIncludeTax?: boolean | undefined;
}

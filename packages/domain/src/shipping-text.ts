import { countLabel } from './plural.ts';
import { percentText } from './tax-rate-percent.ts';

/**
 * How the shop words a shipping method's estimate and a tax line (issue #38), for every screen
 * and e-mail that shows a quote or an order's snapshot.
 */

/** "3–5 business days", "1 business day"; an estimate of 0 days is "Same day". */
export function deliveryEstimateText(minDays: number, maxDays: number): string {
  if (maxDays === 0) return 'Same day';
  if (minDays === maxDays) return countLabel(maxDays, 'business day');
  return `${minDays}\u2013${maxDays} business days`;
}

/** A rate in basis points as people write it: 2000 → "20%", 725 → "7.25%". */
export const rateText = (basisPoints: number) => `${percentText(basisPoints)}%`;

/**
 * An order's estimate as it kept it: '' for an order placed before methods had estimates (null),
 * else as deliveryEstimateText says it.
 */
export function keptEstimateText(minDays: number | null, maxDays: number | null): string {
  return minDays === null || maxDays === null ? '' : deliveryEstimateText(minDays, maxDays);
}

/**
 * A tax line's label: "VAT 20%", or "incl. VAT 20%" when prices hold their tax (the total
 * contains it rather than adding it); the tax on shipping says so ("VAT 20% on shipping").
 */
export function taxLineLabel(
  line: { name: string; basisPoints: number; appliesTo: 'items' | 'shipping' },
  pricesIncludeTax: boolean,
): string {
  const label = `${pricesIncludeTax ? 'incl. ' : ''}${line.name} ${rateText(line.basisPoints)}`;
  return line.appliesTo === 'shipping' ? `${label} on shipping` : label;
}

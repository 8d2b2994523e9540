/**
 * How an order's snapshot of shipping and tax reads in words (issue #38), one copy for the
 * e-mails, the CSV export and the screens: "VAT 20%", "VAT 20% on shipping", "3–5 days".
 */

/** 2000 basis points as "20%", 750 as "7.5%", 1925 as "19.25%". */
export const rateText = (basisPoints: number) => `${basisPoints / 100}%`;

/** A tax line by its name, rate and what it applied to: "VAT 20%", "VAT 20% on shipping". */
export function taxLineLabel(line: {
  name: string;
  basisPoints: number;
  appliesTo: 'items' | 'shipping';
}): string {
  const on = line.appliesTo === 'shipping' ? ' on shipping' : '';
  return `${line.name} ${rateText(line.basisPoints)}${on}`.trim();
}

/** "3–5 days", "1 day"; '' when not known (an order placed before methods had estimates). */
export function estimateText(minDays: number | null, maxDays: number | null): string {
  if (minDays === null || maxDays === null) return '';
  if (minDays === maxDays) return `${minDays} ${minDays === 1 ? 'day' : 'days'}`;
  return `${minDays}–${maxDays} days`;
}

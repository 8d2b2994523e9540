/**
 * Tax rates are kept in basis points (2000 = 20 %) so that no rate is a float; people read and
 * type them as percentages. These two turn one into the other exactly, by digits, not by
 * multiplying floats (19.99 * 100 is 1998.9999999999998).
 */

/** A rate in basis points as a percentage's digits: 2000 → '20', 750 → '7.5', 5 → '0.05'. */
export function percentText(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const hundredths = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return hundredths ? `${whole}.${hundredths}` : String(whole);
}

/**
 * A percentage a person typed as basis points: '20' → 2000, '7.5' and '7,5' → 750, ' 0 ' → 0;
 * undefined for anything else (blank, letters, a sign, more than 2 decimals), which the form
 * names instead of sending. The upper limit is the request schema's to say.
 */
export function basisPointsFromPercent(text: string): number | undefined {
  const match = /^(\d{1,7})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, whole = '0', hundredths = ''] = match;
  return Number(whole) * 100 + Number(hundredths.padEnd(2, '0'));
}

/**
 * Money is handled in integer cents so that no sum is ever off by a binary-float rounding.
 * The database stores numeric(12,2); the API sends numbers with at most 2 decimals.
 */

/**
 * Every money column is numeric(12,2) (apps/server/src/db/schema.ts reads these): 10 digits
 * before the point and 2 after, so the most it holds is 9,999,999,999.99. An amount past it is
 * refused with a 400 that says so before it reaches the database, whose "numeric field
 * overflow" would be a 500.
 */
export const MONEY_PRECISION = 12;
export const MONEY_SCALE = 2;
export const MAX_MONEY_CENTS = 10 ** MONEY_PRECISION - 1;
/** MAX_MONEY_CENTS as an amount (9999999999.99), for the request schemas. */
export const MAX_MONEY = MAX_MONEY_CENTS / 100;

/**
 * The most one price an admin types may be: a product's or variant's, a fixed discount, a
 * minimum order. Far below MAX_MONEY, so that a line of MAX_LINE_QTY units still fits; an order
 * of many such lines can pass MAX_MONEY, which placing it checks (prices.ts, orderTooLarge).
 */
export const MAX_PRICE = 1_000_000;

/** An amount as a message writes a limit, without a currency (the domain knows none): 1,000,000.00. */
export function amountText(amount: number): string {
  return amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Cents from a number or a numeric string with at most 2 decimals ("12.5" → 1250). */
export function toCents(amount: number | string): number {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount of money: ${String(amount)}`);
  return Math.round(value * 100);
}

/**
 * The cents of an amount a person typed (`12.5`, ` 3 `): blank is 0; undefined when it is no
 * amount a form may send (letters, negative, more than 2 decimals), so the form can say so
 * instead of failing.
 */
export function typedAmountCents(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0 || !hasAtMostTwoDecimals(value)) return undefined;
  return toCents(value);
}

/** A number with 2 decimals from cents (1250 → 12.5). */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/** The exact string PayPal and the database expect ("12.50"). */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** True when a number has no more than 2 decimals (19.99 yes, 19.999 no). */
export function hasAtMostTwoDecimals(amount: number): boolean {
  return Number.isFinite(amount) && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
}

/** The amount of `quantity` units at `priceCents` each, in cents (never a float product). */
export function lineTotal(priceCents: number, quantity: number): number {
  if (!Number.isSafeInteger(priceCents) || !Number.isSafeInteger(quantity)) {
    throw new RangeError(`A line total needs whole cents and units: ${priceCents} x ${quantity}`);
  }
  return priceCents * quantity;
}

export interface FormatMoneyOptions {
  /** Whole amounts without their zero cents (a threshold in a sentence: "over $100"). */
  trimZeroCents?: boolean;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let found = formatters.get(key);
  if (!found) {
    // en-US with thousands separators ("$1,234.50"), as shoppers read prices everywhere else.
    // The digits are fixed at 2 because every amount is in cents, whatever the currency's default.
    // Machine-read amounts (PayPal, CSV, JSON-LD) never come from here: see centsToDecimalString.
    found = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, found);
  }
  return found;
}

/** An amount of cents as the shop shows it in `currency` ("$19.90", "€1,299.00"). */
export function formatMoney(
  cents: number,
  currency: string,
  options: FormatMoneyOptions = {},
): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a number of cents: ${cents}`);
  const digits = options.trimZeroCents && cents % 100 === 0 ? 0 : 2;
  return formatter(currency, digits).format(cents / 100);
}

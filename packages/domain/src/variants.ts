/**
 * Options and variants: the one copy of their rules, read by the server (validation, stock,
 * prices of order lines) and the web app (the product page's selector, the admin's table).
 * No zod here, so the product page's first load can read it (decision 0014).
 *
 * A product has 0 to MAX_OPTIONS options (Size, Colour), each with its values, and one variant
 * per combination the merchant offers. A product without options has exactly one variant whose
 * `options` is `{}` (the implicit variant): it carries the product's SKU and stock.
 */

export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 30;
export const MAX_VARIANTS = 100;
export const OPTION_NAME_MAX_LENGTH = 30;
export const OPTION_VALUE_MAX_LENGTH = 50;
export const SKU_MAX_LENGTH = 64;
/** Letters, digits and - _ . / (what barcode labels and suppliers' lists use), no spaces. */
export const SKU_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._/-]*$/u;
/**
 * Option names hold no ':' or ',' so that a filter (`option=Size:M`) can name them; values hold
 * no ',' so that several values of one option fit one filter (`option=Size:M,L`).
 */
export const OPTION_NAME_PATTERN = /^[^:,]+$/;
export const OPTION_VALUE_PATTERN = /^[^,]+$/;

export interface ProductOption {
  name: string;
  values: string[];
}

/** A variant's choice: option name → value, e.g. `{ Size: 'M', Colour: 'Blue' }`. */
export type OptionChoice = Record<string, string>;

/** What the rules need of a variant (the API's variant has more: _id, sku, image...). */
export interface VariantLike {
  options: OptionChoice;
  /** Its own price, or null for the product's. */
  price: number | null;
  countInStock: number;
  active: boolean;
}

/** The price a variant sells at: its own, or else the product's. */
export function variantPrice(productPrice: number, variant: Pick<VariantLike, 'price'>): number {
  return variant.price ?? productPrice;
}

/**
 * The units a shopper can buy of the variant now: its stock while it is on offer, none once it is
 * switched off. What the cart, the wishlist and the product page count as in stock.
 */
export function stockOnOffer(variant: Pick<VariantLike, 'active' | 'countInStock'>): number {
  return variant.active ? variant.countInStock : 0;
}

/** Whether a shopper can buy the variant now. */
export function isBuyable(variant: Pick<VariantLike, 'active' | 'countInStock'>): boolean {
  return stockOnOffer(variant) > 0;
}

/** An order or cart line's option values, in the product's order of options. */
export interface OptionValue {
  name: string;
  value: string;
}

/** The variant's choice as a list in the order of the product's options. */
export function optionValues(
  options: readonly ProductOption[],
  choice: OptionChoice,
): OptionValue[] {
  return options.flatMap((option) => {
    const value = choice[option.name];
    return value === undefined ? [] : [{ name: option.name, value }];
  });
}

/** "Size: M, Colour: Blue" ('' for a product without options). */
export function optionsLabel(values: readonly OptionValue[]): string {
  return values.map(({ name, value }) => `${name}: ${value}`).join(', ');
}

/** "Trail Shirt — Size: M, Colour: Blue", or the name alone without options. */
export function lineLabel(name: string, values: readonly OptionValue[] | undefined): string {
  const options = optionsLabel(values ?? []);
  return options ? `${name} — ${options}` : name;
}

/** A choice's key: the same for the same choice whatever the order of its names. */
export function choiceKey(choice: OptionChoice): string {
  return JSON.stringify(
    Object.keys(choice)
      .sort()
      .map((name) => [name.toLowerCase(), choice[name]!.toLowerCase()]),
  );
}

/** The variant of exactly this choice, if the product offers it. */
export function findVariant<V extends VariantLike>(
  variants: readonly V[],
  choice: OptionChoice,
): V | undefined {
  const key = choiceKey(choice);
  return variants.find((variant) => choiceKey(variant.options) === key);
}

/**
 * Whether choosing `value` for `option`, with the shopper's other choices kept, can lead to a
 * variant that is offered and in stock: the selector shows the other values as unavailable.
 */
export function valueAvailable(
  variants: readonly VariantLike[],
  choice: OptionChoice,
  option: string,
  value: string,
): boolean {
  const wanted: OptionChoice = { ...choice, [option]: value };
  return variants.some(
    (variant) =>
      isBuyable(variant) &&
      Object.entries(wanted).every(([name, chosen]) => variant.options[name] === chosen),
  );
}

/** The lowest and highest price of the variants offered (the product's price when none is). */
export function priceRange(
  productPrice: number,
  variants: readonly VariantLike[],
): { min: number; max: number } {
  const prices = variants
    .filter((variant) => variant.active)
    .map((variant) => variantPrice(productPrice, variant));
  if (prices.length === 0) return { min: productPrice, max: productPrice };
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/** Every combination of the options' values, in the options' order (the admin's "Generate"). */
export function allCombinations(options: readonly ProductOption[]): OptionChoice[] {
  return options.reduce<OptionChoice[]>(
    (combinations, option) =>
      combinations.flatMap((choice) =>
        option.values.map((value) => ({ ...choice, [option.name]: value })),
      ),
    [{}],
  );
}

/** A problem with a set of options and variants, and whether it is a clash (409) or bad input (400). */
export interface VariantSetProblem {
  kind: 'invalid' | 'conflict';
  message: string;
}

const lower = (text: string) => text.toLowerCase();

function firstRepeat(values: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(lower(value))) return value;
    seen.add(lower(value));
  }
  return undefined;
}

/**
 * The rules a product's options and variants keep together, beyond each field's own shape
 * (variant-schemas.ts checks those): names and values named once, each variant choosing one
 * offered value of every option, each combination and SKU once (case-insensitive). Without
 * options there is exactly one variant, choosing nothing.
 */
export function checkVariantSet(
  options: readonly ProductOption[],
  variants: readonly (Pick<VariantLike, 'options'> & { sku: string })[],
): VariantSetProblem | undefined {
  const repeatedName = firstRepeat(options.map((option) => option.name));
  if (repeatedName) return { kind: 'invalid', message: `Option ${repeatedName} is named twice` };
  for (const option of options) {
    const repeated = firstRepeat(option.values);
    if (repeated) {
      return { kind: 'invalid', message: `${option.name}: ${repeated} is listed twice` };
    }
  }
  if (options.length === 0 && variants.length !== 1) {
    return { kind: 'invalid', message: 'A product without options has exactly one variant' };
  }
  for (const variant of variants) {
    const names = Object.keys(variant.options);
    const stray = names.find((name) => !options.some((option) => option.name === name));
    if (stray) {
      return { kind: 'invalid', message: `${variant.sku}: the product has no option ${stray}` };
    }
    for (const option of options) {
      const value = variant.options[option.name];
      if (value === undefined) {
        return { kind: 'invalid', message: `${variant.sku}: choose a ${option.name}` };
      }
      if (!option.values.includes(value)) {
        return {
          kind: 'invalid',
          message: `${variant.sku}: ${value} is not a value of ${option.name}`,
        };
      }
    }
  }
  const keys = variants.map((variant) => choiceKey(variant.options));
  const repeatedKey = firstRepeat(keys);
  if (repeatedKey !== undefined) {
    const variant = variants[keys.indexOf(repeatedKey)]!;
    const label = optionsLabel(optionValues(options, variant.options));
    return { kind: 'conflict', message: `The combination ${label} is listed twice` };
  }
  const repeatedSku = firstRepeat(variants.map((variant) => variant.sku));
  if (repeatedSku) return { kind: 'conflict', message: `SKU ${repeatedSku} is used twice` };
  return undefined;
}

/** The SKU of a product's implicit variant when nobody chose one: from its id, unique in practice. */
export function defaultSku(productId: string): string {
  return `P-${productId.replaceAll('-', '').slice(0, 12).toUpperCase()}`;
}

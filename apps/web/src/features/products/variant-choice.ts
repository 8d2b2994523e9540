import type { ProductVariant } from '@proshop/domain/product-schemas';
import type { OptionChoice, ProductOption } from '@proshop/domain/variants';

/**
 * The product page's choice of a variant, one value per option, as the shopper builds it. The
 * rules of prices, stock and available values are the domain's (variants.ts); these are the
 * page's own: what it opens with, what a click keeps, what it asks for and which picture it shows.
 */

type Variant = Pick<ProductVariant, '_id' | 'options' | 'image' | 'active'>;

/** Whether `variant` has every value of `choice` (a partial choice matches many variants). */
function matches(variant: Pick<Variant, 'options'>, choice: OptionChoice): boolean {
  return Object.entries(choice).every(([name, value]) => variant.options[name] === value);
}

/**
 * The choice the page opens with: the variant the address names (`?variant={id}`, a shared
 * link), else nothing but the options that have a single value (there is nothing to choose).
 */
export function initialChoice(
  options: readonly ProductOption[],
  variants: readonly Variant[],
  variantId: string | null,
): OptionChoice {
  const named = variantId ? variants.find((variant) => variant._id === variantId) : undefined;
  if (named) return { ...named.options };
  const choice: OptionChoice = {};
  for (const option of options) {
    const [only, ...others] = option.values;
    if (only !== undefined && others.length === 0) choice[option.name] = only;
  }
  return choice;
}

/**
 * The choice once the shopper picks `value` for `option`. The other values chosen stay when the
 * shop offers a variant with them and the new value (in stock or not: the page then says Out Of
 * Stock); one it does not offer is dropped, so that a value shown as unavailable can still be
 * picked without first undoing the others.
 */
export function chooseValue(
  options: readonly ProductOption[],
  variants: readonly Variant[],
  choice: OptionChoice,
  option: string,
  value: string,
): OptionChoice {
  const next: OptionChoice = { [option]: value };
  for (const other of options) {
    const kept = choice[other.name];
    if (other.name === option || kept === undefined) continue;
    const candidate = { ...next, [other.name]: kept };
    if (variants.some((variant) => variant.active && matches(variant, candidate))) {
      next[other.name] = kept;
    }
  }
  return next;
}

/** The options not chosen yet, in the product's order. */
export function missingOptions(options: readonly ProductOption[], choice: OptionChoice): string[] {
  return options.filter((option) => choice[option.name] === undefined).map(({ name }) => name);
}

/** What Add To Cart waits for: "Choose a Size", "Choose a Size and Colour", "Choose a Size, Colour and Fit". */
export function choosePrompt(missing: readonly string[]): string {
  const last = missing.at(-1) ?? '';
  const names = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${last}` : last;
  return `Choose a ${names}`;
}

/**
 * The picture the gallery turns to for a choice: the chosen variant's (null: the main picture),
 * or, for a partial choice, the one picture every variant on offer that matches it shares (all
 * the blue ones for Colour: Blue). Undefined when the choice says nothing about the picture.
 */
export function choicePicture(
  variants: readonly Variant[],
  choice: OptionChoice,
  chosen: Variant | undefined,
): string | null | undefined {
  if (chosen) return chosen.image;
  if (Object.keys(choice).length === 0) return undefined;
  const pictures = new Set(
    variants.filter((variant) => variant.active && matches(variant, choice)).map((v) => v.image),
  );
  const [only] = pictures;
  return pictures.size === 1 && only !== null ? only : undefined;
}

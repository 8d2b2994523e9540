import type { ProductDetail } from '@proshop/domain/product-schemas';
import { variantsUpdateRequestSchema } from '@proshop/domain/variant-schemas';
import {
  allCombinations,
  checkVariantSet,
  choiceKey,
  defaultSku,
  optionsLabel,
  optionValues,
  SKU_MAX_LENGTH,
  type OptionChoice,
  type ProductOption,
} from '@proshop/domain/variants';
import {
  weightFromText,
  weightGramsOf,
  type WeightedVariantsRequest,
} from './product-tax-fields.ts';

/**
 * The admin's table of options and variants as the edit screen holds it: text as typed, so a
 * half-typed price or a value list being edited is kept as it is until "Save variants" turns it
 * into the API's request (`variantsRequest`) and checks it with the server's own rules
 * (`requestProblem`). Each helper answers new arrays.
 */

/** An option being edited: its values are one comma-separated field, as values hold no comma. */
export interface OptionDraft {
  /** Stable across renames, for React's list keys. */
  key: number;
  name: string;
  valuesText: string;
}

/** A row of the table: one variant. */
export interface VariantRow {
  key: number;
  /** The variant's id when the server has it; a row without one is created on save. */
  _id?: string;
  /**
   * The value of each option, by the option's place in the list ('' for none chosen), so that
   * renaming an option keeps every row's choice.
   */
  values: string[];
  sku: string;
  /** '' for the product's price. */
  price: string;
  countInStock: string;
  /** Grams; '' for none given. */
  weightGrams: string;
  /** '' for the main picture. */
  image: string;
  active: boolean;
  selected: boolean;
}

/** Hands out the keys of new options and rows. */
export type NextKey = () => number;

/** The values of a comma-separated field, trimmed, blanks dropped (repeats kept for the check). */
export function parseValues(text: string): string[] {
  return text
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

/** The drafts' options as the API takes them. */
export function productOptions(drafts: readonly OptionDraft[]): ProductOption[] {
  return drafts.map((draft) => ({
    name: draft.name.trim(),
    values: parseValues(draft.valuesText),
  }));
}

/** The product's options and variants as the table starts: none for a product without options. */
export function tableFromProduct(
  product: Pick<ProductDetail, 'options' | 'variants'>,
  nextKey: NextKey,
): { options: OptionDraft[]; rows: VariantRow[] } {
  if (product.options.length === 0) return { options: [], rows: [] };
  const options = product.options.map((option) => ({
    key: nextKey(),
    name: option.name,
    valuesText: option.values.join(', '),
  }));
  const rows = product.variants.map((variant) => ({
    key: nextKey(),
    _id: variant._id,
    values: product.options.map((option) => variant.options[option.name] ?? ''),
    sku: variant.sku,
    price: variant.price === null ? '' : String(variant.price),
    countInStock: String(variant.countInStock),
    weightGrams: String(weightGramsOf(variant) ?? ''),
    image: variant.image ?? '',
    active: variant.active,
    selected: false,
  }));
  return { options, rows };
}

/** A row's choice: option name → value, leaving out options it has no value for. */
export function rowChoice(options: readonly ProductOption[], row: Pick<VariantRow, 'values'>) {
  const choice: OptionChoice = {};
  options.forEach((option, index) => {
    const value = row.values[index];
    if (value) choice[option.name] = value;
  });
  return choice;
}

/** "Size: M, Colour: Blue", what the row's fields are named after ("Variant 3" before a choice). */
export function rowLabel(
  options: readonly ProductOption[],
  row: Pick<VariantRow, 'values'>,
  index: number,
): string {
  return optionsLabel(optionValues(options, rowChoice(options, row))) || `Variant ${index + 1}`;
}

/** Upper-case letters and digits of `text`, accents dropped ("Café au lait" → "CAFEAULAIT"). */
function skuPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toUpperCase();
}

/**
 * A SKU for a new variant: the first letters of the product's words, then its values
 * ("Trail Shirt", M, Blue → "TS-M-BLUE"), with "-2", "-3"... when `taken` (lower case) has it.
 * Unique within the table only: the server tells a clash with another product's.
 */
export function suggestSku(
  productName: string,
  values: readonly string[],
  taken: ReadonlySet<string>,
): string {
  const initials =
    productName
      .split(/[^\p{L}\p{N}]+/u)
      .map((word) => skuPart(word).charAt(0))
      .join('') || 'P';
  // Room for the suffix that makes it unique.
  const base = [initials, ...values.map(skuPart).filter(Boolean)]
    .join('-')
    .slice(0, SKU_MAX_LENGTH - 4);
  let sku = base;
  for (let n = 2; taken.has(sku.toLowerCase()); n++) sku = `${base}-${n}`;
  return sku;
}

/**
 * The rows with one more for every combination of the options' values that no row has yet (the
 * "Generate combinations" button): the rows there are stay as they are, new ones come after, in
 * the options' order, with a suggested SKU, the product's price and picture, no stock, and on.
 */
export function withAllCombinations(
  drafts: readonly OptionDraft[],
  rows: readonly VariantRow[],
  productName: string,
  nextKey: NextKey,
): VariantRow[] {
  const options = productOptions(drafts);
  if (options.length === 0 || options.some((option) => option.values.length === 0)) {
    return [...rows];
  }
  const present = new Set(rows.map((row) => choiceKey(rowChoice(options, row))));
  const taken = new Set(rows.map((row) => row.sku.toLowerCase()));
  const added: VariantRow[] = [];
  for (const choice of allCombinations(options)) {
    const key = choiceKey(choice);
    if (present.has(key)) continue;
    present.add(key);
    const values = options.map((option) => choice[option.name]!);
    const sku = suggestSku(productName, values, taken);
    taken.add(sku.toLowerCase());
    added.push({
      key: nextKey(),
      values,
      sku,
      price: '',
      countInStock: '0',
      weightGrams: '',
      image: '',
      active: true,
      selected: false,
    });
  }
  return [...rows, ...added];
}

/** The rows once an option is added at the end (no row has a value for it yet). */
export function withOptionAdded(rows: readonly VariantRow[]): VariantRow[] {
  return rows.map((row) => ({ ...row, values: [...row.values, ''] }));
}

/** The rows once the option at `index` is removed. */
export function withOptionRemoved(rows: readonly VariantRow[], index: number): VariantRow[] {
  return rows.map((row) => ({ ...row, values: row.values.filter((_, i) => i !== index) }));
}

/** What the bulk bar sets on the selected rows; a blank field leaves that field alone. */
export interface BulkEdit {
  countInStock: string;
  price: string;
}

/** The rows with the bulk bar's stock and/or price set on the selected ones. */
export function withBulkEdit(rows: readonly VariantRow[], edit: BulkEdit): VariantRow[] {
  const countInStock = edit.countInStock.trim();
  const price = edit.price.trim();
  return rows.map((row) =>
    row.selected
      ? {
          ...row,
          countInStock: countInStock === '' ? row.countInStock : countInStock,
          price: price === '' ? row.price : price,
        }
      : row,
  );
}

/** A number field's text as the API gets it: blank or not a number is NaN, which the check refuses. */
function numberFrom(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/**
 * The body of PUT /api/products/{id}/variants for the table. Without options (the admin removed
 * them all) the product is sold as one item again: one variant choosing nothing, whose stock
 * the spec's Count In Stock field then sets.
 */
export function variantsRequest(
  productId: string,
  drafts: readonly OptionDraft[],
  rows: readonly VariantRow[],
): WeightedVariantsRequest {
  const options = productOptions(drafts);
  if (options.length === 0) {
    return {
      options: [],
      variants: [
        {
          sku: defaultSku(productId),
          options: {},
          price: null,
          countInStock: 0,
          weightGrams: null,
          image: null,
          active: true,
        },
      ],
    };
  }
  return {
    options,
    variants: rows.map((row) => ({
      ...(row._id === undefined ? {} : { _id: row._id }),
      sku: row.sku.trim(),
      options: rowChoice(options, row),
      price: row.price.trim() === '' ? null : numberFrom(row.price),
      countInStock: numberFrom(row.countInStock),
      weightGrams: weightFromText(row.weightGrams),
      image: row.image === '' ? null : row.image,
      active: row.active,
    })),
  };
}

/**
 * What the server would refuse in the request, in the admin's words, checked by the server's own
 * schema and rules (the admin screens load zod anyway): a field's problem names its option or
 * variant. `labels` are the rows' labels, in the request's order.
 */
export function requestProblem(
  request: WeightedVariantsRequest,
  labels: readonly string[],
): string | undefined {
  const parsed = variantsUpdateRequestSchema.safeParse(request);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const [list, index] = issue.path;
    if (typeof index === 'number' && list === 'variants') {
      return `${labels[index] ?? `Variant ${index + 1}`}: ${issue.message}`;
    }
    if (typeof index === 'number' && list === 'options') {
      const name = request.options[index]?.name;
      return `${name || `Option ${index + 1}`}: ${issue.message}`;
    }
    return issue.message;
  }
  // The schema leaves clashes to the server's 409; the browser tells them before sending too.
  return checkVariantSet(request.options, request.variants)?.message;
}

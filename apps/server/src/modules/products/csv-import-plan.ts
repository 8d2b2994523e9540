import { activationProblem } from '@proshop/domain/product-activation';
import { productUpdateRequestSchema } from '@proshop/domain/product-schemas';
import type { ProductStatus } from '@proshop/domain/product-status';
import type { ImportError, ImportRow } from '@proshop/domain/product-import-schemas';
import { variantsUpdateRequestSchema } from '@proshop/domain/variant-schemas';
import {
  checkVariantSet,
  choiceKey,
  type OptionChoice,
  type ProductOption,
} from '@proshop/domain/variants';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { groupRows, type ProductGroup } from './csv-import-groups.ts';
import { isShopPicture, pictureRef, type ZipPicture } from './csv-import-pictures.ts';
import {
  PRODUCT_CELL_COLUMNS,
  type CellOption,
  type CsvProductRow,
  type ProductCells,
} from './csv-import-read.ts';
import {
  findCurrentProducts,
  lockProductsInOrder,
  type CurrentProduct,
} from './csv-import-repository.ts';
import { productChanges, variantChanges } from './csv-import-changes.ts';

/** Where the pictures the CSV names come from. */
export interface PictureSource {
  /** The ZIP's pictures the CSV names, checked, by the name the CSV gives. */
  zip: ReadonlyMap<string, ZipPicture>;
  /**
   * Their addresses once stored, by the ZIP's file (the import stores them before its
   * transaction; a check never does).
   */
  stored: ReadonlyMap<string, string>;
  /** The image store's public address (S3_PUBLIC_URL), for pictures already stored there. */
  storePrefix: string;
}

export interface PlannedVariant {
  /** The stored variant it changes; undefined: a variant to make. */
  id: string | undefined;
  line: number;
  /** '' only for a new product without options: the shop gives it one (defaultSku). */
  sku: string;
  options: OptionChoice;
  price: number | null;
  countInStock: number;
  image: string | null;
  active: boolean;
}

/** A product as its lines leave it. */
export interface PlannedProduct {
  productId: string | null;
  line: number;
  name: string;
  brand: string;
  category: string;
  description: string;
  price: number;
  images: string[];
  lowStockThreshold: number | null;
  /** The status column's, else the stored product's; a new product's: active. */
  status: ProductStatus;
  options: ProductOption[];
  variants: PlannedVariant[];
  /** Whether the import writes it: a new product, or anything of a stored one changes. */
  changed: boolean;
}

export interface ImportPlan {
  products: PlannedProduct[];
  rows: ImportRow[];
  removedVariants: { productId: string; name: string; sku: string }[];
  /** The stored products the lines name, as read (locked, in the import's transaction). */
  current: ReadonlyMap<string, CurrentProduct>;
}

/**
 * The errors of one product, each (line, column) told once: the first problem found there
 * (reading the cell, or the rules after).
 */
class ProductErrors {
  /** How many problems were found, told or not. */
  count = 0;

  constructor(
    private readonly errors: ImportError[],
    /** `line:column` of every error told so far in the file. */
    private readonly seen: Set<string>,
  ) {}

  get found(): boolean {
    return this.count > 0;
  }

  add(line: number, column: string | null, message: string): undefined {
    const key = `${line}:${column}`;
    if (!this.seen.has(key)) this.errors.push({ line, column, message });
    this.seen.add(key);
    this.count++;
    return undefined;
  }
}

const optionColumn = (option: CellOption | undefined, part: 'name' | 'value') =>
  `option${option?.pair ?? 1}_${part}`;

const choiceOf = (row: CsvProductRow): OptionChoice =>
  Object.fromEntries(row.variant.options.map((option) => [option.name, option.value]));

const sameChoice = (a: OptionChoice, b: OptionChoice) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([name, value]) => b[name] === value);

const sameCell = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.join('\n') === b.join('\n') : a === b;

/**
 * The product's cells, each from the lines that give it (the export gives them on the product's
 * first line only), and the line each is given on (for its errors; else the first line). Lines
 * that give another value are errors.
 */
function productCells(rows: readonly CsvProductRow[], problems: ProductErrors) {
  const cells: ProductCells = {};
  const givenOn = new Map<string, number>();
  for (const [key, column] of Object.entries(PRODUCT_CELL_COLUMNS)) {
    for (const row of rows) {
      const value = row.product[key as keyof ProductCells];
      if (value === undefined) continue;
      const first = givenOn.get(column);
      if (first === undefined) {
        Object.assign(cells, { [key]: value });
        givenOn.set(column, row.line);
      } else if (!sameCell(value, cells[key as keyof ProductCells])) {
        problems.add(
          row.line,
          column,
          `Differs from line ${first}: give the product's ${column} once, or the same on each of its lines`,
        );
      }
    }
  }
  const lineOf = (column: string) => givenOn.get(column) ?? rows[0]!.line;
  return { cells, lineOf };
}

/** A picture cell as an address the product can show; undefined (an error kept) otherwise. */
function pictureResolver(
  source: PictureSource,
  current: CurrentProduct | undefined,
  problems: ProductErrors,
) {
  // A stand-in path for a ZIP picture a check does not store, so that the rules can judge it.
  const standIns = new Map<string, string>();
  return (text: string, line: number, column: string): string | undefined => {
    const ref = pictureRef(text);
    if (ref.kind === 'address') {
      if (isShopPicture(ref.address, source.storePrefix)) return ref.address;
      // A picture the product shows already (an http address an admin gave it) stays.
      if (current?.images.includes(ref.address)) return ref.address;
      return problems.add(
        line,
        column,
        `${text} is not a picture of this shop: give an address starting with /images/ or /uploads/, or a file of the ZIP`,
      );
    }
    const picture = source.zip.get(ref.name);
    if (!picture) return problems.add(line, column, `${ref.name} is not in the ZIP of pictures`);
    if ('problem' in picture) return problems.add(line, column, picture.problem);
    const stored = source.stored.get(picture.entry);
    if (stored) return stored;
    if (!standIns.has(picture.entry)) {
      standIns.set(picture.entry, `/uploads/zip-picture-${standIns.size}`);
    }
    return standIns.get(picture.entry);
  };
}

/** The product's options: the first line's, in its order; stored values kept, new ones added. */
function plannedOptions(
  rows: readonly CsvProductRow[],
  current: CurrentProduct | undefined,
  problems: ProductErrors,
): ProductOption[] {
  const [first] = rows;
  const names = first!.variant.options.map((option) => option.name);
  const sorted = (list: readonly string[]) => [...list].sort().join(', ');
  for (const row of rows) {
    const own = row.variant.options.map((option) => option.name);
    const twice = row.variant.options.find((option, index) => own.indexOf(option.name) !== index);
    if (twice) {
      problems.add(row.line, optionColumn(twice, 'name'), `Option ${twice.name} is named twice`);
    } else if (sorted(own) !== sorted(names)) {
      problems.add(
        row.line,
        optionColumn(row.variant.options[0], 'name'),
        `The lines of one product name the same options: line ${first!.line} names ${names.join(', ') || 'none'}`,
      );
    }
  }
  if (names.length === 0 && rows.length > 1) {
    problems.add(
      rows[1]!.line,
      'option1_name',
      'A product without options has one line: name its options on every line to give it variants',
    );
  }
  return names.map((name) => {
    const values = [...(current?.options.find((option) => option.name === name)?.values ?? [])];
    for (const row of rows) {
      const value = choiceOf(row)[name];
      if (value !== undefined && !values.includes(value)) values.push(value);
    }
    return { name, values };
  });
}

/** The stored variant each line changes: the one of its SKU, else the one of its options. */
function matchVariants(rows: readonly CsvProductRow[], current: CurrentProduct | undefined) {
  const free = new Set(current?.variants ?? []);
  const matched = new Map<CsvProductRow, CurrentProduct['variants'][number]>();
  for (const row of rows) {
    const sku = row.variant.sku.toLowerCase();
    const variant = sku && [...free].find((stored) => stored.sku.toLowerCase() === sku);
    if (variant) {
      matched.set(row, variant);
      free.delete(variant);
    }
  }
  for (const row of rows) {
    if (matched.has(row)) continue;
    const variant = [...free].find((stored) => sameChoice(stored.options, choiceOf(row)));
    if (variant) {
      matched.set(row, variant);
      free.delete(variant);
    }
  }
  return { matched, removed: [...free] };
}

/** The column a rule's complaint about the product's fields (the edit form's schema) is in. */
const PRODUCT_FIELD_COLUMNS: Record<string, string> = {
  name: 'name',
  price: 'price',
  image: 'pictures',
  images: 'pictures',
  brand: 'brand',
  category: 'category',
  description: 'description',
  lowStockThreshold: 'low_stock_threshold',
  status: 'status',
};

const VARIANT_FIELD_COLUMNS: Record<string, string> = {
  sku: 'sku',
  price: 'variant_price',
  countInStock: 'stock',
  image: 'variant_picture',
  active: 'active',
};

/** The line and column a complaint of the variants' schema is about. */
function variantIssuePlace(issue: z.core.$ZodIssue, rows: readonly CsvProductRow[]) {
  const [first] = rows;
  const [list, index, field, option] = issue.path;
  if (list === 'variants' && typeof index === 'number') {
    const row = rows[index] ?? first!;
    if (field === 'options') {
      const named = row.variant.options.find((cell) => cell.name === option);
      return { line: row.line, column: optionColumn(named, 'value') };
    }
    return { line: row.line, column: VARIANT_FIELD_COLUMNS[String(field)] ?? null };
  }
  if (list === 'options' && typeof index === 'number') {
    const cell = first!.variant.options[index];
    return { line: first!.line, column: optionColumn(cell, field === 'name' ? 'name' : 'value') };
  }
  return { line: first!.line, column: null };
}

/**
 * One product's plan from its lines: the values its lines give, checked by the rules of the
 * admin's edit form and variants' table (the domain's schemas), every problem kept with its
 * line and column; and, when there is none, what changes.
 */
function planProduct(
  group: ProductGroup,
  current: CurrentProduct | undefined,
  source: PictureSource,
  problems: ProductErrors,
): { planned?: PlannedProduct; rows: ImportRow[]; removed: ImportPlan['removedVariants'] } {
  const { rows } = group;
  const first = rows[0]!;
  const { cells, lineOf } = productCells(rows, problems);
  const required = { name: 'Name', description: 'Description', price: 'Price' } as const;
  for (const [key, label] of Object.entries(required)) {
    if (cells[key as keyof typeof required] === undefined) {
      problems.add(first.line, key, `${label} is required`);
    }
  }
  if (!cells.pictures?.length) {
    problems.add(first.line, 'pictures', 'A product needs at least one picture');
  }
  const resolve = pictureResolver(source, current, problems);
  const images = (cells.pictures ?? []).flatMap(
    (picture) => resolve(picture, lineOf('pictures'), 'pictures') ?? [],
  );
  const fields = productUpdateRequestSchema.safeParse({
    name: cells.name ?? '',
    price: cells.price ?? 0,
    images,
    brand: cells.brand ?? '',
    category: cells.category ?? '',
    countInStock: 0,
    description: cells.description ?? '',
    lowStockThreshold: cells.lowStockThreshold ?? null,
  });
  for (const issue of fields.error?.issues ?? []) {
    const column = PRODUCT_FIELD_COLUMNS[String(issue.path[0])] ?? null;
    problems.add(column ? lineOf(column) : first.line, column, issue.message);
  }
  // Made active by this line (a draft, or a new product said active): the edit form's rule.
  const status = cells.status ?? current?.status ?? 'active';
  const notReady =
    cells.status === 'active' && current?.status !== 'active'
      ? activationProblem({ name: cells.name ?? '' })
      : undefined;
  if (notReady) problems.add(lineOf('status'), 'status', notReady);

  const before = problems.count;
  const options = plannedOptions(rows, current, problems);
  const { matched, removed } = matchVariants(rows, current);
  const choices = new Map<string, number>();
  const variants = rows.map((row): PlannedVariant => {
    const choice = choiceOf(row);
    // In any case, as checkVariantSet compares choices.
    const key = choiceKey(choice);
    const same = choices.get(key);
    if (same !== undefined) {
      problems.add(
        row.line,
        optionColumn(row.variant.options[0], 'value'),
        `Same options as line ${same}`,
      );
    }
    choices.set(key, row.line);
    const stored = matched.get(row);
    let sku = row.variant.sku;
    if (sku === '' && options.length > 0) {
      problems.add(row.line, 'sku', 'SKU is required for a variant with options');
    }
    if (sku === '' && stored) sku = stored.sku;
    const picture =
      row.variant.picture && resolve(row.variant.picture, row.line, 'variant_picture');
    if (picture && !images.includes(picture)) {
      problems.add(
        row.line,
        'variant_picture',
        "The variant's picture must be one of the product's pictures",
      );
    }
    return {
      id: stored?.id,
      line: row.line,
      sku,
      options: choice,
      price: row.variant.price,
      countInStock: row.variant.stock,
      image: picture || null,
      active: row.variant.active,
    };
  });
  const request = {
    options,
    variants: variants.map(({ id, line: _line, sku, ...variant }) => ({
      ...(id ? { _id: id } : {}),
      // A stand-in for the SKU the shop gives a new product without options.
      sku: sku || 'SHOP-MADE',
      ...variant,
    })),
  };
  // Options named differently or twice are told at their lines; the set's own rules would
  // only tell them again, less precisely.
  const optionsTold = problems.count > before;
  for (const issue of variantsUpdateRequestSchema.safeParse(request).error?.issues ?? []) {
    const place = variantIssuePlace(issue, rows);
    if (!optionsTold || place.column !== null)
      problems.add(place.line, place.column, issue.message);
  }
  const clash = optionsTold ? undefined : checkVariantSet(request.options, request.variants);
  if (clash) problems.add(first.line, null, clash.message);

  if (problems.found || !fields.success) {
    const action = group.productId ? 'update' : 'create';
    return {
      rows: rows.map((row) => ({
        line: row.line,
        action,
        productId: group.productId,
        name: cells.name ?? '',
        sku: row.variant.sku,
        changes: [],
      })),
      removed: [],
    };
  }
  const { name, brand, category, description, price, lowStockThreshold } = fields.data;
  const planned: PlannedProduct = {
    productId: group.productId,
    line: first.line,
    name,
    brand,
    category,
    description,
    price,
    images,
    lowStockThreshold: lowStockThreshold ?? null,
    status,
    options,
    variants,
    changed: true,
  };
  const changedFields = current ? productChanges(current, planned, matched, rows) : [];
  const reportRows = rows.map((row, index): ImportRow => {
    const stored = matched.get(row);
    const changes = [
      ...(index === 0 ? changedFields : []),
      ...(stored ? variantChanges(stored, variants[index]!, row) : []),
    ];
    return {
      line: row.line,
      action: !current || !stored ? 'create' : changes.length > 0 ? 'update' : 'unchanged',
      productId: group.productId,
      name: planned.name,
      sku: variants[index]!.sku,
      changes,
    };
  });
  planned.changed =
    !current || removed.length > 0 || reportRows.some((row) => row.action !== 'unchanged');
  return {
    planned,
    rows: reportRows,
    removed: removed.map((variant) => ({
      productId: variant.productId,
      name: planned.name,
      sku: variant.sku,
    })),
  };
}

/**
 * What an import of these lines does, from the catalogue as it is: the products made and
 * changed, each line's action and changed columns, and every error with its line and column
 * (added to `errors`). With `lock` (the import's transaction) the stored products the lines
 * name are locked first, in id order, and read after: nothing changes them until it commits.
 */
export async function planImport(
  db: Database,
  rows: readonly CsvProductRow[],
  source: PictureSource,
  errors: ImportError[],
  options: { lock: boolean },
): Promise<ImportPlan> {
  const groups = await groupRows(db, rows, errors);
  const ids = groups.flatMap((group) => group.productId ?? []);
  if (options.lock) await lockProductsInOrder(db, ids);
  const current = await findCurrentProducts(db, ids);
  const plan: ImportPlan = { products: [], rows: [], removedVariants: [], current };
  const told = new Set(errors.map((error) => `${error.line}:${error.column}`));
  for (const group of groups) {
    const stored = group.productId ? current.get(group.productId) : undefined;
    if (group.productId && !stored) {
      // Deleted since its lines were read.
      errors.push({
        line: group.rows[0]!.line,
        column: 'product_id',
        message: 'No product has this id: leave it empty to create a product',
      });
      continue;
    }
    const problems = new ProductErrors(errors, told);
    const { planned, rows: reportRows, removed } = planProduct(group, stored, source, problems);
    if (planned) plan.products.push(planned);
    plan.rows.push(...reportRows);
    plan.removedVariants.push(...removed);
  }
  plan.rows.sort((a, b) => a.line - b.line);
  return plan;
}

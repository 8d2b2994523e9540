import {
  activeFromCsv,
  MAX_IMPORT_ROWS,
  OPTION_CSV_COLUMNS,
  PICTURE_SEPARATOR,
  OPTIONAL_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  statusFromCsv,
  type ProductCsvColumn,
} from '@proshop/domain/product-csv';
import type { ProductStatus } from '@proshop/domain/product-status';
import type { ImportError } from '@proshop/domain/product-import-schemas';
import { isUuid } from '../../db/ids.ts';
import { CsvSyntaxError, csvText, parseCsv } from '../../http/csv.ts';

/**
 * The product's columns of one line, typed; undefined where the cell is empty (on a product's
 * later lines: "as on its first line").
 */
export interface ProductCells {
  name?: string;
  brand?: string;
  category?: string;
  description?: string;
  price?: number;
  pictures?: string[];
  lowStockThreshold?: number;
  status?: ProductStatus;
}

export const PRODUCT_CELL_COLUMNS: Record<keyof ProductCells, ProductCsvColumn> = {
  name: 'name',
  brand: 'brand',
  category: 'category',
  description: 'description',
  price: 'price',
  pictures: 'pictures',
  lowStockThreshold: 'low_stock_threshold',
  status: 'status',
};

/** An option of a line and the number of its column pair (1 to MAX_OPTIONS). */
export interface CellOption {
  name: string;
  value: string;
  pair: number;
}

/** The variant's columns of one line, typed. */
export interface VariantCells {
  /** '' when empty: only a product without options may leave it to the shop. */
  sku: string;
  options: CellOption[];
  /** Null: the product's price. */
  price: number | null;
  stock: number;
  /** Null: the product's main picture. */
  picture: string | null;
  active: boolean;
}

/** One line of the CSV, read. */
export interface CsvProductRow {
  line: number;
  productId: string | null;
  group: string;
  product: ProductCells;
  variant: VariantCells;
}

// Digits enough for any amount the schema names the limit of, none that JavaScript cannot read.
const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,9}$/;

/** Reads one line's cells by column name; every problem is one error naming the column. */
class LineReader {
  constructor(
    private readonly line: number,
    private readonly cells: ReadonlyMap<ProductCsvColumn, string>,
    private readonly errors: ImportError[],
  ) {}

  text(column: ProductCsvColumn): string {
    return csvText(this.cells.get(column) ?? '').trim();
  }

  fail(column: ProductCsvColumn | null, message: string): undefined {
    this.errors.push({ line: this.line, column, message });
    return undefined;
  }

  /** An amount such as 19.99; undefined when empty or wrong (the error is kept). */
  amount(column: ProductCsvColumn, label: string): number | undefined {
    const text = this.text(column);
    if (text === '') return undefined;
    if (!AMOUNT.test(text)) return this.fail(column, `${label} must be an amount such as 19.99`);
    return Number(text);
  }

  whole(column: ProductCsvColumn, label: string): number | undefined {
    const text = this.text(column);
    if (text === '') return undefined;
    if (!WHOLE.test(text)) return this.fail(column, `${label} must be a whole number, 0 or more`);
    return Number(text);
  }

  /** draft or active; undefined when empty or wrong (the error is kept). */
  status(): ProductStatus | undefined {
    const status = statusFromCsv(this.text('status'));
    if (status === undefined) return this.fail('status', 'Status must be draft or active');
    return status ?? undefined;
  }

  optional(column: ProductCsvColumn): string | undefined {
    return this.text(column) || undefined;
  }
}

function readLine(line: number, cells: Map<ProductCsvColumn, string>, errors: ImportError[]) {
  const read = new LineReader(line, cells, errors);
  let id = read.text('product_id').toLowerCase();
  if (id !== '' && !isUuid(id)) {
    read.fail('product_id', 'Not a product id: leave it empty to create a product');
    id = '';
  }
  const pictures = read.optional('pictures');
  const product: ProductCells = {
    name: read.optional('name'),
    brand: read.optional('brand'),
    category: read.optional('category'),
    description: read.optional('description'),
    price: read.amount('price', 'Price'),
    pictures: pictures
      ?.split(PICTURE_SEPARATOR.trim())
      .map((picture) => picture.trim())
      .filter(Boolean),
    lowStockThreshold: read.whole('low_stock_threshold', 'Low stock at'),
    status: read.status(),
  };
  const options: CellOption[] = [];
  for (const [index, [nameColumn, valueColumn]] of OPTION_CSV_COLUMNS.entries()) {
    const name = read.text(nameColumn);
    const value = read.text(valueColumn);
    if (name === '' && value === '') continue;
    if (name === '' || value === '') {
      read.fail(
        name === '' ? nameColumn : valueColumn,
        "Give the option's name and its value, or neither",
      );
      continue;
    }
    options.push({ name, value, pair: index + 1 });
  }
  const stock = read.whole('stock', 'Stock');
  if (stock === undefined && read.text('stock') === '') read.fail('stock', 'Stock is required');
  const activeValue = activeFromCsv(read.text('active'));
  if (activeValue === undefined) read.fail('active', 'Active must be yes or no');
  return {
    line,
    productId: id === '' ? null : id,
    group: read.text('group'),
    product,
    variant: {
      sku: read.text('sku'),
      options,
      price: read.amount('variant_price', 'Variant price') ?? null,
      stock: stock ?? 0,
      picture: read.optional('variant_picture') ?? null,
      active: activeValue ?? true,
    },
  };
}

/** The header's columns by position; errors for unknown, repeated and missing ones. */
function readHeader(cells: readonly string[], errors: ImportError[]) {
  const known = new Set<string>(PRODUCT_CSV_COLUMNS);
  const columns: (ProductCsvColumn | undefined)[] = [];
  const seen = new Set<string>();
  for (const cell of cells) {
    const name = csvText(cell).trim().toLowerCase();
    if (name === '') {
      columns.push(undefined);
      continue;
    }
    if (!known.has(name)) {
      errors.push({
        line: 1,
        column: name,
        message: `Unknown column "${name}": the columns are those of the export`,
      });
    } else if (seen.has(name)) {
      errors.push({ line: 1, column: name, message: `The column "${name}" is named twice` });
    }
    seen.add(name);
    columns.push(known.has(name) ? (name as ProductCsvColumn) : undefined);
  }
  for (const column of PRODUCT_CSV_COLUMNS) {
    if (!seen.has(column) && !OPTIONAL_CSV_COLUMNS.includes(column)) {
      errors.push({ line: 1, column, message: `Missing column "${column}"` });
    }
  }
  return columns;
}

/**
 * Reads the products' CSV: the header names the columns (any order, any case, those of the
 * export and only those), then one line per variant. Answers the lines read and every error
 * found without the database (a cell that is not a number, a column unknown...).
 */
export function readProductCsv(text: string): { rows: CsvProductRow[]; errors: ImportError[] } {
  const errors: ImportError[] = [];
  let parsed;
  try {
    parsed = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { rows: [], errors: [{ line: error.line, column: null, message: error.message }] };
  }
  const [header, ...lines] = parsed;
  if (!header) {
    return {
      rows: [],
      errors: [{ line: 1, column: null, message: 'The file is empty: start from an export' }],
    };
  }
  const columns = readHeader(header.cells, errors);
  if (errors.length > 0) return { rows: [], errors };
  if (lines.length === 0) {
    errors.push({ line: 2, column: null, message: 'The file has no product lines' });
  }
  if (lines.length > MAX_IMPORT_ROWS) {
    errors.push({
      line: lines[MAX_IMPORT_ROWS]!.line,
      column: null,
      message: `At most ${MAX_IMPORT_ROWS} lines can be imported at once: split the file`,
    });
    return { rows: [], errors };
  }
  const rows = lines.map(({ line, cells }) => {
    const byColumn = new Map<ProductCsvColumn, string>();
    for (const [index, cell] of cells.entries()) {
      const column = columns[index];
      if (column) byColumn.set(column, cell);
    }
    // A spreadsheet may leave empty cells off the end; text beyond the header is a shifted line.
    if (cells.some((cell, index) => !columns[index] && cell.trim() !== '')) {
      errors.push({ line, column: null, message: 'This line has a value under no column' });
    }
    return readLine(line, byColumn, errors);
  });
  return { rows, errors };
}

import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportError, ProductImportReport } from '@proshop/domain/product-import-schemas';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import { AppError } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import type { CatalogueChanges } from '../catalogue-cache/catalogue-changes.ts';
import { removeUnusedPictures } from '../uploads/file-cleanup.ts';
import { storeImage } from '../uploads/service.ts';
import type { ImageStorage } from '../uploads/storage/image-storage.ts';
import { applyImport } from './csv-import-apply.ts';
import { pictureRef, readZipPictures } from './csv-import-pictures.ts';
import { planImport, type ImportPlan, type PictureSource } from './csv-import-plan.ts';
import { readProductCsv, type CsvProductRow } from './csv-import-read.ts';
import type { BackInStock } from '../wishlist/back-in-stock.ts';

export interface ImportDeps {
  db: Database;
  catalogue: CatalogueChanges;
  storage: ImageStorage;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Answers the back-in-stock requests of the products the import restocks. */
  backInStock: BackInStock;
}

export interface ImportInput {
  csv: Buffer;
  /** The ZIP of pictures the CSV names by file name. */
  zip?: Buffer | undefined;
  /** Check only (the default): answer what would change, change nothing. */
  dryRun: boolean;
}

/** Where a ZIP's file is named first: its errors are told there. */
type FirstUse = Map<string, { line: number; column: string }>;

/** The ZIP files the lines name, each with the first line and column naming it. */
function zipNames(rows: readonly CsvProductRow[]): FirstUse {
  const uses: FirstUse = new Map();
  for (const { line, product, variant } of rows) {
    const cells = [
      ...(product.pictures ?? []).map((text) => ({ text, column: 'pictures' })),
      ...(variant.picture ? [{ text: variant.picture, column: 'variant_picture' }] : []),
    ];
    for (const { text, column } of cells) {
      const ref = pictureRef(text);
      if (ref.kind === 'zip' && !uses.has(ref.name)) uses.set(ref.name, { line, column });
    }
  }
  return uses;
}

/** A refused import: the transaction's plan found errors (the catalogue changed meanwhile). */
class ImportRefused extends Error {
  constructor(
    readonly plan: ImportPlan,
    readonly errors: ImportError[],
  ) {
    super('import refused');
  }
}

function report(
  plan: ImportPlan | undefined,
  errors: readonly ImportError[],
  flags: { dryRun: boolean; applied: boolean },
): ProductImportReport {
  const products = plan?.products ?? [];
  return {
    ...flags,
    rows: plan?.rows ?? [],
    errors: [...errors].sort((a, b) => a.line - b.line),
    removedVariants: plan?.removedVariants ?? [],
    summary: {
      productsCreated: products.filter((product) => !product.productId).length,
      productsUpdated: products.filter((product) => product.productId && product.changed).length,
      productsUnchanged: products.filter((product) => product.productId && !product.changed).length,
      variantsRemoved: plan?.removedVariants.length ?? 0,
    },
  };
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Stores the ZIP's pictures as uploads are stored; a picture storeImage refuses is an error. */
async function storePictures(
  deps: ImportDeps,
  source: PictureSource,
  uses: FirstUse,
  errors: ImportError[],
): Promise<Map<string, string>> {
  const stored = new Map<string, string>();
  for (const [name, picture] of source.zip) {
    if (!('bytes' in picture) || stored.has(picture.entry)) continue;
    try {
      stored.set(picture.entry, await storeImage(picture.bytes, deps.storage, deps.log));
    } catch (error) {
      if (!(error instanceof AppError) || error.kind !== 'unsupportedMedia') {
        // The store is down: what it took is removed (best effort), and the import refused.
        await removeUnusedPictures(deps.db, deps, [...stored.values()]);
        throw error;
      }
      const use = uses.get(name) ?? { line: 0, column: 'pictures' };
      errors.push({ ...use, message: `${name}: ${error.message}` });
    }
  }
  return stored;
}

/**
 * POST /api/products/import (docs/decisions/0024). Reads the CSV and the pictures it names from
 * the ZIP, and plans the import against the catalogue. A check (dry run), or any error, stops
 * there: nothing is stored or changed. Otherwise the ZIP's pictures are stored (before the
 * transaction: the image store is another server), and the products are written in batches of
 * whole products (IMPORT_BATCH_LINES, docs/decisions/0048), each one transaction of the
 * catalogue cache that locks its products, plans again on what it holds and writes them all,
 * or none when the catalogue changed meanwhile so that an error appears; the batches before it
 * stay imported and the report says so. Pictures stored for an import
 * that did not happen, and pictures the import took off products, are removed after it.
 */
export async function importProductCsv(
  deps: ImportDeps,
  admin: SessionUser,
  input: ImportInput,
): Promise<ProductImportReport> {
  const flags = { dryRun: input.dryRun, applied: false };
  let text: string;
  try {
    text = decoder.decode(input.csv);
  } catch {
    const message = 'The file is not UTF-8 text: save it as "CSV UTF-8"';
    return report(undefined, [{ line: 1, column: null, message }], flags);
  }
  const errors: ImportError[] = [];
  const read = readProductCsv(text);
  errors.push(...read.errors);
  if (read.rows.length === 0) return report(undefined, errors, flags);
  const uses = zipNames(read.rows);
  const zip = await readZipPictures(input.zip, new Set(uses.keys()));
  const source: PictureSource = {
    zip: zip.pictures,
    stored: new Map(),
    storePrefix: deps.storage.publicUrl(''),
  };
  const checked = await planImport(deps.db, read.rows, source, errors, { lock: false });
  if (input.dryRun || errors.length > 0) return report(checked, errors, flags);

  const files = { storage: deps.storage, log: deps.log };
  const stored = await storePictures(deps, source, uses, errors);
  if (errors.length > 0) {
    await removeUnusedPictures(deps.db, files, [...stored.values()]);
    return report(checked, errors, flags);
  }
  const batches = importBatches(checked, read.rows, IMPORT_BATCH_LINES);
  const plans: ImportPlan[] = [];
  try {
    for (const rows of batches) {
      const done = await deps.catalogue.change(deps.db, async (tx) => {
        await confirmCaller(tx, admin, 'admin');
        const found: ImportError[] = [];
        const plan = await planImport(tx, rows, { ...source, stored }, found, { lock: true });
        if (found.length > 0) throw new ImportRefused(plan, found);
        const applied = await applyImport(tx, admin.id, plan.products, plan.current);
        await deps.backInStock.announce(tx, applied.productIds);
        return { plan, ...applied };
      });
      plans.push(done.plan);
      // Pictures these products no longer show (the stored ones not taken up: at the end).
      await removeUnusedPictures(deps.db, files, done.dropped);
      await letOthersIn();
    }
    await removeUnusedPictures(deps.db, files, [...stored.values()]);
    return report(joinedPlan(plans), [], { ...flags, applied: true });
  } catch (error) {
    await removeUnusedPictures(deps.db, files, [...stored.values()]);
    const partly = partlyImported(plans, checked);
    if (error instanceof ImportRefused) {
      return report(error.plan, [...partly, ...error.errors], flags);
    }
    // Another change took a SKU or combination between this import's checks and its writes.
    if (isUniqueViolation(error)) {
      const message = 'Another change took one of these SKUs meanwhile: check the file again';
      return report(checked, [...partly, { line: 0, column: 'sku', message }], flags);
    }
    throw error;
  }
}

/**
 * Lines one transaction of an import writes at most (docs/decisions/0048): each batch locks its
 * products, writes them whole and commits, so that a 100,000-line import never holds the rows
 * of 100,000 products (and the payments of their shoppers) for minutes. A product's lines are
 * never split: a batch ends before a product that would take it past the size.
 */
export const IMPORT_BATCH_LINES = 500;

/**
 * Lets the requests that arrived meanwhile start before the next batch. The embedded database
 * runs each statement on this thread and queues them in order: without a turn of the event loop
 * (timers, then the sockets' input) the next batch's transaction would be queued before any of
 * them, and the shop would answer nobody until the whole import ends.
 */
async function letOthersIn(): Promise<void> {
  await sleep(1);
  await setImmediate();
}

/** The lines of the plan's products, in batches of whole products of about `size` lines. */
function importBatches(
  plan: ImportPlan,
  rows: readonly CsvProductRow[],
  size: number,
): CsvProductRow[][] {
  const batchOfLine = new Map<number, number>();
  let batch = 0;
  let lines = 0;
  for (const product of plan.products) {
    const own = new Set([product.line, ...product.variants.map((variant) => variant.line)]);
    if (lines > 0 && lines + own.size > size) {
      batch += 1;
      lines = 0;
    }
    for (const line of own) batchOfLine.set(line, batch);
    lines += own.size;
  }
  const batches: CsvProductRow[][] = Array.from({ length: batch + 1 }, () => []);
  // A line of no planned product (none without errors) goes with the last batch, as before.
  for (const row of rows) batches[batchOfLine.get(row.line) ?? batch]!.push(row);
  return batches.filter((lines) => lines.length > 0);
}

/** The batches' plans as one, for the report. */
function joinedPlan(plans: readonly ImportPlan[]): ImportPlan {
  return {
    products: plans.flatMap((plan) => plan.products),
    rows: plans.flatMap((plan) => plan.rows).sort((a, b) => a.line - b.line),
    removedVariants: plans.flatMap((plan) => plan.removedVariants),
    current: new Map(plans.flatMap((plan) => [...plan.current])),
  };
}

/** How the report's error of the file begins when some batches were imported. */
export const IMPORTED_IN_PART = 'Imported in part:';

/** When batches committed before one failed: which products are in, as an error of the file. */
function partlyImported(plans: readonly ImportPlan[], checked: ImportPlan): ImportError[] {
  if (plans.length === 0) return [];
  const done = plans.reduce((sum, plan) => sum + plan.products.length, 0);
  // A loop, not Math.max(...lines): up to 100,000 arguments could overflow the call stack.
  let lastLine = 0;
  for (const plan of plans) for (const row of plan.rows) lastLine = Math.max(lastLine, row.line);
  const message =
    `${IMPORTED_IN_PART} the first ${done} of the file's ${checked.products.length} products ` +
    `(up to line ${lastLine}) were imported, each whole; none after them. ` +
    'Check the file again and import it: the imported lines are unchanged now';
  return [{ line: 0, column: null, message }];
}

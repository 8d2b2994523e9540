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
 * transaction: the image store is another server), and one transaction of the catalogue cache
 * locks the products named, plans again on what it holds and writes everything, or nothing
 * when the catalogue changed meanwhile so that an error appears. Pictures stored for an import
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
  try {
    const done = await deps.catalogue.change(deps.db, async (tx) => {
      await confirmCaller(tx, admin, 'admin');
      const found: ImportError[] = [];
      const plan = await planImport(tx, read.rows, { ...source, stored }, found, { lock: true });
      if (found.length > 0) throw new ImportRefused(plan, found);
      const applied = await applyImport(tx, admin.id, plan.products, plan.current);
      await deps.backInStock.announce(tx, applied.productIds);
      return { plan, ...applied };
    });
    // Pictures the products no longer show, and any stored picture no product took up.
    await removeUnusedPictures(deps.db, files, [...done.dropped, ...stored.values()]);
    return report(done.plan, [], { ...flags, applied: true });
  } catch (error) {
    await removeUnusedPictures(deps.db, files, [...stored.values()]);
    if (error instanceof ImportRefused) return report(error.plan, error.errors, flags);
    // Another change took a SKU or combination between this import's checks and its writes.
    if (isUniqueViolation(error)) {
      const message = 'Another change took one of these SKUs meanwhile: check the file again';
      return report(checked, [{ line: 0, column: 'sku', message }], flags);
    }
    throw error;
  }
}

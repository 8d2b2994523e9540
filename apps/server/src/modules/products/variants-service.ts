import { centsToDecimalString, toCents } from '@proshop/domain/money';
import { PRODUCT_NOT_FOUND } from '@proshop/domain/product-schemas';
import type { AdminProductDetail } from '@proshop/domain/product-admin-schemas';
import type { VariantsUpdateRequest } from '@proshop/domain/variant-schemas';
import { checkVariantSet, type OptionChoice } from '@proshop/domain/variants';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, invalid, notFound } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import type { CatalogueChanges } from '../catalogue-cache/catalogue-changes.ts';
import { lockProduct, updateProductById } from './repository.ts';
import { getAdminProductDetail } from './service.ts';
import { refreshVariantSummaries } from './variant-summary.ts';
import type { BackInStock } from '../wishlist/back-in-stock.ts';
import {
  deleteVariantsById,
  findSkusOfOtherProducts,
  findVariantsOfProduct,
  insertVariants,
  parkVariants,
  updateVariantValues,
  type VariantRow,
  type VariantValues,
} from './variants-repository.ts';

const skuTaken = (sku: string) => `SKU ${sku} is already used by another product`;

/** What a save of the variants' table does to the stored variants. */
export interface VariantChanges {
  kept: (VariantValues & { id: string })[];
  /** Kept variants whose SKU or choice changes: parked first (variants-repository.ts). */
  parked: string[];
  created: VariantValues[];
  deleted: string[];
}

/** The same choice, names and values exactly (as the unique index on jsonb compares them). */
function sameChoice(a: OptionChoice, b: OptionChoice): boolean {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => a[name] === b[name]);
}

/**
 * The changes a request makes to a product's variants: those with an `_id` are kept (it must
 * name one of this product's variants, once), the others created, the ones left out deleted; the
 * positions follow the request's order. A variant's picture must be one of the product's.
 */
export function planVariantChanges(
  existing: readonly VariantRow[],
  request: VariantsUpdateRequest,
  pictures: readonly string[],
): VariantChanges {
  const stored = new Map(existing.map((row) => [row.id, row]));
  const changes: VariantChanges = { kept: [], parked: [], created: [], deleted: [] };
  const seen = new Set<string>();
  for (const [position, variant] of request.variants.entries()) {
    if (variant.image !== null && !pictures.includes(variant.image)) {
      throw invalid(`${variant.sku}: the picture must be one of the product's pictures`);
    }
    const values: VariantValues = {
      sku: variant.sku,
      options: variant.options,
      price: variant.price === null ? null : centsToDecimalString(toCents(variant.price)),
      countInStock: variant.countInStock,
      image: variant.image,
      active: variant.active,
      position,
      // Left out, a kept variant keeps its weight (a file or form without the column).
      weightGrams:
        variant.weightGrams === undefined
          ? (stored.get(variant._id ?? '')?.weightGrams ?? null)
          : variant.weightGrams,
    };
    if (variant._id === undefined) {
      changes.created.push(values);
      continue;
    }
    const current = stored.get(variant._id);
    if (!current) throw invalid(`${variant.sku}: not a variant of this product`);
    if (seen.has(variant._id)) throw invalid(`${variant.sku}: the variant is listed twice`);
    seen.add(variant._id);
    changes.kept.push({ ...values, id: variant._id });
    if (
      current.sku.toLowerCase() !== variant.sku.toLowerCase() ||
      !sameChoice(current.options, variant.options)
    ) {
      changes.parked.push(variant._id);
    }
  }
  changes.deleted = existing.filter((row) => !seen.has(row.id)).map((row) => row.id);
  return changes;
}

/**
 * Writes a plan of planVariantChanges to the product's variants; its row must be locked
 * (lockProduct). Call refreshVariantSummaries afterwards, in the same transaction.
 */
export async function writeVariantChanges(
  tx: Database,
  productId: string,
  changes: VariantChanges,
): Promise<void> {
  // Deleted first, so that a new variant may take the SKU or choice of one that goes.
  await deleteVariantsById(tx, changes.deleted);
  await parkVariants(tx, changes.parked);
  await updateVariantValues(tx, productId, changes.kept);
  await insertVariants(tx, productId, changes.created);
}

/**
 * PUT /api/products/{id}/variants: replaces the product's options and variants in one
 * transaction (docs/decisions/0019), then answers the product as GET /api/products/{id} does.
 * Order lines of deleted variants keep their copies.
 */
export async function replaceVariants(
  db: Database,
  catalogue: CatalogueChanges,
  admin: SessionUser,
  id: string,
  request: VariantsUpdateRequest,
  backInStock: BackInStock,
): Promise<AdminProductDetail> {
  if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
  const skus = request.variants.map((variant) => variant.sku);
  try {
    await catalogue.change(db, async (tx) => {
      await confirmCaller(tx, admin, 'admin');
      const product = await lockProduct(tx, id);
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      const problem = checkVariantSet(request.options, request.variants);
      if (problem) {
        throw problem.kind === 'conflict' ? conflict(problem.message) : invalid(problem.message);
      }
      const changes = planVariantChanges(
        await findVariantsOfProduct(tx, id),
        request,
        product.images,
      );
      const [taken] = await findSkusOfOtherProducts(tx, id, skus);
      if (taken) throw conflict(skuTaken(sameSpelling(skus, taken)));
      await writeVariantChanges(tx, id, changes);
      await updateProductById(tx, id, { options: request.options, updatedAt: new Date() });
      await refreshVariantSummaries(tx, [id]);
      await backInStock.announce(tx, [id]);
    });
  } catch (error) {
    // Another product took one of the SKUs between the check and the write (its transaction
    // committed meanwhile, so a new read names the SKU).
    if (isUniqueViolation(error, 'product_variants_sku_key')) {
      const [taken] = await findSkusOfOtherProducts(db, id, skus);
      throw conflict(
        taken ? skuTaken(sameSpelling(skus, taken)) : 'A SKU is already used by another product',
      );
    }
    if (isUniqueViolation(error, 'product_variants_product_options_key')) {
      throw conflict('A combination of options is listed twice');
    }
    throw error;
  }
  // The admin's view: a draft's variants are edited too.
  return getAdminProductDetail(db, id);
}

/** The SKU as the admin typed it, of one stored in another case. */
function sameSpelling(skus: readonly string[], stored: string): string {
  return skus.find((sku) => sku.toLowerCase() === stored.toLowerCase()) ?? stored;
}

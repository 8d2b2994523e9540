import { PRODUCT_NOT_FOUND } from '@proshop/domain/product-schemas';
import {
  NOT_ON_WISHLIST,
  STILL_IN_STOCK,
  type StockAlert,
  type StockAlertRequest,
  type WishlistResponse,
} from '@proshop/domain/wishlist-schemas';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/constraint-errors.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import { requireMailableEmail } from '../users/email-confirmation-service.ts';
import {
  deleteWishlistItem,
  findStockAlerts,
  findWishlist,
  insertWishlistItem,
  lockStockOf,
  upsertStockAlert,
} from './repository.ts';

export const VARIANT_NOT_FOUND = 'Variant not found';

// Saved products and back-in-stock requests point at products with ON DELETE CASCADE: a deleted
// product leaves both lists by itself, and nothing here reads a product that is gone.

export async function listWishlist(db: Database, user: SessionUser): Promise<WishlistResponse> {
  const rows = await findWishlist(db, user.id);
  return {
    items: rows.map((row) => ({
      product: row.productId,
      name: row.name,
      image: row.image,
      price: Number(row.minPrice),
      countInStock: row.countInStock,
      hasOptions: row.options.length > 0,
      backInStock: row.backInStock,
      addedAt: row.addedAt.toISOString(),
    })),
  };
}

/** Saves a product; saving it again changes nothing. */
export async function saveToWishlist(
  db: Database,
  user: SessionUser,
  productId: string,
): Promise<void> {
  if (!isUuid(productId)) throw notFound(PRODUCT_NOT_FOUND);
  try {
    await db.transaction(async (tx) => {
      await confirmCaller(tx, user, 'user');
      await insertWishlistItem(tx, user.id, productId);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(PRODUCT_NOT_FOUND);
    throw error;
  }
}

/** Takes a product off the caller's list; one not on it (or another's) is 404. */
export async function removeFromWishlist(
  db: Database,
  user: SessionUser,
  productId: string,
): Promise<void> {
  if (!isUuid(productId) || !(await deleteWishlistItem(db, user.id, productId))) {
    throw notFound(NOT_ON_WISHLIST);
  }
}

/**
 * "E-mail me when it is back" for an out-of-stock product or variant. Asking again while one
 * waits changes nothing; asking after one was answered (it ran out again) waits again. One in
 * stock is refused: the customer can buy it now; so is an account whose address is not
 * confirmed (403): the shop e-mails only confirmed addresses.
 */
export async function requestStockAlert(
  db: Database,
  user: SessionUser,
  request: StockAlertRequest,
): Promise<void> {
  if (!isUuid(request.product)) throw notFound(PRODUCT_NOT_FOUND);
  if (request.variant !== undefined && !isUuid(request.variant)) {
    throw notFound(VARIANT_NOT_FOUND);
  }
  try {
    await db.transaction(async (tx) => {
      await confirmCaller(tx, user, 'user');
      // The alert is an e-mail: only to an address its owner confirmed (issue #35).
      await requireMailableEmail(tx, user.id);
      const stock = await lockStockOf(tx, request.product, request.variant);
      if (stock === undefined) {
        throw notFound(request.variant === undefined ? PRODUCT_NOT_FOUND : VARIANT_NOT_FOUND);
      }
      if (stock > 0) throw conflict(STILL_IN_STOCK);
      await upsertStockAlert(tx, user.id, request.product, request.variant ?? null);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(PRODUCT_NOT_FOUND);
    throw error;
  }
}

export async function listStockAlerts(
  db: Database,
  user: SessionUser,
  productId: string,
): Promise<StockAlert[]> {
  if (!isUuid(productId)) return [];
  return (await findStockAlerts(db, user.id, productId)).map((row) => ({
    product: row.productId,
    variant: row.variantId,
    notifiedAt: row.notifiedAt?.toISOString() ?? null,
  }));
}

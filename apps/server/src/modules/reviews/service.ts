import {
  PRODUCT_NOT_FOUND,
  type CreateReviewRequest,
  type ReviewWithBadge,
} from '@proshop/domain/product-schemas';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import type { CatalogueChanges } from '../catalogue-cache/catalogue-changes.ts';
import {
  findReviewsOfProduct,
  insertReview,
  lockProduct,
  refreshProductRating,
} from './repository.ts';
import { toReview } from './review-mapper.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';

// This module owns a product's reviews and the rating and review count computed from them (the
// products table keeps both for its lists and sorting). The products module asks it for a
// product's reviews through reviewsOfProduct and never writes the rating; this module never
// imports the products module (a lint zone keeps that one direction).

export const PRODUCT_ALREADY_REVIEWED = 'Product already reviewed';

/**
 * Adds the user's one review of a product and recomputes the product's rating in the same
 * transaction, a catalogue change (the product's page and lists show both). The unique index
 * (product, user) decides between two simultaneous first reviews.
 */
export async function addReview(
  db: Database,
  catalogue: CatalogueChanges,
  productId: string,
  user: SessionUser,
  review: CreateReviewRequest,
): Promise<void> {
  if (!isUuid(productId)) throw notFound(PRODUCT_NOT_FOUND);
  try {
    await catalogue.change(db, async (tx) => {
      await confirmCaller(tx, user, 'user');
      if (!(await lockProduct(tx, productId))) throw notFound(PRODUCT_NOT_FOUND);
      await insertReview(tx, {
        productId,
        userId: user.id,
        name: user.name,
        rating: review.rating,
        comment: review.comment,
      });
      await refreshProductRating(tx, productId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PRODUCT_ALREADY_REVIEWED);
    if (isForeignKeyViolation(error)) throw notFound(PRODUCT_NOT_FOUND);
    throw error;
  }
}

/** A product's reviews as its page shows them, oldest first, each with its verified badge. */
export async function reviewsOfProduct(
  db: Database,
  productId: string,
): Promise<ReviewWithBadge[]> {
  return (await findReviewsOfProduct(db, productId)).map(toReview);
}

/**
 * Recomputes the rating and review count of each product, in the caller's transaction: for tools
 * that write many reviews at once (the demo seed).
 */
export async function refreshRatings(tx: Database, productIds: Iterable<string>): Promise<void> {
  for (const productId of productIds) await refreshProductRating(tx, productId);
}

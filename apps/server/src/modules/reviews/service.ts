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
import type { RatingCopies } from './rating-copies.ts';
import { findReviewsOfProduct, insertReview, ratingOf } from './repository.ts';
import { toReview } from './review-mapper.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';

// This module owns a product's reviews and the rating and review count computed from them (the
// products table keeps a copy of both for its lists and sorting, written by the products module
// through RatingCopies). The products module asks it for a product's reviews through
// reviewsOfProduct; this module never imports the products module (a lint zone keeps that one
// direction) and never writes its table.

export const PRODUCT_ALREADY_REVIEWED = 'Product already reviewed';

/**
 * Adds the user's one review of a product and recomputes the product's rating in the same
 * transaction, a catalogue change (the product's page and lists show both). The unique index
 * (product, user) decides between two simultaneous first reviews.
 */
export async function addReview(
  db: Database,
  catalogue: CatalogueChanges,
  copies: RatingCopies,
  productId: string,
  user: SessionUser,
  review: CreateReviewRequest,
): Promise<void> {
  if (!isUuid(productId)) throw notFound(PRODUCT_NOT_FOUND);
  try {
    await catalogue.change(db, async (tx) => {
      await confirmCaller(tx, user, 'user');
      if (!(await copies.lockProduct(tx, productId))) throw notFound(PRODUCT_NOT_FOUND);
      await insertReview(tx, {
        productId,
        userId: user.id,
        name: user.name,
        rating: review.rating,
        comment: review.comment,
      });
      await copies.copyRating(tx, productId, await ratingOf(tx, productId));
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
export async function refreshRatings(
  tx: Database,
  copies: RatingCopies,
  productIds: Iterable<string>,
): Promise<void> {
  for (const productId of productIds) {
    await copies.copyRating(tx, productId, await ratingOf(tx, productId));
  }
}

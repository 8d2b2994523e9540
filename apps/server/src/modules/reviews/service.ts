import type { CreateReviewRequest } from '@proshop/domain/product-schemas';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import type { CatalogueChanges } from '../catalogue-cache/catalogue-changes.ts';
import { PRODUCT_NOT_FOUND } from '../products/service.ts';
import { insertReview, lockProduct, refreshProductRating } from './repository.ts';

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

import type { ReviewWithBadge } from '@proshop/domain/product-schemas';

export interface ReviewRow {
  id: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: Date;
  verified: boolean;
}

/** A stored review as the product page shows it. */
export function toReview(row: ReviewRow): ReviewWithBadge {
  return {
    _id: row.id,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    verified: row.verified,
  };
}

import type { Database } from '../../db/client.ts';

/** A product's rating as its reviews make it: the average (two decimals, 0 without any) and count. */
export interface RatingSummary {
  rating: string;
  numReviews: number;
}

/**
 * What this module needs of the products table, which keeps a copy of each product's rating for
 * its lists and sorting. The products module owns that table and provides these (app.ts hands
 * them to reviewRoutes), so reviews never writes it nor imports the products module.
 */
export interface RatingCopies {
  /** Locks the product's row until the transaction ends; false when there is no such product. */
  lockProduct(tx: Database, productId: string): Promise<boolean>;
  /** Stores the product's copy of its rating, in the transaction that changed its reviews. */
  copyRating(tx: Database, productId: string, summary: RatingSummary): Promise<void>;
}

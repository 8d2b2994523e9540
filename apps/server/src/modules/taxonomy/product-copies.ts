import type { TaxonomyKind } from '@proshop/domain/taxonomy-schemas';
import type { Database } from '../../db/client.ts';

/**
 * What this module needs of the products that copy a category's or brand's name (so the search
 * finds them by it). The products module owns that table and provides these (app.ts hands them
 * to taxonomyRoutes), so taxonomy never writes it.
 */
export interface TaxonomyCopies {
  /**
   * Locks the products of a record, in id order. Taken before the record's own lock: a product
   * edit locks its product first and then the records it names, so the same order here keeps a
   * rename or merge from waiting on an edit that waits on it.
   */
  lockProductsOf(tx: Database, kind: TaxonomyKind, id: string): Promise<void>;
  /** Points every product of `from` at `to` (the same record when renaming), copying its name. */
  pointProductsAt(
    tx: Database,
    kind: TaxonomyKind,
    from: string,
    to: { id: string; name: string },
  ): Promise<void>;
}

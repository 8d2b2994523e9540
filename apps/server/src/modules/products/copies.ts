import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import type { RatingCopies } from '../reviews/rating-copies.ts';
import type { TaxonomyCopies } from '../taxonomy/product-copies.ts';
import { productTaxonomyColumns } from '../taxonomy/tables.ts';

// The products table keeps copies of what other modules own (a product's rating, its category's
// and brand's names) for its lists, sorting and search. Those modules cannot import this one
// (it imports them), so app.ts hands them these writers: the products table keeps one writer.

export const ratingCopies: RatingCopies = {
  async lockProduct(tx, productId) {
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    return rows.length > 0;
  },
  async copyRating(tx, productId, summary) {
    await tx
      .update(products)
      .set({ ...summary, updatedAt: sql`now()` })
      .where(eq(products.id, productId));
  },
};

export const taxonomyCopies: TaxonomyCopies = {
  async lockProductsOf(tx: Database, kind, id) {
    const product = productTaxonomyColumns(kind);
    await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(product.id, id))
      .orderBy(asc(products.id))
      .for('no key update');
  },
  async pointProductsAt(tx, kind, from, to) {
    const product = productTaxonomyColumns(kind);
    const values =
      kind === 'category'
        ? { categoryId: to.id, category: to.name }
        : { brandId: to.id, brand: to.name };
    await tx.update(products).set(values).where(eq(product.id, from));
  },
};

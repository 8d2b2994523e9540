import { and, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { arrayParam } from '../../db/array-param.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import { chosenVariantJoin, lineVariantColumns } from './line-variant-columns.ts';
import { shownToShoppers } from './shown-to-shoppers.ts';

/**
 * The products of an order request, each with the variants the request can mean, in one query:
 * the variants named (`variantIds`) and, for a product without options, its one variant (the
 * request names none). A product comes back once with `variant` null when none of its variants
 * is among them (a product with options and no choice, or a variant of another product). The
 * product's tax class and the variant's weight are what the checkout's price rule reads of them.
 */
export async function findProductsForOrder(
  db: Database,
  productIds: readonly string[],
  variantIds: readonly string[],
) {
  return (
    db
      .select({
        product: {
          id: products.id,
          name: products.name,
          image: products.image,
          price: products.price,
          options: products.options,
          categoryId: products.categoryId,
          taxClassId: products.taxClassId,
        },
        // The weight prices a weight-banded shipping method (issue #38).
        variant: { ...lineVariantColumns(), weightGrams: productVariants.weightGrams },
      })
      .from(products)
      .leftJoin(productVariants, chosenVariantJoin(variantIds))
      // A draft cannot be ordered: it reads as a product that is gone.
      .where(and(sql`${products.id} = any(${arrayParam(productIds)}::uuid[])`, shownToShoppers))
      .prepare('order_products_variants')
      .execute()
  );
}

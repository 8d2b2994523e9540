import { and, eq, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/array-param.ts';
import { products, productVariants } from '../../db/schema/products.ts';

/**
 * What a cart line or an order being placed reads of its variant (product_variants, owned by
 * products): its SKU, choice, own price, stock, picture and whether it is on offer. One
 * selection, so that the cart shows what the checkout then checks and prices.
 */
export function lineVariantColumns() {
  return {
    id: productVariants.id,
    sku: productVariants.sku,
    options: productVariants.options,
    price: productVariants.price,
    countInStock: productVariants.countInStock,
    image: productVariants.image,
    active: productVariants.active,
  };
}

/**
 * The join of a line's product to its variant: the one chosen (among `variantIds`), or the only
 * variant of a product without options. Left-joined, so a product whose chosen variant is gone
 * still answers, without one.
 */
export function chosenVariantJoin(variantIds: readonly string[]) {
  return and(
    eq(productVariants.productId, products.id),
    sql`(${productVariants.id} = any(${arrayParam(variantIds)}::uuid[])
      or ${products.options} = '[]'::jsonb)`,
  );
}

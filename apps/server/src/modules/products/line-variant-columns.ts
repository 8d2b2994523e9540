import { productVariants } from '../../db/schema/products.ts';

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

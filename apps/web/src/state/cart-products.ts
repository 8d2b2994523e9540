import type { ProductDetail } from '@proshop/domain/product-schemas';
import { optionValues, stockOnOffer, variantPrice } from '@proshop/domain/variants';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { apiSlice } from './api-slice.ts';
import { addItem, removeItem, sameLine, type CartItem } from './cart-slice.ts';

export type CartProduct = Pick<
  ProductDetail,
  '_id' | 'name' | 'image' | 'price' | 'countInStock' | 'options' | 'variants'
>;

// The cart and the checkout both read a product's current name, price and stock; the product
// page's endpoint belongs to its feature, so the cart keeps its own small one here.
const cartProductsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getCartProduct: build.query<CartProduct, string>({
      query: (id) => `/api/products/${encodeURIComponent(id)}`,
      // A cart line must carry the price of now, never one cached earlier.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetCartProductQuery, useLazyGetCartProductQuery } = cartProductsApi;

/**
 * The cart line for `qty` of a product, copying what the cart shows of it: for a product with
 * options, of its variant `variantId` (its price, stock, picture, SKU and option values). No line
 * (undefined) when the product has options and the variant is not one of them (none chosen, or
 * deleted since). A variant switched off is a line with no stock.
 */
export function cartLineFrom(
  product: CartProduct,
  qty: number,
  variantId?: string | null,
): CartItem | undefined {
  if (product.options.length === 0) {
    // The one, implicit variant: its price is the product's unless it has its own; the
    // product's stock is the variant's (the summary counts variants that are on).
    const implicit = product.variants[0];
    return {
      product: product._id,
      name: product.name,
      image: product.image,
      price: implicit ? variantPrice(product.price, implicit) : product.price,
      countInStock: product.countInStock,
      qty,
    };
  }
  const variant = product.variants.find((candidate) => candidate._id === variantId);
  if (!variant) return undefined;
  return {
    product: product._id,
    variant: variant._id,
    sku: variant.sku,
    options: optionValues(product.options, variant.options),
    name: product.name,
    image: variant.image ?? product.image,
    price: variantPrice(product.price, variant),
    countInStock: stockOnOffer(variant),
    qty,
  };
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}

/**
 * Brings the cart lines up to the catalogue's current name, price and stock (a product or variant
 * deleted since leaves the cart), keeping each chosen quantity. Used when the server refuses an
 * order because the cart went stale, so the shopper sees the amounts they would now pay.
 */
export function useRefreshCartLines(): (items: readonly CartItem[]) => Promise<void> {
  const dispatch = useDispatch();
  const [fetchProduct] = useLazyGetCartProductQuery();
  return useCallback(
    async (items) => {
      // One after another: the lazy query follows a single product at a time.
      for (const item of items) {
        let product: CartProduct;
        try {
          product = await fetchProduct(item.product).unwrap();
        } catch (error) {
          if (isNotFound(error)) dispatch(removeItem(item));
          continue;
        }
        const line = cartLineFrom(product, item.qty, item.variant);
        // A line that is no longer the same line (its variant gone, or the product's options
        // taken away or added) is replaced: no line stays that the shop cannot sell.
        if (!line || !sameLine(line, item)) dispatch(removeItem(item));
        if (line) dispatch(addItem(line));
      }
    },
    [dispatch, fetchProduct],
  );
}

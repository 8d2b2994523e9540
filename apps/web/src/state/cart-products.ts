import type { Product } from '@proshop/domain/product-schemas';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { apiSlice } from './api-slice.ts';
import { addItem, removeItem, type CartItem } from './cart-slice.ts';

type CartProduct = Pick<Product, '_id' | 'name' | 'image' | 'price' | 'countInStock'>;

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

/** The cart line for `qty` of a product, copying what the cart shows of it. */
export function cartLineFrom(product: CartProduct, qty: number): CartItem {
  return {
    product: product._id,
    name: product.name,
    image: product.image,
    price: product.price,
    countInStock: product.countInStock,
    qty,
  };
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}

/**
 * Brings the cart lines up to the catalogue's current name, price and stock (a product deleted
 * since leaves the cart), keeping each chosen quantity. Used when the server refuses an order
 * because the cart went stale, so the shopper sees the amounts they would now pay.
 */
export function useRefreshCartLines(): (items: readonly CartItem[]) => Promise<void> {
  const dispatch = useDispatch();
  const [fetchProduct] = useLazyGetCartProductQuery();
  return useCallback(
    async (items) => {
      // One after another: the lazy query follows a single product at a time.
      for (const item of items) {
        try {
          const product = await fetchProduct(item.product).unwrap();
          dispatch(addItem(cartLineFrom(product, item.qty)));
        } catch (error) {
          if (isNotFound(error)) dispatch(removeItem(item.product));
        }
      }
    },
    [dispatch, fetchProduct],
  );
}

import type { Order } from '@proshop/domain/order-schemas';
import { lineLabel } from '@proshop/domain/variants';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { cartLineFrom, useLazyGetCartProductQuery } from '../../state/cart-products.ts';
import { addItem } from '../../state/cart-slice.ts';

export interface ReorderResult {
  added: number;
  /**
   * Lines left out ("Trail Shirt — Size: M"): the product or its variant was deleted or is out
   * of stock now.
   */
  unavailable: string[];
}

/**
 * Puts an order's items back in the cart at today's price and stock (never the price paid then),
 * each the same variant, with the quantity ordered, capped at what is in stock.
 */
export function useReorder(): (order: Order) => Promise<ReorderResult> {
  const dispatch = useDispatch();
  const [fetchProduct] = useLazyGetCartProductQuery();
  return useCallback(
    async (order) => {
      const result: ReorderResult = { added: 0, unavailable: [] };
      for (const item of order.orderItems) {
        const product = item.product
          ? await fetchProduct(item.product)
              .unwrap()
              .catch(() => undefined)
          : undefined;
        const line = product && cartLineFrom(product, item.qty, item.variant);
        if (!line || line.countInStock < 1) {
          result.unavailable.push(lineLabel(item.name, item.options));
          continue;
        }
        dispatch(addItem({ ...line, qty: Math.min(line.qty, line.countInStock) }));
        result.added += 1;
      }
      return result;
    },
    [dispatch, fetchProduct],
  );
}

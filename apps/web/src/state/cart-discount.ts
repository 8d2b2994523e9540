import type { DiscountCheckRequest, DiscountCheckResponse } from '@proshop/domain/discount-schemas';
import type { DiscountKind, DiscountTerms } from '@proshop/domain/discounts';
import { normalizeCode } from '@proshop/domain/discounts';
import type { CreateOrderRequest } from '@proshop/domain/order-schemas';
import { computeOrderPrices, type OrderPrices } from '@proshop/domain/prices';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import { errorMessage } from '../lib/error-message.ts';
import { apiSlice } from './api-slice.ts';
import { selectCart, type CartItem } from './cart-slice.ts';
import { selectUserInfo } from './session-slice.ts';

/** The check's answer, with the products it found eligible by id rather than by position. */
export interface CheckedDiscount extends DiscountCheckResponse {
  eligibleProducts: string[];
}

// The cart and the place-order screen both apply and show the code (no feature imports another),
// so the check lives here, as the cart's product call does in cart-products.ts.
const discountApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    // A query although it is a POST: it reads and changes nothing, and being keyed by the code
    // and the lines, it is asked again whenever the cart's lines change.
    checkDiscount: build.query<CheckedDiscount, DiscountCheckRequest>({
      query: (body) => ({ url: '/api/discounts/check', method: 'POST', body }),
      // Eligibility is by product (its own id or its category), so it holds for the product's
      // line whatever its quantity, and the cart can recompute at once when a quantity changes.
      transformResponse: (answer: DiscountCheckResponse, _meta, request) => ({
        ...answer,
        eligibleProducts: request.orderItems
          .filter((_line, index) => answer.eligible[index])
          .map((line) => line.product),
      }),
      // Whether a code applies is a fact of the moment (uses, dates): never kept for long.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyCheckDiscountQuery } = discountApi;

/** The order's lines as the order and the check send them (a variant only when there is one). */
export function orderItemsOf(cartItems: readonly CartItem[]): CreateOrderRequest['orderItems'] {
  return cartItems.map(({ product, variant, qty }) =>
    variant ? { product, variant, qty } : { product, qty },
  );
}

/** A code that applies to the cart's lines: what the summary shows and the order sends. */
export interface AppliedDiscount {
  code: string;
  kind: DiscountKind;
}

export interface CartDiscount {
  /** The code in the cart, applying or not; null without one. */
  code: string | null;
  /** Set when the code applies to the lines now. */
  applied: AppliedDiscount | undefined;
  /** Why the code in the cart does not apply now (the server's words). */
  problem: string | undefined;
  /** The code is being checked against the lines (Place Order waits for it). */
  checking: boolean;
  /** The order's prices by the shared rule, with the discount when it applies. */
  prices: OrderPrices;
  /** Asks again (after the server refused an order). */
  recheck: () => void;
}

/**
 * The cart's discount: the code kept in the cart is checked by the server for the cart's lines
 * (again whenever they change), and the prices are computed by the domain's one rule with the
 * terms and eligibility the server answered, exactly as the server will charge them. A signed-out
 * shopper's code waits for the sign-in or the guest's e-mail (the check needs the customer:
 * first order, uses per customer); a guest is checked by the e-mail they gave.
 */
export function useCartDiscount(): CartDiscount {
  const { cartItems, discountCode, guest } = useSelector(selectCart);
  const signedIn = useSelector(selectUserInfo) !== null;
  const request =
    discountCode && (signedIn || guest) && cartItems.length > 0
      ? {
          code: discountCode,
          orderItems: orderItemsOf(cartItems),
          ...(!signedIn && guest && { email: guest.email }),
        }
      : skipToken;
  const { data, error, isError, isFetching, refetch } = discountApi.useCheckDiscountQuery(
    request,
    // A check older than 30 seconds is asked again when a screen opens; the one just made by
    // Apply is not.
    { refetchOnMountOrArgChange: 30 },
  );
  // While the lines are checked again (a quantity changed), the answer for the lines before
  // still gives the terms and the eligible products: the figures follow the change at once.
  const answer =
    request !== skipToken && !isError && data && normalizeCode(data.code) === discountCode
      ? data
      : undefined;
  const terms: DiscountTerms | undefined = answer && {
    kind: answer.kind,
    value: answer.value ?? 0,
  };
  const prices = computeOrderPrices(
    cartItems.map(({ price, qty, product }) => ({
      price,
      qty,
      eligible: answer?.eligibleProducts.includes(product) ?? false,
    })),
    terms,
  );
  return {
    code: discountCode,
    applied: answer && { code: normalizeCode(answer.code), kind: answer.kind },
    problem: request !== skipToken && isError && error ? errorMessage(error) : undefined,
    checking: request !== skipToken && isFetching,
    prices,
    recheck: () => {
      if (request !== skipToken) void refetch();
    },
  };
}

import type { Quote, QuoteRequest } from '@proshop/domain/checkout-schemas';
import type { GuestBuyer } from '@proshop/domain/order-schemas';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import { errorMessage } from '../lib/error-message.ts';
import { apiSlice } from './api-slice.ts';
import { orderItemsOf, type CartDiscount } from './cart-discount.ts';
import { selectCart, type CartState } from './cart-slice.ts';

// The cart and every checkout step show the quote (no feature imports another), so its call
// lives here, as the discount check does in cart-discount.ts.
const quoteApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    // A query although it is a POST: it changes nothing, and keyed by the lines, the code and
    // the address it is asked again whenever one of them changes.
    getQuote: build.query<Quote, QuoteRequest>({
      query: (body) => ({ url: '/api/checkout/quote', method: 'POST', body }),
      // Prices, stock and a code's uses change: an answer is worth little once unused.
      keepUnusedDataFor: 0,
    }),
  }),
});

/** The guest who checks out without an account (issue #37); null when signed in or unknown. */
export function cartGuest(cart: CartState): GuestBuyer | null {
  return cart.guest;
}

export interface CheckoutQuote {
  /** The server's figures for the cart as it is now; undefined while they are asked. */
  quote: Quote | undefined;
  /** The answer for the cart just before, while the new one is asked (the cart's estimate). */
  lastQuote: Quote | undefined;
  /** Why the server would not price the cart (a product gone, out of stock ...). */
  problem: string | undefined;
  /** The request the figures answer: what placing the order sends. */
  request: QuoteRequest | undefined;
  /** The figures are being asked (again): the order waits for them. */
  fetching: boolean;
  refetch: () => void;
}

/**
 * What the order will cost, asked of the server (POST /api/checkout/quote) for the cart's lines,
 * the code that applies to them, the guest's e-mail if any and the shipping address once the
 * shipping step saved it: without an address, shipping, tax and the total are null. A code the
 * cart keeps is asked about only once its check says it applies, so a refused code never makes
 * the quote fail.
 */
export function useCheckoutQuote(discount: CartDiscount): CheckoutQuote {
  const cart = useSelector(selectCart);
  const { cartItems, shippingAddress } = cart;
  const guest = cartGuest(cart);
  // A code still being checked for the first time: its answer decides what is asked.
  const waiting = discount.code !== null && discount.checking && !discount.applied;
  const request: QuoteRequest | undefined =
    cartItems.length === 0 || waiting
      ? undefined
      : {
          orderItems: orderItemsOf(cartItems),
          ...(shippingAddress && { shippingAddress }),
          ...(discount.applied && { discountCode: discount.applied.code }),
          ...(guest && { email: guest.email }),
        };
  const { currentData, data, error, isError, isFetching, refetch } = quoteApi.useGetQuoteQuery(
    request ?? skipToken,
    // Opening a step asks again when the answer is older than 30 seconds.
    { refetchOnMountOrArgChange: 30 },
  );
  return {
    quote: request ? currentData : undefined,
    lastQuote: request ? data : undefined,
    problem: request && isError && error ? errorMessage(error) : undefined,
    request,
    fetching: request !== undefined && isFetching,
    refetch: () => {
      if (request) void refetch();
    },
  };
}

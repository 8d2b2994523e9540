import type { Quote, QuoteRequest } from '@proshop/domain/checkout-schemas';
import { toCents } from '@proshop/domain/money';
import type { GuestBuyer, ShippingAddress } from '@proshop/domain/order-schemas';
import { SHIPPING_MESSAGES } from '@proshop/domain/shipping-schemas';
import { deliveryEstimateText } from '@proshop/domain/shipping-text';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import type { PriceDetails } from '../lib/price-details.ts';
import { errorMessage } from '../lib/error-message.ts';
import { apiSlice } from './api-slice.ts';
import { orderItemsOf, type CartDiscount } from './cart-discount.ts';
import { selectCart, type CartState } from './cart-slice.ts';

// The cart and every checkout step show the quote (no feature imports another), so its call
// lives here, as the discount check does in cart-discount.ts.
export const quoteApi = apiSlice.injectEndpoints({
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

/**
 * The quote's question for the cart's lines, the code that applies and the guest's e-mail, with
 * an address (and the method chosen for it) when there is one; undefined while there is nothing
 * to ask (an empty cart, a code still being checked for the first time).
 */
export function quoteRequestOf(
  cart: CartState,
  discount: CartDiscount,
  shippingAddress: ShippingAddress | null | undefined,
  shippingMethod?: string | null,
): QuoteRequest | undefined {
  const guest = cartGuest(cart);
  // A code still being checked for the first time: its answer decides what is asked.
  const waiting = discount.code !== null && discount.checking && !discount.applied;
  if (cart.cartItems.length === 0 || waiting) return undefined;
  return {
    orderItems: orderItemsOf(cart.cartItems),
    ...(shippingAddress && { shippingAddress }),
    // A method means something only for the address it was chosen for.
    ...(shippingAddress && shippingMethod && { shippingMethod }),
    ...(discount.applied && { discountCode: discount.applied.code }),
    ...(guest && { email: guest.email }),
  };
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
 * the code that applies to them, the guest's e-mail if any and the shipping address and method
 * once the shipping step saved them: without an address, shipping, tax and the total are null. A code the
 * cart keeps is asked about only once its check says it applies, so a refused code never makes
 * the quote fail.
 */
export function useCheckoutQuote(discount: CartDiscount): CheckoutQuote {
  const cart = useSelector(selectCart);
  const request = quoteRequestOf(cart, discount, cart.shippingAddress, cart.shippingMethod);
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

/**
 * The shipping step's quote for the address being entered or chosen there (not yet the cart's):
 * the zone's methods with their prices for this cart, or the 422 of an address outside every
 * zone. No method is asked for: each option carries its own price, whichever is picked.
 */
export function useAddressQuote(discount: CartDiscount, address: ShippingAddress | undefined) {
  const cart = useSelector(selectCart);
  const request = address ? quoteRequestOf(cart, discount, address) : undefined;
  const result = quoteApi.useGetQuoteQuery(request ?? skipToken);
  const [ask] = quoteApi.useLazyGetQuoteQuery();
  return {
    request,
    quote: request ? result.currentData : undefined,
    error: request ? result.error : undefined,
    fetching: request !== undefined && result.isFetching,
    /** Asks for this address now (the step's Continue), answering from the cache if it can. */
    askFor: (shippingAddress: ShippingAddress) => {
      const question = quoteRequestOf(cart, discount, shippingAddress);
      return question ? ask(question, true) : undefined;
    },
  };
}

/** The method the quote's figures are for, among its options; undefined before the address. */
export function quotedMethod(quote: Quote | undefined) {
  return quote?.shippingOptions?.find((option) => option._id === quote.shippingMethod);
}

/**
 * "Express, 1–2 business days" for the method the quote priced; the quote's tax lines, and
 * whether prices hold their tax (fields a server before issue #38 did not send).
 */
export function quoteDetails(quote: Quote | undefined): PriceDetails {
  const method = quotedMethod(quote);
  return {
    shippingMethod:
      method &&
      `${method.name}, ${deliveryEstimateText(method.estimateMinDays, method.estimateMaxDays)}`,
    taxLines: quote?.taxLines,
    pricesIncludeTax: quote?.pricesIncludeTax,
  };
}

/**
 * Why the quote has no figures for an address it knows: the method kept in the cart does not
 * serve it or cannot carry the order any more (the rules or the cart changed since it was
 * chosen); the shopper chooses again at the shipping step.
 */
export function methodProblem(quote: Quote | undefined, asked: string | null): string | undefined {
  if (!quote?.shippingOptions || quote.totalPrice !== null) return undefined;
  const option = quote.shippingOptions.find((candidate) => candidate._id === asked);
  if (!option) return SHIPPING_MESSAGES.unknownMethod;
  return option.price === null ? SHIPPING_MESSAGES.methodUnavailable(option.name) : undefined;
}

/**
 * Above how many cents of items after the discount the method the quote priced ships free: the
 * merchant's figure in the spec's notes ("*Free shipping for total items over $100", the cart's
 * "Add $X more for free shipping."). Null before the address is known (no method yet) or when
 * the method never ships free by amount: then no note promises it.
 */
export function freeShippingAboveCents(quote: Quote | undefined): number | null {
  const freeAbove = quotedMethod(quote)?.freeAbove;
  return freeAbove === undefined || freeAbove === null ? null : toCents(freeAbove);
}

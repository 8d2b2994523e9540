import type { CheckoutConfig } from '@proshop/domain/checkout-schemas';
import { apiSlice } from './api-slice.ts';

// Shared state: Sign In (whether it offers "Check out as a guest"), the checkout's steps
// (whether a guest may enter them, components/RequireBuyer.tsx) and the place-order screen read
// the shop's one setting, CHECKOUT_ACCOUNTS, asked once.
const checkoutConfigApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getCheckoutConfig: build.query<CheckoutConfig, void>({
      query: () => '/api/config/checkout',
    }),
  }),
});

export const { useGetCheckoutConfigQuery } = checkoutConfigApi;

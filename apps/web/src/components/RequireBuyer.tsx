import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '../lib/login-redirect.ts';
import { selectCart } from '../state/cart-slice.ts';
import { useGetCheckoutConfigQuery } from '../state/checkout-config-api.ts';
import { selectUserInfo } from '../state/session-slice.ts';
import { Loader } from './Loader.tsx';

/**
 * Shows `children` to whoever may buy: a signed-in user, or a guest whose e-mail and name are
 * saved while the shop lets guests buy (CHECKOUT_ACCOUNTS=optional). Anyone else signs in first
 * (where a guest may also give their details) and comes back here.
 */
export function RequireBuyer({ children }: { children: ReactNode }) {
  const userInfo = useSelector(selectUserInfo);
  const { guest } = useSelector(selectCart);
  const location = useLocation();
  // Asked only for a guest: a signed-in shopper's checkout waits for nothing.
  const { data: config, isLoading } = useGetCheckoutConfigQuery(undefined, {
    skip: userInfo !== null || guest === null,
  });
  if (userInfo) return children;
  if (guest && isLoading) return <Loader />;
  // A shop that no longer takes guests (or cannot say) sends them to sign in, as before #37.
  if (guest && config?.guestCheckout === true) return children;
  return <Navigate to={loginPathFor(location)} replace />;
}

import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '../lib/login-redirect.ts';
import { selectUserInfo } from '../state/session-slice.ts';

/**
 * Shows `children` to an administrator only (the server checks again on every call). A visitor
 * signs in and comes back; a signed-in customer is sent to /login without a way back here, which
 * passes them on to the home page.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const userInfo = useSelector(selectUserInfo);
  const location = useLocation();
  if (!userInfo) return <Navigate to={loginPathFor(location)} replace />;
  if (!userInfo.isAdmin) return <Navigate to="/login" replace />;
  return children;
}

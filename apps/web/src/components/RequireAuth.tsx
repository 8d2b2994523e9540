import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '../lib/login-redirect.ts';
import { selectUserInfo } from '../state/session-slice.ts';

/** Shows `children` to a signed-in user; anyone else signs in first and comes back here. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const userInfo = useSelector(selectUserInfo);
  const location = useLocation();
  if (!userInfo) return <Navigate to={loginPathFor(location)} replace />;
  return children;
}

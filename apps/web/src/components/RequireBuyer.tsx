import type { ReactNode } from 'react';
import { RequireAuth } from './RequireAuth.tsx';

/**
 * Stand-in for guest-web's RequireBuyer (issue #37): `children` for a signed-in shopper or a
 * saved guest when the shop allows guests. Until that branch is merged, a signed-in shopper only.
 */
export function RequireBuyer({ children }: { children: ReactNode }) {
  return <RequireAuth>{children}</RequireAuth>;
}

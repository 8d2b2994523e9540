import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '../lib/login-redirect.ts';
import { selectUserInfo } from '../state/session-slice.ts';
import {
  useGetWishlistQuery,
  useRemoveFromWishlistMutation,
  useSaveToWishlistMutation,
} from '../state/wishlist-api.ts';

// The product a signed-out shopper asked to save: kept in this tab while they sign in, saved by
// the heart of that product when the redirect brings them back.
const PENDING_KEY = 'wishlistPending';

function takePending(productId: string): boolean {
  if (sessionStorage.getItem(PENDING_KEY) !== productId) return false;
  sessionStorage.removeItem(PENDING_KEY);
  return true;
}

/** Whether the product is on the signed-in shopper's wishlist: one cached list for every heart. */
function useSaved(productId: string, signedIn: boolean): boolean {
  const { saved } = useGetWishlistQuery(undefined, {
    skip: !signedIn,
    selectFromResult: ({ data }) => ({
      saved: data?.items.some((item) => item.product === productId) ?? false,
    }),
  });
  return saved;
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="1.25em" height="1.25em" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.7 4.5c2.1 0 3.7 1.2 5.3 3 1.6-1.8 3.2-3 5.3-3 3.7 0 5.8 3.7 4.3 7.2C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

/**
 * The heart that saves a product for later. Signed in it toggles (aria-pressed); signed out it
 * sends the shopper to sign in, back to this page, and the product is saved on their return.
 */
export function WishlistHeart({ productId, className }: { productId: string; className?: string }) {
  const userInfo = useSelector(selectUserInfo);
  const signedIn = userInfo !== null;
  const saved = useSaved(productId, signedIn);
  const [save, saving] = useSaveToWishlistMutation();
  const [remove, removing] = useRemoveFromWishlistMutation();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (signedIn && takePending(productId)) void save(productId);
  }, [signedIn, productId, save]);

  function toggle() {
    if (!signedIn) {
      sessionStorage.setItem(PENDING_KEY, productId);
      void navigate(loginPathFor(location));
      return;
    }
    void (saved ? remove(productId) : save(productId));
  }

  return (
    <Button
      variant="link"
      className={`text-danger p-1 lh-1 d-inline-flex align-items-center justify-content-center ${className ?? ''}`}
      aria-pressed={signedIn ? saved : false}
      aria-label={saved ? 'Remove from wishlist' : 'Save to wishlist'}
      title={saved ? 'Remove from wishlist' : 'Save to wishlist'}
      disabled={saving.isLoading || removing.isLoading}
      onClick={toggle}
    >
      <HeartIcon filled={saved} />
    </Button>
  );
}

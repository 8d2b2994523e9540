import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '../lib/login-redirect.ts';
import { selectSessionEndedCount } from '../state/session-slice.ts';

/**
 * When the server refuses the session's token, takes the shopper to /login (where the reason is
 * shown) and back to the page they were on once they have signed in again.
 */
export function SessionEndedRedirect() {
  const endedCount = useSelector(selectSessionEndedCount);
  const handledCount = useRef(endedCount);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (endedCount === handledCount.current) return;
    handledCount.current = endedCount;
    if (location.pathname !== '/login') void navigate(loginPathFor(location));
  }, [endedCount, location, navigate]);

  return null;
}

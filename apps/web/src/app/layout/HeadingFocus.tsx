import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new screen may take to show its heading (its data loading) before we give up. */
const WAIT_MS = 10_000;

/**
 * After a route change (not the first load, nor a change of the query alone: a filter, a sort, a
 * variant), moves focus to the new screen's main heading, so a screen reader announces where the
 * shopper now is, as a full page load would. The heading may arrive with the screen's data: it is
 * waited for, and focus is left alone if the shopper has moved it meanwhile.
 */
export function HeadingFocus() {
  const { pathname } = useLocation();
  const shown = useRef<string | undefined>(undefined);

  useEffect(() => {
    const firstLoad = shown.current === undefined;
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById('main');
    if (firstLoad || !main) return;

    const focusedBefore = document.activeElement;
    const focusHeading = () => {
      const heading = main.querySelector('h1');
      if (!heading?.textContent?.trim()) return false;
      const moved =
        document.activeElement !== focusedBefore && document.activeElement !== document.body;
      if (!moved) {
        // Focusable by script only: not a stop in the Tab order.
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (focusHeading()) return;

    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = setTimeout(stop, WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return stop;
  }, [pathname]);

  return null;
}

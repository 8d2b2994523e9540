import { useEffect } from 'react';
import { shopName } from '../lib/shop-name.ts';

/**
 * Names the browser tab (and the history entry) after what the screen shows, `{title} | {shop}`,
 * and gives back the shop's own title when the screen goes. Nothing changes while `title` is
 * undefined (still loading).
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title === undefined) return;
    const previous = document.title;
    document.title = `${title} | ${shopName}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

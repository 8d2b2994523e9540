import { pageDescription, shopDescription } from '@proshop/domain/page-description';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { shopName } from '../lib/shop-name.ts';

/** What index.html says of the shop: the description of a screen that has none of its own. */

export interface PageMeta {
  /** What the screen shows, before ` | {shop}`; undefined while it loads (the head stays as is). */
  title: string | undefined;
  /** A public screen's description (cut near 160 characters); the shop's own line by default. */
  description?: string | undefined;
  /** A public screen's address for search engines, a path: the current one (no query) by default. */
  canonical?: string;
  /** Private screens (cart, sign-in, checkout, account, orders, admin): kept out of search engines. */
  noindex?: boolean;
}

/**
 * The tag `selector` finds in <head>, or a new one made by `create`: the server writes these tags
 * into the page it answers, and the app updates the same ones rather than adding copies.
 */
function headTag<T extends Element>(selector: string, create: () => T): T {
  const found = document.head.querySelector<T>(selector);
  if (found) return found;
  const made = create();
  document.head.append(made);
  return made;
}

function setMeta(name: string, content: string) {
  headTag(`meta[name="${name}"]`, () => {
    const meta = document.createElement('meta');
    meta.name = name;
    return meta;
  }).content = content;
}

function removeTags(selector: string) {
  for (const tag of document.head.querySelectorAll(selector)) tag.remove();
}

/**
 * Keeps the head true to the screen after every route change, as the server wrote it for the
 * first page (Preact does not move tags rendered in a component into <head>): the tab title
 * `{title} | {shop}` and, for a public screen, its description and absolute canonical address,
 * or `noindex` for a private one. Every screen calls it once.
 */
export function usePageMeta({ title, description, canonical, noindex = false }: PageMeta) {
  const { pathname } = useLocation();
  const canonicalUrl = noindex
    ? undefined
    : new URL(canonical ?? pathname, window.location.origin).href;
  const text = pageDescription(description || shopDescription(shopName));

  useEffect(() => {
    if (title === undefined) return;
    document.title = `${title} | ${shopName}`;
    setMeta('description', text);
    if (canonicalUrl === undefined) {
      removeTags('link[rel="canonical"]');
      setMeta('robots', 'noindex');
    } else {
      headTag('link[rel="canonical"]', () => {
        const link = document.createElement('link');
        link.rel = 'canonical';
        return link;
      }).href = canonicalUrl;
      removeTags('meta[name="robots"]');
    }
  }, [title, text, canonicalUrl]);
}

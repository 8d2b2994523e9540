import { usePageMeta } from './use-page-meta.ts';

/**
 * A private screen's head (admin, account, checkout): the tab title `{title} | {shop}` and
 * `noindex`. Nothing changes while `title` is undefined (still loading). Public screens call
 * usePageMeta with their description and canonical address.
 */
export function useDocumentTitle(title: string | undefined) {
  usePageMeta({ title, noindex: true });
}

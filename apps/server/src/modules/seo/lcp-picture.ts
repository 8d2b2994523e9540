import { hasSizedCopies, sizedSrcset } from '@proshop/domain/product-image';

/**
 * The picture that is the largest thing on a page's first screen (its Largest Contentful Paint),
 * as the web app's ProductImage asks for it: the full picture's address, and the sized copies by
 * width with the `sizes` the screen shows it at. The head preloads it with high priority
 * (docs/decisions/0035), so a phone starts loading it with the page, not after the script has
 * drawn the screen; the same srcset and sizes make the browser pick the same copy for the
 * preload and for the app's picture, which then comes from the cache.
 */
export interface LcpPicture {
  href: string;
  srcset?: string;
  sizes?: string;
}

export function lcpPicture(image: string, sizes: string): LcpPicture {
  if (!hasSizedCopies(image)) return { href: image };
  return {
    href: image,
    srcset: sizedSrcset(image),
    sizes,
  };
}

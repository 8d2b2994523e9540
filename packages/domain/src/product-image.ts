/**
 * Sized copies of product pictures: the one rule for their widths, shape and addresses, used by
 * the upload service and the demo-picture script that make them and by the web app that asks
 * for them. A product's `image` stays the address of the full picture; a copy's address is that
 * address with `-<width>` before `.webp`.
 */

/**
 * The widths of the copies, in pixels: 160 for cart and order lines, 320 for a product card on
 * a wide screen, 640 for a card or the product page on a phone (about 380 CSS pixels wide at
 * 1.75 device pixels each) or a product page on a laptop.
 */
export const IMAGE_WIDTHS = [160, 320, 640] as const;
/**
 * One more copy, 1200 pixels wide (5:4 as the others), for link previews (Open Graph and Twitter
 * cards want at least 1200 pixels across for a large picture): named in the server-written head
 * of a product page, never offered to browsers in a srcset.
 */
export const SHARE_IMAGE_WIDTH = 1200;
/** Every copy the shop makes of a picture with copies. */
export const COPY_WIDTHS = [...IMAGE_WIDTHS, SHARE_IMAGE_WIDTH] as const;
export type ImageWidth = (typeof COPY_WIDTHS)[number];

/** Every copy is 5 wide by 4 high, the frame the screens show a picture in, whole inside it. */
export function imageHeight(width: number): number {
  return Math.round((width * 4) / 5);
}

/** Demo pictures (apps/web/public/images) are named by their product, letters and hyphens. */
const DEMO_PICTURE = /^\/images\/[a-z]+(?:-[a-z]+)*\.webp$/;
/** Uploads are named by the shop with a random UUID, at /uploads/ or at S3_PUBLIC_URL. */
const UPLOADED_PICTURE = /\/[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}\.webp$/;

/**
 * Whether the shop made sized copies of this picture: the demo pictures and the uploads. A
 * picture an admin linked from elsewhere by its address has none and is shown as it is.
 */
export function hasSizedCopies(image: string): boolean {
  return DEMO_PICTURE.test(image) || UPLOADED_PICTURE.test(image);
}

/** The address (or file name) of the copy `width` pixels wide of a picture with copies. */
export function sizedImage(image: string, width: ImageWidth): string {
  return image.replace(/\.webp$/, `-${width}.webp`);
}

/** The home carousel's round picture, in CSS pixels on every screen. */
export const CAROUSEL_PICTURE_PX = 300;

/**
 * The `sizes` of the pictures that open a screen: how wide each is laid out at each screen width
 * (Bootstrap's grid, less the gutters), so the browser loads the smallest copy that is still
 * sharp. One copy for the web app's components and the server's preload of the same picture
 * (modules/seo/lcp-picture.ts): the same srcset and sizes make the browser pick the same copy
 * for both, and the app's picture then comes from the cache.
 */
export const PICTURE_SIZES = {
  /** The product page's main picture: the full width on a phone, 5 of 12 columns from md. */
  product:
    '(min-width: 1400px) 526px, (min-width: 1200px) 451px, (min-width: 992px) 376px, ' +
    '(min-width: 768px) 276px, (min-width: 576px) 516px, calc(100vw - 24px)',
  /** The home carousel's slide. */
  carousel: `${CAROUSEL_PICTURE_PX}px`,
  /**
   * A card in a list: 12 and 6 columns of 12 from sm and md in the container; from lg, 4 of 12
   * in the 9 columns beside the filters.
   */
  card:
    '(min-width: 1400px) 306px, (min-width: 1200px) 261px, (min-width: 992px) 216px, ' +
    '(min-width: 768px) 336px, (min-width: 576px) 492px, calc(100vw - 48px)',
} as const;

/** The srcset of a picture's sized copies ("…-160.webp 160w, …"), for a picture that has them. */
export function sizedSrcset(image: string): string {
  return IMAGE_WIDTHS.map((width) => `${sizedImage(image, width)} ${width}w`).join(', ');
}

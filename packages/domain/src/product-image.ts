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

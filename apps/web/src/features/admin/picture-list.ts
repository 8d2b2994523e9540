import { MAX_PRODUCT_IMAGES, SAMPLE_PRODUCT } from '@proshop/domain/product-schemas';

/**
 * The admin's edits of a product's picture list, the main picture first: what the form sends as
 * `images`. Each answers a new list.
 */

/** Whether the list is only the stand-in picture "Create Product" gives a new product. */
export function isStandIn(pictures: readonly string[]): boolean {
  return pictures.length === 1 && pictures[0] === SAMPLE_PRODUCT.image;
}

/** How many more pictures the list takes: the stand-in makes way for the first one added. */
export function roomFor(pictures: readonly string[]): number {
  return MAX_PRODUCT_IMAGES - (isStandIn(pictures) ? 0 : pictures.length);
}

/** The list with `added` at its end, in their order, each picture once; the stand-in goes. */
export function withPictures(pictures: readonly string[], added: readonly string[]): string[] {
  if (added.length === 0) return [...pictures];
  const kept = isStandIn(pictures) ? [] : [...pictures];
  for (const picture of added) if (!kept.includes(picture)) kept.push(picture);
  return kept.slice(0, MAX_PRODUCT_IMAGES);
}

/** The list with the picture at `from` put at `to` (the others keep their order). */
export function moved(pictures: readonly string[], from: number, to: number): string[] {
  const list = [...pictures];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return list;
  const [picture] = list.splice(from, 1);
  list.splice(to, 0, picture!);
  return list;
}

/** The list without the picture at `index`. */
export function without(pictures: readonly string[], index: number): string[] {
  return pictures.filter((_, i) => i !== index);
}

/** The list with `address` as its main picture in place of the first: the "Image" field. */
export function withMainAddress(pictures: readonly string[], address: string): string[] {
  return [address, ...pictures.slice(1)];
}

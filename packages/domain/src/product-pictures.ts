/**
 * A product's pictures: an ordered list, the main one first (cards, carousel, cart and orders
 * show it). The one rule for what an edit makes of the list, used by the server's update.
 */

/**
 * The pictures after an edit. A form that sends `images` sets the whole list; the spec's form,
 * which knows one `image`, replaces the main picture and keeps the others.
 */
export function picturesAfterEdit(
  current: readonly string[],
  edit: { image?: string | undefined; images?: readonly string[] | undefined },
): string[] {
  if (edit.images) return [...edit.images];
  if (!edit.image) return [...current];
  return [edit.image, ...current.slice(1).filter((picture) => picture !== edit.image)];
}

/** The pictures a change dropped: their stored files may go if nothing else uses them. */
export function droppedPictures(before: readonly string[], after: readonly string[]): string[] {
  const kept = new Set(after);
  return before.filter((picture) => !kept.has(picture));
}

/**
 * Slugs: the names of category and brand pages in addresses (`/category/{slug}`). Letters of any
 * script and digits, lower-cased, every other run of characters one hyphen: "Café & Crème" is
 * `café-crème`, "家電" stays `家電`. The 0014 migration made the first slugs by the same rule in SQL.
 */

/** At most this many characters: a slug is part of an address people share. */
export const SLUG_MAX_LENGTH = 80;

/** A well-formed slug: what `slugify` makes, and all a slug may be. */
export const SLUG_PATTERN = /^[\p{Ll}\p{Lo}\p{Lm}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{Lm}\p{N}]+)*$/u;

/** The slug of a name; '' when the name has no letter or digit. */
export function slugify(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

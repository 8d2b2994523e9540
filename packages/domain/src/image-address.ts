import { oneLineText } from './text-fields.ts';

/** Where a picture may be: a path of the shop's own (/uploads/..., /images/...) or an http(s) address. */
export function isImageAddress(value: string): boolean {
  return (/^\/[\w\-./]+$/.test(value) && !value.includes('..')) || /^https?:\/\/\S+$/i.test(value);
}

/** A picture's address as an admin's form sends it. */
export const imageAddress = (field: string) =>
  oneLineText(field)
    .min(1, `${field} is required`)
    .max(2048, `${field} is too long`)
    .refine(
      isImageAddress,
      `${field} must be a path such as /uploads/photo.webp or an http(s) address`,
    );

import { z } from 'zod';

/** `pageNumber` of a paged list (catalogue, admin orders): missing or malformed means page 1. */
export const pageNumberSchema = z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1);

/** How many pages `total` items fill at `pageSize` a page; an empty list still has one page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

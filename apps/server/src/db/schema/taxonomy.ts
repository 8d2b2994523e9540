// The tables the taxonomy module (apps/server/src/modules/taxonomy/) owns: only it writes them
// (README, Architecture). Other modules read them only where eslint.config.js allows it.
import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt } from './columns.ts';

/**
 * Categories and brands: named records with a unique slug for their pages (`/category/{slug}`),
 * a description and an optional picture. Both have the same shape, so one definition serves.
 */
const taxonomyTable = (name: 'categories' | 'brands') =>
  pgTable(
    name,
    {
      id: id(),
      name: text('name').notNull(),
      /** Lower-case letters (any script), digits and hyphens: see domain/slugs.ts. */
      slug: text('slug').notNull(),
      description: text('description').notNull().default(''),
      image: text('image'),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (table) => [
      uniqueIndex(`${name}_slug_key`).on(table.slug),
      // "Phones" and "phones" are one category: an admin typing either finds the same record.
      uniqueIndex(`${name}_name_lower_key`).on(sql`lower(${table.name})`),
    ],
  );

export const categories = taxonomyTable('categories');

export const brands = taxonomyTable('brands');

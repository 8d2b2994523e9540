import { SLUG_MAX_LENGTH, slugify } from '@proshop/domain/slugs';
import type { TaxonomyKind } from '@proshop/domain/taxonomy-schemas';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { taxonomyTable } from './tables.ts';

export interface TaxonomyRef {
  id: string;
  name: string;
}

/**
 * Finds a category or brand by its name in any case, locked FOR KEY SHARE until the transaction
 * ends: a rename, merge or delete of it (which locks it FOR UPDATE, taxonomy/repository.ts) waits
 * for the product edit that names it, or runs first and then this finds the record gone (a
 * deleted or merged name is made anew) or renamed.
 */
export async function findTaxonomyByName(
  tx: Database,
  kind: TaxonomyKind,
  name: string,
): Promise<TaxonomyRef | undefined> {
  const table = taxonomyTable(kind);
  const [row] = await tx
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(eq(sql`lower(${table.name})`, name.toLowerCase()))
    .for('key share');
  return row;
}

/**
 * The slug to try for a name at the n-th attempt: its slug (or the kind's name when it has no
 * letter or digit), else with -2, -3... or a random tail, shortened so that the tail fits.
 */
export function candidateSlug(kind: TaxonomyKind, name: string, attempt: number): string {
  const base = slugify(name) || kind;
  if (attempt === 0) return base;
  const tail = attempt < 5 ? `-${attempt + 1}` : `-${randomBytes(4).toString('hex')}`;
  return base.slice(0, SLUG_MAX_LENGTH - tail.length).replace(/-+$/, '') + tail;
}

/**
 * The record a product's edit form names: '' is none, an existing name (any case) is that record,
 * a new name makes a record with a free slug. Two admins naming the same new brand at once get the
 * same record (the unique index on lower(name) lets one insert win; the other reads it).
 */
export async function findOrCreateTaxonomy(
  tx: Database,
  kind: TaxonomyKind,
  name: string,
): Promise<TaxonomyRef | null> {
  const wanted = name.trim();
  if (!wanted) return null;
  const table = taxonomyTable(kind);
  for (let attempt = 0; attempt < 8; attempt++) {
    const found = await findTaxonomyByName(tx, kind, wanted);
    if (found) return found;
    const [made] = await tx
      .insert(table)
      .values({ name: wanted, slug: candidateSlug(kind, wanted, attempt) })
      .onConflictDoNothing()
      .returning({ id: table.id, name: table.name });
    if (made) return made;
  }
  throw new Error(`No free slug for the ${kind} ${wanted}`);
}

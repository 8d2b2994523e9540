import type { TaxonomyKind } from '@proshop/domain/taxonomy-schemas';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { productTaxonomyColumns, taxonomyTable } from './tables.ts';

/** A category or brand as stored, with how many products it holds. */
export interface TaxonomyRow {
  id: string;
  name: string;
  slug: string;
  description: string;
  image: string | null;
  productCount: number;
}

export interface TaxonomyValues {
  name: string;
  slug: string;
  description: string;
  image: string | null;
}

function recordColumns(kind: TaxonomyKind) {
  const table = taxonomyTable(kind);
  const product = productTaxonomyColumns(kind);
  return {
    id: table.id,
    name: table.name,
    slug: table.slug,
    description: table.description,
    image: table.image,
    // Named with their tables: Drizzle leaves columns unqualified, and "id" would be the product's.
    // Drafts are not counted: a record holding only drafts shows no product to shoppers, and the
    // storefront's menu leaves out a record with none.
    productCount: sql<number>`(select count(*)::int from ${products} where ${products}.${sql.identifier(product.id.name)} = ${table}.${sql.identifier(table.id.name)} and ${products}.${sql.identifier(products.status.name)} = 'active')`,
  };
}

export function findAllTaxonomy(db: Database, kind: TaxonomyKind): Promise<TaxonomyRow[]> {
  return db.select(recordColumns(kind)).from(taxonomyTable(kind));
}

export async function findTaxonomyBySlug(
  db: Database,
  kind: TaxonomyKind,
  slug: string,
): Promise<TaxonomyRow | undefined> {
  const table = taxonomyTable(kind);
  const [row] = await db.select(recordColumns(kind)).from(table).where(eq(table.slug, slug));
  return row;
}

export async function findTaxonomyById(
  db: Database,
  kind: TaxonomyKind,
  id: string,
): Promise<TaxonomyRow | undefined> {
  const table = taxonomyTable(kind);
  const [row] = await db.select(recordColumns(kind)).from(table).where(eq(table.id, id));
  return row;
}

/**
 * Locks records until the transaction ends, in id order (two merges naming the same pair the
 * other way round then wait for each other instead of deadlocking). FOR UPDATE conflicts with the
 * FOR KEY SHARE a product edit takes on the record it names (find-or-create.ts), so no edit can
 * point a product at a record while it is renamed, merged or deleted.
 */
export async function lockTaxonomy(
  tx: Database,
  kind: TaxonomyKind,
  ids: string[],
): Promise<{ id: string; name: string; slug: string; image: string | null }[]> {
  const table = taxonomyTable(kind);
  return tx
    .select({ id: table.id, name: table.name, slug: table.slug, image: table.image })
    .from(table)
    .where(inArray(table.id, ids))
    .orderBy(asc(table.id))
    .for('update');
}

export async function countProductsOf(
  tx: Database,
  kind: TaxonomyKind,
  id: string,
): Promise<number> {
  const product = productTaxonomyColumns(kind);
  const [row] = await tx.select({ n: count() }).from(products).where(eq(product.id, id));
  return row?.n ?? 0;
}

/** Another record than `exceptId` with this name in any case, or this slug. */
export async function findClash(
  tx: Database,
  kind: TaxonomyKind,
  values: { name: string; slug?: string | undefined },
  exceptId?: string,
): Promise<{ name?: string; slug?: { owner: string } } | undefined> {
  const table = taxonomyTable(kind);
  const others = exceptId ? ne(table.id, exceptId) : undefined;
  const [byName] = await tx
    .select({ name: table.name })
    .from(table)
    .where(and(eq(sql`lower(${table.name})`, values.name.toLowerCase()), others));
  if (byName) return { name: byName.name };
  if (values.slug === undefined) return undefined;
  const [bySlug] = await tx
    .select({ name: table.name })
    .from(table)
    .where(and(eq(table.slug, values.slug), others));
  return bySlug ? { slug: { owner: bySlug.name } } : undefined;
}

/** Inserts a record; undefined when its name or slug is taken (a concurrent insert included). */
export async function insertTaxonomy(
  tx: Database,
  kind: TaxonomyKind,
  values: TaxonomyValues,
): Promise<string | undefined> {
  const table = taxonomyTable(kind);
  const [made] = await tx
    .insert(table)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: table.id });
  return made?.id;
}

export async function updateTaxonomyById(
  tx: Database,
  kind: TaxonomyKind,
  id: string,
  values: TaxonomyValues,
): Promise<void> {
  const table = taxonomyTable(kind);
  await tx
    .update(table)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(table.id, id));
}

export async function deleteTaxonomyById(
  tx: Database,
  kind: TaxonomyKind,
  id: string,
): Promise<boolean> {
  const table = taxonomyTable(kind);
  const deleted = await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  return deleted.length > 0;
}

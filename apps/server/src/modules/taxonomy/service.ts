import { isSlug } from '@proshop/domain/slugs';
import {
  TAXONOMY_LABELS,
  type Taxonomy,
  type TaxonomyCreateRequest,
  type TaxonomyKind,
  type TaxonomyUpdateRequest,
} from '@proshop/domain/taxonomy-schemas';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, invalid, notFound } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import type { TaxonomyCopies } from './product-copies.ts';
import type { CatalogueChanges } from '../catalogue-cache/catalogue-changes.ts';
import { removeUnusedPictures, type PictureFiles } from '../uploads/file-cleanup.ts';
import { candidateSlug } from './find-or-create.ts';
import {
  countProductsOf,
  deleteTaxonomyById,
  findAllTaxonomy,
  findClash,
  findTaxonomyById,
  findTaxonomyBySlug,
  insertTaxonomy,
  lockTaxonomy,
  updateTaxonomyById,
  type TaxonomyRow,
  type TaxonomyValues,
} from './repository.ts';

/** 'Category not found', 'Brand not found'. */
export const taxonomyNotFound = (kind: TaxonomyKind) => `${TAXONOMY_LABELS[kind].one} not found`;

export const taxonomyRemoved = (kind: TaxonomyKind) => `${TAXONOMY_LABELS[kind].one} removed`;

/** Why a used record cannot be deleted, and what to do instead. */
export function taxonomyInUse(kind: TaxonomyKind, count: number): string {
  const products = count === 1 ? '1 product is' : `${count} products are`;
  const them = count === 1 ? 'it' : 'them';
  return kind === 'category'
    ? `${products} in this category: move ${them} to another or merge it`
    : `${products} of this brand: move ${them} to another or merge it`;
}

const lower = (kind: TaxonomyKind) => TAXONOMY_LABELS[kind].one.toLowerCase();

const nameTaken = (kind: TaxonomyKind, existing: string) =>
  `A ${lower(kind)} named "${existing}" already exists`;

const slugTaken = (kind: TaxonomyKind, slug: string, owner: string) =>
  `The slug "${slug}" is already used by the ${lower(kind)} "${owner}"`;

function toTaxonomy(row: TaxonomyRow): Taxonomy {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.image,
    productCount: row.productCount,
  };
}

/** Every category or brand, by name as people read it (accents beside their letter). */
export async function listTaxonomy(db: Database, kind: TaxonomyKind): Promise<Taxonomy[]> {
  const rows = await findAllTaxonomy(db, kind);
  return rows
    .map(toTaxonomy)
    .sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug));
}

/** A record by its slug; a slug typed in another case or Unicode form finds it too. */
export async function getTaxonomyBySlug(
  db: Database,
  kind: TaxonomyKind,
  slug: string,
): Promise<Taxonomy> {
  const wanted = slug.normalize('NFC').toLowerCase();
  // Anything that is not a slug names nothing; a NUL byte could not even be sent to PostgreSQL.
  const row = isSlug(wanted) ? await findTaxonomyBySlug(db, kind, wanted) : undefined;
  if (!row) throw notFound(taxonomyNotFound(kind));
  return toTaxonomy(row);
}

async function readBack(db: Database, kind: TaxonomyKind, id: string): Promise<Taxonomy> {
  const row = await findTaxonomyById(db, kind, id);
  if (!row) throw notFound(taxonomyNotFound(kind));
  return toTaxonomy(row);
}

/** The 409 for a name or slug another record has, if one has it. */
async function clashError(
  tx: Database,
  kind: TaxonomyKind,
  values: { name: string; slug?: string | undefined },
  exceptId?: string,
) {
  const clash = await findClash(tx, kind, values, exceptId);
  if (clash?.name !== undefined) return conflict(nameTaken(kind, clash.name));
  if (clash?.slug && values.slug !== undefined) {
    return conflict(slugTaken(kind, values.slug, clash.slug.owner));
  }
  return undefined;
}

/**
 * A new category or brand. Without a slug it gets its name's, or the next free one ("t-shirts-2")
 * when another name made the same; a slug the admin chose must be free. The unique indexes decide
 * between admins creating the same name at once: one insert wins, the others answer 409.
 */
export async function createTaxonomy(
  db: Database,
  catalogue: CatalogueChanges,
  admin: SessionUser,
  kind: TaxonomyKind,
  request: TaxonomyCreateRequest,
): Promise<Taxonomy> {
  const { name, slug, description, image } = request;
  const id = await catalogue.change(db, async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    for (let attempt = 0; attempt < 8; attempt++) {
      const values: TaxonomyValues = {
        name,
        slug: slug ?? candidateSlug(kind, name, attempt),
        description,
        image,
      };
      const made = await insertTaxonomy(tx, kind, values);
      if (made) return made;
      // Refused by a unique index: a name is never made free by trying again, nor a chosen slug.
      const clash = await clashError(tx, kind, { name, slug });
      if (clash) throw clash;
    }
    throw conflict(`No free slug for "${name}": choose one`);
  });
  return readBack(db, kind, id);
}

/**
 * Renames a record (and changes its slug, description and picture; without a slug it keeps its
 * own, so shared addresses stay valid). Its products' copies of the name change in the same
 * transaction, so the search finds them by the new name at once.
 */
export async function updateTaxonomy(
  db: Database,
  catalogue: CatalogueChanges,
  copies: TaxonomyCopies,
  admin: SessionUser,
  kind: TaxonomyKind,
  id: string,
  request: TaxonomyUpdateRequest,
  files: PictureFiles,
): Promise<Taxonomy> {
  if (!isUuid(id)) throw notFound(taxonomyNotFound(kind));
  let replaced: string | null = null;
  try {
    await catalogue.change(db, async (tx) => {
      await confirmCaller(tx, admin, 'admin');
      await copies.lockProductsOf(tx, kind, id);
      const [current] = await lockTaxonomy(tx, kind, [id]);
      if (!current) throw notFound(taxonomyNotFound(kind));
      const clash = await clashError(tx, kind, request, id);
      if (clash) throw clash;
      const { name, description, image } = request;
      const slug = request.slug ?? current.slug;
      await updateTaxonomyById(tx, kind, id, { name, slug, description, image });
      if (name !== current.name) await copies.pointProductsAt(tx, kind, id, { id, name });
      if (current.image !== image) replaced = current.image;
    });
  } catch (error) {
    // Another admin took the name or slug between the check and the update.
    if (isUniqueViolation(error)) {
      throw (await clashError(db, kind, request, id)) ?? conflict(nameTaken(kind, request.name));
    }
    throw error;
  }
  // After the commit: the storage is another server, and a file goes only once nothing shows it.
  if (replaced) await removeUnusedPictures(db, files, [replaced]);
  return readBack(db, kind, id);
}

/** Deletes an unused record; one that products use is refused with their count. */
export async function deleteTaxonomy(
  db: Database,
  catalogue: CatalogueChanges,
  admin: SessionUser,
  kind: TaxonomyKind,
  id: string,
  files: PictureFiles,
): Promise<{ message: string }> {
  if (!isUuid(id)) throw notFound(taxonomyNotFound(kind));
  let picture: string | null = null;
  try {
    await catalogue.change(db, async (tx) => {
      await confirmCaller(tx, admin, 'admin');
      const [current] = await lockTaxonomy(tx, kind, [id]);
      if (!current) throw notFound(taxonomyNotFound(kind));
      const used = await countProductsOf(tx, kind, id);
      if (used > 0) throw conflict(taxonomyInUse(kind, used), { count: used });
      await deleteTaxonomyById(tx, kind, id);
      picture = current.image;
    });
  } catch (error) {
    // The lock keeps product edits out, but not a writer that sets the id without taking it
    // (an import): the foreign key refuses the delete then.
    if (isForeignKeyViolation(error)) {
      const used = await countProductsOf(db, kind, id);
      throw conflict(taxonomyInUse(kind, used), { count: used });
    }
    throw error;
  }
  if (picture) await removeUnusedPictures(db, files, [picture]);
  return { message: taxonomyRemoved(kind) };
}

/**
 * Moves every product of a record to another one, copying the other's name, and deletes the
 * record, in one transaction. Answers the record merged into, with its new count.
 */
export async function mergeTaxonomy(
  db: Database,
  catalogue: CatalogueChanges,
  copies: TaxonomyCopies,
  admin: SessionUser,
  kind: TaxonomyKind,
  id: string,
  intoId: string,
  files: PictureFiles,
): Promise<Taxonomy> {
  const into = intoId.toLowerCase();
  if (!isUuid(id)) throw notFound(taxonomyNotFound(kind));
  if (id === into) throw invalid(`A ${lower(kind)} cannot be merged into itself`);
  const targetMissing = `The ${lower(kind)} to merge into was not found`;
  if (!isUuid(into)) throw notFound(targetMissing);
  const picture = await catalogue.change(db, async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    await copies.lockProductsOf(tx, kind, id);
    const locked = await lockTaxonomy(tx, kind, [id, into]);
    const source = locked.find((row) => row.id === id);
    const target = locked.find((row) => row.id === into);
    if (!source) throw notFound(taxonomyNotFound(kind));
    if (!target) throw notFound(targetMissing);
    await copies.pointProductsAt(tx, kind, id, target);
    await deleteTaxonomyById(tx, kind, id);
    return source.image;
  });
  if (picture) await removeUnusedPictures(db, files, [picture]);
  return readBack(db, kind, into);
}

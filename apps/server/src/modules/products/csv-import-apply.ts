import { centsToDecimalString, toCents } from '@proshop/domain/money';
import { droppedPictures } from '@proshop/domain/product-pictures';
import { defaultSku } from '@proshop/domain/variants';
import type { Database } from '../../db/client.ts';
import type { TaxonomyKind } from '@proshop/domain/taxonomy-schemas';
import { findOrCreateTaxonomy, type TaxonomyRef } from '../taxonomy/find-or-create.ts';
import type { CurrentProduct } from './csv-import-repository.ts';
import type { PlannedProduct } from './csv-import-plan.ts';
import { insertProduct, updateProductById } from './repository.ts';
import { taxonomyValues } from './service.ts';
import { refreshVariantSummaries } from './variant-summary.ts';
import { insertVariants } from './variants-repository.ts';
import { planVariantChanges, writeVariantChanges } from './variants-service.ts';

const decimal = (amount: number) => centsToDecimalString(toCents(amount));

/**
 * findOrCreateTaxonomy once per name in an import: a catalogue's lines share few brands and
 * categories. One after the other: a transaction is one connection, and either may insert.
 */
function taxonomyFinder(tx: Database) {
  const found = new Map<string, TaxonomyRef | null>();
  return async (kind: TaxonomyKind, name: string) => {
    const key = `${kind}:${name.trim().toLowerCase()}`;
    if (!found.has(key)) found.set(key, await findOrCreateTaxonomy(tx, kind, name));
    return found.get(key) ?? null;
  };
}

/** The product's own columns as the planned product gives them. */
async function productValues(find: ReturnType<typeof taxonomyFinder>, product: PlannedProduct) {
  const brand = await find('brand', product.brand);
  const category = await find('category', product.category);
  return {
    name: product.name,
    image: product.images[0]!,
    images: product.images,
    ...taxonomyValues(brand, category),
    description: product.description,
    price: decimal(product.price),
    options: product.options,
    lowStockThreshold: product.lowStockThreshold,
    status: product.status,
  };
}

/**
 * Writes the planned products that change, in the caller's transaction (the stored ones locked
 * by planImport), as the admin's edit and variants' table would, then their summaries.
 * Answers the pictures the changed products no longer show, for removal after the commit.
 */
export async function applyImport(
  tx: Database,
  adminId: string,
  products: readonly PlannedProduct[],
  current: ReadonlyMap<string, CurrentProduct>,
): Promise<{ dropped: string[]; productIds: string[] }> {
  const dropped: string[] = [];
  const productIds: string[] = [];
  const find = taxonomyFinder(tx);
  for (const product of products.filter((planned) => planned.changed)) {
    const values = await productValues(find, product);
    const stored = product.productId ? current.get(product.productId) : undefined;
    if (!stored) {
      const { id } = await insertProduct(tx, { ...values, userId: adminId });
      await insertVariants(
        tx,
        id,
        product.variants.map((variant, position) => ({
          sku: variant.sku || defaultSku(id),
          options: variant.options,
          price: variant.price === null ? null : decimal(variant.price),
          countInStock: variant.countInStock,
          image: variant.image,
          active: variant.active,
          position,
        })),
      );
      productIds.push(id);
      continue;
    }
    await updateProductById(tx, stored.id, { ...values, updatedAt: new Date() });
    const changes = planVariantChanges(
      stored.variants,
      {
        options: product.options,
        variants: product.variants.map(({ id, line: _line, sku, ...variant }) => ({
          ...(id ? { _id: id } : {}),
          sku: sku || defaultSku(stored.id),
          ...variant,
        })),
      },
      product.images,
    );
    await writeVariantChanges(tx, stored.id, changes);
    dropped.push(...droppedPictures(stored.images, product.images));
    productIds.push(stored.id);
  }
  await refreshVariantSummaries(tx, productIds);
  return { dropped, productIds };
}

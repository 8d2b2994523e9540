import type { TaxonomyKind } from '@proshop/domain/taxonomy-schemas';
import { products } from '../../db/schema/products.ts';
import { brands, categories } from '../../db/schema/taxonomy.ts';

/** The table of a kind: categories and brands have the same columns. */
export function taxonomyTable(kind: TaxonomyKind) {
  return kind === 'category' ? categories : brands;
}

/** The product columns that point at a kind's record and copy its name. */
export function productTaxonomyColumns(kind: TaxonomyKind) {
  return kind === 'category'
    ? { id: products.categoryId, name: products.category }
    : { id: products.brandId, name: products.brand };
}

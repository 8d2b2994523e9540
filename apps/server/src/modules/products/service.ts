import {
  PRODUCT_NOT_FOUND,
  SAMPLE_PRODUCT,
  TOP_PRODUCTS_COUNT,
  type Product,
  type ProductDetail,
  type ProductListQuery,
  type ProductListResponse,
  type ProductUpdateRequest,
} from '@proshop/domain/product-schemas';
import type { AdminProduct, AdminProductDetail } from '@proshop/domain/product-admin-schemas';
import { activationProblem } from '@proshop/domain/product-activation';
import { centsToDecimalString, toCents } from '@proshop/domain/money';
import { pageCount } from '@proshop/domain/pagination';
import { SHIPPING_MESSAGES } from '@proshop/domain/shipping-schemas';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/constraint-errors.ts';
import { isUuid } from '../../db/ids.ts';
import { invalid, notFound } from '../../errors/app-error.ts';
import type { CatalogueChanges } from '../catalogue-cache/catalogue-changes.ts';
import { reviewsOfProduct } from '../reviews/service.ts';
import { resolveFilters } from './catalogue-filters.ts';
import { toAdminProduct } from './admin-products.ts';
import { toAdminVariant, toProduct } from './product-mapper.ts';
import { refreshVariantSummaries } from './variant-summary.ts';
import {
  clearDroppedVariantPictures,
  findVariantsOfProduct,
  insertImplicitVariant,
  setImplicitStock,
} from './variants-repository.ts';
import {
  deleteProductById,
  findAdminProductById,
  findProductById,
  findProductPage,
  findProductPicturesForUpdate,
  findTopProducts,
  insertProduct,
  lockProduct,
  updateProductById,
} from './repository.ts';
import { droppedPictures, picturesAfterEdit } from '@proshop/domain/product-pictures';
import { removeUnusedPictures, type PictureFiles } from '../uploads/file-cleanup.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import { findOrCreateTaxonomy, type TaxonomyRef } from '../taxonomy/find-or-create.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import type { BackInStock } from '../wishlist/back-in-stock.ts';

export const PRODUCT_REMOVED = 'Product removed';

/** One page of the catalogue; a page past the last is empty but still says how many there are. */
export async function listProducts(
  db: Database,
  query: ProductListQuery,
  pageSize: number,
): Promise<ProductListResponse> {
  const keyword = query.keyword?.trim() || undefined;
  const page = query.pageNumber;
  const { rows, total, facets } = await findProductPage(db, {
    keyword,
    filters: await resolveFilters(db, query),
    sort: query.sort,
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  return {
    products: rows.map(toProduct),
    page,
    pages: pageCount(total, pageSize),
    count: total,
    facets,
  };
}

/** The products of the top-rated carousel. */
export async function topProducts(db: Database): Promise<Product[]> {
  return (await findTopProducts(db, TOP_PRODUCTS_COUNT)).map(toProduct);
}

/**
 * A product with its reviews; a malformed id names no product, so it is 404 too, and so is a
 * draft: no shopper sees it (shown-to-shoppers.ts).
 */
export async function getProductDetail(db: Database, id: string): Promise<ProductDetail> {
  const { status, taxClass: _taxClass, variants, ...detail } = await getAdminProductDetail(db, id);
  if (status !== 'active') throw notFound(PRODUCT_NOT_FOUND);
  // The tax class and the weights are the admin's (issue #38).
  return { ...detail, variants: variants.map(({ weightGrams: _weight, ...variant }) => variant) };
}

/** A product as its edit screen shows it: a draft too, with its status. */
export async function getAdminProductDetail(db: Database, id: string): Promise<AdminProductDetail> {
  if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
  const [row, reviews, variants] = await Promise.all([
    findProductById(db, id),
    reviewsOfProduct(db, id),
    findVariantsOfProduct(db, id),
  ]);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return {
    ...toProduct(row),
    reviews,
    options: row.options,
    variants: variants.map(toAdminVariant),
    status: row.status,
    taxClass: row.taxClassId,
  };
}

/**
 * "Create Product": a sample product owned by the admin, edited right after; a draft, which no
 * shopper sees until the admin makes it active with values of its own.
 */
export async function createSampleProduct(
  db: Database,
  catalogue: CatalogueChanges,
  admin: SessionUser,
): Promise<Product> {
  const { price, images, brand, category, ...sample } = SAMPLE_PRODUCT;
  const row = await catalogue.change(db, async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    // One after the other: a transaction is one connection, and either may insert.
    const brandRef = await findOrCreateTaxonomy(tx, 'brand', brand);
    const categoryRef = await findOrCreateTaxonomy(tx, 'category', category);
    const { id } = await insertProduct(tx, {
      ...sample,
      images: [...images],
      ...taxonomyValues(brandRef, categoryRef),
      price: centsToDecimalString(toCents(price)),
      userId: admin.id,
      status: 'draft',
    });
    // Without options, as every new product: one variant holds its stock (decision 0019).
    await insertImplicitVariant(tx, id, { countInStock: sample.countInStock });
    await refreshVariantSummaries(tx, [id]);
    return (await findProductById(tx, id))!;
  });
  return toProduct(row);
}

export async function updateProduct(
  db: Database,
  catalogue: CatalogueChanges,
  admin: SessionUser,
  id: string,
  changes: ProductUpdateRequest,
  files: PictureFiles,
  shopLowStockThreshold: number,
  backInStock: BackInStock,
): Promise<AdminProduct> {
  if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
  // The stock is the variants' (the summary column is rewritten below), never set here.
  const {
    image,
    images,
    brand,
    category,
    countInStock,
    lowStockThreshold,
    status,
    taxClass,
    ...fields
  } = changes;
  // A class is a row of the shipping module's; the foreign key refuses one that is not (below).
  if (taxClass && !isUuid(taxClass)) throw invalid(SHIPPING_MESSAGES.taxClassNotFound);
  let dropped: string[] = [];
  const saving = catalogue.change(db, async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    const current = await lockProduct(tx, id);
    if (!current) return undefined;
    // A draft goes into the shop only with values of its own, not the sample's.
    const problem =
      status === 'active' && current.status === 'draft' ? activationProblem(fields) : undefined;
    if (problem) throw invalid(problem);
    // One after the other, as in createSampleProduct.
    const brandRef = await findOrCreateTaxonomy(tx, 'brand', brand);
    const categoryRef = await findOrCreateTaxonomy(tx, 'category', category);
    const pictures = picturesAfterEdit(current.images, { image, images });
    dropped = droppedPictures(current.images, pictures);
    await updateProductById(tx, id, {
      ...fields,
      image: pictures[0]!,
      images: pictures,
      ...taxonomyValues(brandRef, categoryRef),
      price: centsToDecimalString(toCents(changes.price)),
      // Left out (the spec's form): the threshold and the status stay.
      ...(lowStockThreshold === undefined ? {} : { lowStockThreshold }),
      ...(status === undefined ? {} : { status }),
      ...(taxClass === undefined ? {} : { taxClassId: taxClass }),
      updatedAt: new Date(),
    });
    // The spec's form: without options its stock is the one variant's; with options the stock
    // belongs to the variants (their table) and the form's field is ignored (decision 0019).
    if (current.options.length === 0) await setImplicitStock(tx, id, countInStock);
    await clearDroppedVariantPictures(tx, id, pictures);
    // The price may have changed what variants without their own price sell at.
    await refreshVariantSummaries(tx, [id]);
    await backInStock.announce(tx, [id]);
    return findAdminProductById(tx, id, shopLowStockThreshold);
  });
  const row = await saving.catch(refuseUnknownTaxClass);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  // After the commit: the storage is another server, and the files go only once nothing shows them.
  await removeUnusedPictures(db, files, dropped);
  return toAdminProduct(row);
}

/**
 * A tax class that does not exist (or was deleted meanwhile) is refused by the products' foreign
 * key: the admin is told so (400), not a server error.
 */
function refuseUnknownTaxClass(error: unknown): never {
  if (isForeignKeyViolation(error, 'products_tax_class_id_tax_classes_id_fk')) {
    throw invalid(SHIPPING_MESSAGES.taxClassNotFound);
  }
  throw error;
}

/** The product columns that name its brand and category ('' and null for none). */
export function taxonomyValues(brand: TaxonomyRef | null, category: TaxonomyRef | null) {
  return {
    brand: brand?.name ?? '',
    brandId: brand?.id ?? null,
    category: category?.name ?? '',
    categoryId: category?.id ?? null,
  };
}

export async function deleteProduct(
  db: Database,
  catalogue: CatalogueChanges,
  admin: SessionUser,
  id: string,
  files: PictureFiles,
): Promise<{ message: string }> {
  if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
  const pictures = await catalogue.change(db, async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    const current = await findProductPicturesForUpdate(tx, id);
    return current && (await deleteProductById(tx, id)) ? current : undefined;
  });
  if (!pictures) throw notFound(PRODUCT_NOT_FOUND);
  await removeUnusedPictures(db, files, pictures);
  return { message: PRODUCT_REMOVED };
}

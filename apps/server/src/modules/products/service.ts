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
import { centsToDecimalString, toCents } from '@proshop/domain/money';
import { pageCount } from '@proshop/domain/pagination';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { notFound } from '../../errors/app-error.ts';
import type { CatalogueChanges } from '../catalogue-cache/catalogue-changes.ts';
import { reviewsOfProduct } from '../reviews/service.ts';
import { toProduct } from './product-mapper.ts';
import {
  deleteProductById,
  findProductById,
  findProductPage,
  findTopProducts,
  insertProduct,
  updateProductById,
} from './repository.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import type { SessionUser } from '../auth/access-plugin.ts';

export const PRODUCT_REMOVED = 'Product removed';

/** One page of the catalogue; a page past the last is empty but still says how many there are. */
export async function listProducts(
  db: Database,
  query: ProductListQuery,
  pageSize: number,
): Promise<ProductListResponse> {
  const keyword = query.keyword?.trim() || undefined;
  const page = query.pageNumber;
  const { rows, total } = await findProductPage(db, {
    keyword,
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  return { products: rows.map(toProduct), page, pages: pageCount(total, pageSize) };
}

/** The products of the top-rated carousel. */
export async function topProducts(db: Database): Promise<Product[]> {
  return (await findTopProducts(db, TOP_PRODUCTS_COUNT)).map(toProduct);
}

/** A product with its reviews; a malformed id names no product, so it is 404 too. */
export async function getProductDetail(db: Database, id: string): Promise<ProductDetail> {
  if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
  const [row, reviews] = await Promise.all([findProductById(db, id), reviewsOfProduct(db, id)]);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return { ...toProduct(row), reviews };
}

/** "Create Product": a sample product owned by the admin, edited right after. */
export async function createSampleProduct(
  db: Database,
  catalogue: CatalogueChanges,
  admin: SessionUser,
): Promise<Product> {
  const { price, ...sample } = SAMPLE_PRODUCT;
  const row = await catalogue.change(db, async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    return insertProduct(tx, {
      ...sample,
      price: centsToDecimalString(toCents(price)),
      userId: admin.id,
    });
  });
  return toProduct(row);
}

export async function updateProduct(
  db: Database,
  catalogue: CatalogueChanges,
  admin: SessionUser,
  id: string,
  changes: ProductUpdateRequest,
): Promise<Product> {
  if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
  const row = await catalogue.change(db, async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    return updateProductById(tx, id, {
      ...changes,
      price: centsToDecimalString(toCents(changes.price)),
      updatedAt: new Date(),
    });
  });
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return toProduct(row);
}

export async function deleteProduct(
  db: Database,
  catalogue: CatalogueChanges,
  admin: SessionUser,
  id: string,
): Promise<{ message: string }> {
  if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
  const deleted = await catalogue.change(db, async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    return deleteProductById(tx, id);
  });
  if (!deleted) throw notFound(PRODUCT_NOT_FOUND);
  return { message: PRODUCT_REMOVED };
}

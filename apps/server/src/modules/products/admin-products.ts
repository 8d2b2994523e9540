import type {
  AdminProduct,
  AdminProductListResponse,
  ProductLowStock,
} from '@proshop/domain/product-admin-schemas';
import { PRODUCT_NOT_FOUND } from '@proshop/domain/product-schemas';
import { pageCount } from '@proshop/domain/pagination';
import type { ProductStatus } from '@proshop/domain/product-status';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { notFound } from '../../errors/app-error.ts';
import { toProduct } from './product-mapper.ts';
import { findAdminProductById, findAdminProductPage, type AdminProductRow } from './repository.ts';

export function toAdminProduct(row: AdminProductRow): AdminProduct {
  return {
    ...toProduct(row),
    status: row.status,
    lowStockThreshold: row.lowStockThreshold,
    lowStock: row.lowStock,
  };
}

/**
 * The admin's product list: every product newest first, each marked when a variant on offer is
 * low on stock; `lowStock` keeps only those (decided by the database, page by page).
 */
export async function listAdminProducts(
  db: Database,
  query: {
    pageNumber: number;
    lowStock?: boolean | undefined;
    status?: ProductStatus | undefined;
  },
  pageSize: number,
  shopThreshold: number,
): Promise<AdminProductListResponse> {
  const page = query.pageNumber;
  const { rows, total } = await findAdminProductPage(db, {
    lowStockOnly: query.lowStock ?? false,
    status: query.status,
    shopThreshold,
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  return {
    products: rows.map(toAdminProduct),
    page,
    pages: pageCount(total, pageSize),
    shopLowStockThreshold: shopThreshold,
  };
}

/** What the edit form's "Low stock at" shows: the product's threshold and the shop's. */
export async function getProductLowStock(
  db: Database,
  id: string,
  shopThreshold: number,
): Promise<ProductLowStock> {
  const row = isUuid(id) ? await findAdminProductById(db, id, shopThreshold) : undefined;
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return {
    lowStockThreshold: row.lowStockThreshold,
    shopLowStockThreshold: shopThreshold,
    lowStock: row.lowStock,
  };
}

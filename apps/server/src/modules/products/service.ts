import type { ProductListQuery, ProductListResponse } from '@proshop/domain/product-schemas';
import type { Database } from '../../db/client.ts';
import { toProduct } from './product-mapper.ts';
import { findProductPage } from './repository.ts';

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
  return { products: rows.map(toProduct), page, pages: Math.max(1, Math.ceil(total / pageSize)) };
}

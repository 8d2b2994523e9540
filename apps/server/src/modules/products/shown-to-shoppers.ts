import { eq } from 'drizzle-orm';
import { products } from '../../db/schema/products.ts';

/**
 * The products a shopper may see, buy or find: active ones. A draft (what "Create Product" opens)
 * is the admin's alone: no list, search, facet, carousel, product page, sitemap, category menu,
 * cart or order has it until it is made active (@proshop/domain/product-status).
 */
export const shownToShoppers = eq(products.status, 'active');

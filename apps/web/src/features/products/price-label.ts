import { formatMoney, toCents } from '@proshop/domain/money';
import type { Product } from '@proshop/domain/product-schemas';

/**
 * A product's price where no variant is chosen (cards, the carousel, the product page before a
 * choice): "From $19.99" when its variants on offer sell at different prices, else the one price
 * ("$19.99", a product without options as before).
 */
export function priceLabel(
  product: Pick<Product, 'minPrice' | 'maxPrice'>,
  currency: string,
): string {
  const lowest = formatMoney(toCents(product.minPrice), currency);
  return product.minPrice < product.maxPrice ? `From ${lowest}` : lowest;
}

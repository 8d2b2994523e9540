import { cartProblemMessage } from '@proshop/domain/cart-problems';
import type { CartLine, CartLineProblem } from '@proshop/domain/cart-schemas';
import { lineLabel, optionValues, stockOnOffer, variantPrice } from '@proshop/domain/variants';
import type { CatalogueRow, StoredCartLine } from './repository.ts';

type ProductRow = NonNullable<CatalogueRow['product']>;
type VariantRow = NonNullable<CatalogueRow['variant']>;

/** A line's key: its product and variant (none for a product without options). */
export function lineKey(productId: string, variantId: string | null | undefined): string {
  return `${productId}/${variantId ?? ''}`;
}

/** The units a line may hold now: all its stock when it has some, else none (it is marked). */
export function stockOf(variant: VariantRow | null): number {
  return variant ? stockOnOffer(variant) : 0;
}

/**
 * A quantity written to the cart never exceeds the stock (docs/decisions/0026). A line without
 * stock keeps its quantity: it is marked out of stock, and buyable again as it was once restocked.
 */
export function cappedQty(qty: number, variant: VariantRow | null): number {
  const stock = stockOf(variant);
  return stock > 0 ? Math.min(qty, stock) : qty;
}

/** The name a line keeps for when its product is deleted: "Shirt — Size: M". */
export function keptName(product: ProductRow, variant: VariantRow | null): string {
  return lineLabel(product.name, variant ? optionValues(product.options, variant.options) : []);
}

const problem = (reason: CartLineProblem['reason'], stock = 0): CartLineProblem => ({
  reason,
  message: cartProblemMessage(reason, stock),
});

/** A stored line as the API answers it: the catalogue's values of now, and why it cannot be bought. */
export function toCartLine(row: StoredCartLine): CartLine {
  const ids = {
    product: row.productId,
    ...(row.variantId ? { variant: row.variantId } : {}),
  };
  const { product, variant, qty } = row;
  if (!product) {
    return {
      ...ids,
      name: row.name,
      image: '',
      price: 0,
      countInStock: 0,
      qty,
      problem: problem('deleted'),
    };
  }
  const productPrice = Number(product.price);
  if (!variant) {
    const reason = row.variantId ? 'unavailable' : 'choose-options';
    return {
      ...ids,
      name: product.name,
      image: product.image,
      price: productPrice,
      countInStock: 0,
      qty,
      problem: problem(reason),
    };
  }
  const stock = stockOf(variant);
  const named = row.variantId
    ? { sku: variant.sku, options: optionValues(product.options, variant.options) }
    : {};
  return {
    ...ids,
    ...named,
    name: product.name,
    image: variant.image ?? product.image,
    price: variantPrice(productPrice, {
      price: variant.price === null ? null : Number(variant.price),
    }),
    countInStock: stock,
    qty,
    problem: !variant.active
      ? problem('unavailable')
      : stock === 0
        ? problem('out-of-stock')
        : qty > stock
          ? problem('low-stock', stock)
          : null,
  };
}

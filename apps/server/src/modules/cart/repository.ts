import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { arrayParam } from '../../db/array-param.ts';
import { cartItems, carts } from '../../db/schema/cart.ts';
import { products, productVariants } from '../../db/schema/products.ts';
import { chosenVariantJoin, lineVariantColumns } from '../products/line-variant-columns.ts';
import { shownToShoppers } from '../products/shown-to-shoppers.ts';

const productColumns = {
  id: products.id,
  name: products.name,
  image: products.image,
  price: products.price,
  options: products.options,
};

const variantColumns = lineVariantColumns();

/** The cart's version, or undefined for a customer who never saved one. */
export async function findCartVersion(db: Database, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ version: carts.version })
    .from(carts)
    .where(eq(carts.userId, userId));
  return row?.version;
}

/**
 * The customer's cart row, made when missing, locked until the transaction ends: every change of
 * one cart is taken after the one before has committed, and sees its version.
 */
export async function lockCart(tx: Database, userId: string): Promise<number> {
  await tx.insert(carts).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select({ version: carts.version })
    .from(carts)
    .where(eq(carts.userId, userId))
    .for('update');
  return row!.version;
}

export async function setCartVersion(tx: Database, userId: string, version: number) {
  await tx
    .update(carts)
    .set({ version, updatedAt: sql`now()` })
    .where(eq(carts.userId, userId));
}

/**
 * The cart's lines in the shopper's order, each with its product and variant of now (null when
 * deleted): the variant named, or for a line without one, a product's one variant when it has no
 * options.
 */
export function findCartLines(db: Database, userId: string) {
  return (
    db
      .select({
        productId: cartItems.productId,
        variantId: cartItems.variantId,
        qty: cartItems.qty,
        name: cartItems.name,
        addedAt: cartItems.addedAt,
        product: productColumns,
        variant: variantColumns,
      })
      .from(cartItems)
      // A draft reads as a product that is gone (shown-to-shoppers.ts).
      .leftJoin(products, and(eq(products.id, cartItems.productId), shownToShoppers))
      .leftJoin(
        productVariants,
        and(
          eq(productVariants.productId, cartItems.productId),
          sql`(${productVariants.id} = ${cartItems.variantId}
          or (${cartItems.variantId} is null and ${products.options} = '[]'::jsonb))`,
        ),
      )
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.position), asc(cartItems.addedAt))
  );
}

export type StoredCartLine = Awaited<ReturnType<typeof findCartLines>>[number];

/**
 * The products named, each with the variants the lines can mean: those named and, for a product
 * without options, its one variant. A product comes back once with `variant` null when none is.
 */
export function findCatalogueForLines(
  db: Database,
  productIds: readonly string[],
  variantIds: readonly string[],
) {
  return db
    .select({ product: productColumns, variant: variantColumns })
    .from(products)
    .leftJoin(productVariants, chosenVariantJoin(variantIds))
    .where(and(sql`${products.id} = any(${arrayParam(productIds)}::uuid[])`, shownToShoppers));
}

export type CatalogueRow = Awaited<ReturnType<typeof findCatalogueForLines>>[number];

export interface NewCartLine {
  productId: string;
  variantId: string | null;
  qty: number;
  name: string;
  addedAt: Date | undefined;
}

/** Replaces the cart's lines, in this order; the caller holds the cart's lock (lockCart). */
export async function replaceCartLines(
  tx: Database,
  userId: string,
  lines: readonly NewCartLine[],
): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  if (lines.length === 0) return;
  await tx.insert(cartItems).values(
    lines.map((line, position) => ({
      userId,
      productId: line.productId,
      variantId: line.variantId,
      qty: line.qty,
      name: line.name,
      position,
      ...(line.addedAt ? { addedAt: line.addedAt } : {}),
    })),
  );
}

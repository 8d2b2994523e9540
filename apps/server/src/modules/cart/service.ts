import {
  CART_CHANGED,
  type Cart,
  type CartMergeRequest,
  type CartUpdateRequest,
} from '@proshop/domain/cart-schemas';
import { MAX_ORDER_LINES } from '@proshop/domain/order-limits';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, invalid, notFound, type AppError } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import { cappedQty, keptName, lineKey, toCartLine } from './cart-lines.ts';
import {
  findCartLines,
  findCartVersion,
  findCatalogueForLines,
  lockCart,
  replaceCartLines,
  setCartVersion,
  type CatalogueRow,
  type NewCartLine,
  type StoredCartLine,
} from './repository.ts';

type RequestedLine = CartUpdateRequest['cartItems'][number];

/** A line about to be written, with its variant of now (null: unknown, nothing to cap by). */
interface ResolvedLine extends NewCartLine {
  variant: CatalogueRow['variant'];
}

async function readCart(db: Database, userId: string, version: number): Promise<Cart> {
  const rows = await findCartLines(db, userId);
  return { cartItems: rows.map(toCartLine), version };
}

/** The customer's cart with the catalogue's names, prices and stock of now. */
export async function getCart(db: Database, userId: string): Promise<Cart> {
  const version = await findCartVersion(db, userId);
  if (version === undefined) return { cartItems: [], version: 0 };
  return readCart(db, userId, version);
}

function fromStored(row: StoredCartLine): ResolvedLine {
  return {
    productId: row.productId,
    variantId: row.variantId,
    qty: row.qty,
    // The copy follows the product while it exists, for the day it is deleted.
    name: row.product ? keptName(row.product, row.variant) : row.name,
    addedAt: row.addedAt,
    variant: row.product ? row.variant : null,
  };
}

/**
 * The requested lines as they will be stored. A line the cart already holds is kept as it is
 * when its product or variant is gone (the shopper sends back the marked lines they were shown);
 * a new line must name a product and variant on the shop. `refuse` answers the error for a new
 * line that cannot be added: PUT throws it, a merge leaves that line out (the browser's copy may
 * be older than a deletion).
 */
async function resolveLines(
  db: Database,
  requested: readonly RequestedLine[],
  stored: readonly StoredCartLine[],
  refuse: (error: AppError) => void,
): Promise<ResolvedLine[]> {
  const known = new Map(stored.map((row) => [lineKey(row.productId, row.variantId), row]));
  const ids = requested.filter((line) => isUuid(line.product));
  const catalogue = await findCatalogueForLines(
    db,
    ids.map((line) => line.product),
    ids.flatMap((line) => (line.variant && isUuid(line.variant) ? [line.variant] : [])),
  );
  const resolved: ResolvedLine[] = [];
  for (const line of requested) {
    const kept = known.get(lineKey(line.product, line.variant));
    const keep = (): void => {
      if (kept) resolved.push({ ...fromStored(kept), qty: line.qty, variant: null });
    };
    const ofProduct = catalogue.filter((row) => row.product.id === line.product);
    const product = ofProduct[0]?.product;
    if (!product) {
      if (kept) keep();
      else refuse(notFound(`Product not found: ${line.product}`));
      continue;
    }
    const withoutOptions = product.options.length === 0;
    if (!line.variant && !withoutOptions) {
      if (kept) keep();
      else refuse(invalid(`Choose the options of ${product.name}`));
      continue;
    }
    const variant = ofProduct.find(
      (row) => row.variant && (line.variant ? row.variant.id === line.variant : withoutOptions),
    )?.variant;
    if (!variant) {
      if (kept) keep();
      else refuse(notFound(`Variant not found: ${line.variant}`));
      continue;
    }
    const variantId = withoutOptions ? null : variant.id;
    resolved.push({
      productId: product.id,
      // A product without options: its one variant is implicit, as in the browser's cart.
      variantId,
      qty: line.qty,
      name: keptName(product, withoutOptions ? null : variant),
      addedAt: known.get(lineKey(product.id, variantId))?.addedAt,
      variant,
    });
  }
  return resolved;
}

/** Stores the lines, each capped at its stock, under a new version; answers the cart. */
async function store(
  tx: Database,
  userId: string,
  lines: readonly ResolvedLine[],
  version: number,
): Promise<Cart> {
  await replaceCartLines(
    tx,
    userId,
    lines.map(({ variant, ...line }) => ({ ...line, qty: cappedQty(line.qty, variant) })),
  );
  await setCartVersion(tx, userId, version + 1);
  return readCart(tx, userId, version + 1);
}

/**
 * Replaces the cart with the lines sent. With a version, refused (409) when the cart changed
 * since: the shopper reloads it rather than lose a line added elsewhere. Nothing changes when a
 * line is refused.
 */
export async function updateCart(
  db: Database,
  caller: SessionUser,
  request: CartUpdateRequest,
): Promise<Cart> {
  return db.transaction(async (tx) => {
    await confirmCaller(tx, caller, 'user');
    const version = await lockCart(tx, caller.id);
    if (request.version !== undefined && request.version !== version) {
      throw conflict(CART_CHANGED);
    }
    const stored = await findCartLines(tx, caller.id);
    const lines = await resolveLines(tx, request.cartItems, stored, (error) => {
      throw error;
    });
    const seen = new Set<string>();
    for (const line of lines) {
      const key = lineKey(line.productId, line.variantId);
      if (seen.has(key)) throw invalid(`${line.name} may appear only once in your cart`);
      seen.add(key);
    }
    return store(tx, caller.id, lines, version);
  });
}

/**
 * Merges the browser's cart into the account's at sign-in: a line of the same product and variant
 * takes the larger quantity, a new one comes after the account's lines; every quantity is capped
 * at the stock. Lines of products gone from the shop, and lines past the most a cart holds, are
 * left out.
 */
export async function mergeCart(
  db: Database,
  caller: SessionUser,
  request: CartMergeRequest,
): Promise<Cart> {
  return db.transaction(async (tx) => {
    await confirmCaller(tx, caller, 'user');
    const version = await lockCart(tx, caller.id);
    const stored = await findCartLines(tx, caller.id);
    const browser = await resolveLines(tx, request.cartItems, [], () => {});
    const merged = new Map(
      stored.map((row) => [lineKey(row.productId, row.variantId), fromStored(row)]),
    );
    for (const line of browser) {
      const key = lineKey(line.productId, line.variantId);
      const same = merged.get(key);
      if (same)
        merged.set(key, { ...same, qty: Math.max(same.qty, line.qty), variant: line.variant });
      else if (merged.size < MAX_ORDER_LINES) merged.set(key, line);
    }
    return store(tx, caller.id, [...merged.values()], version);
  });
}

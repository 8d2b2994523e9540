import type {
  Discount,
  DiscountDeleteResponse,
  DiscountOrders,
  DiscountRequest,
} from '@proshop/domain/discount-schemas';
import {
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_MESSAGES,
  discountProblem,
  normalizeCode,
  type DiscountTerms,
} from '@proshop/domain/discounts';
import { centsToDecimalString, lineTotal, toCents } from '@proshop/domain/money';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, invalid, notFound, unprocessable } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import {
  deactivateDiscountById,
  deleteDiscountById,
  findAllDiscounts,
  findCodeOwner,
  findDiscountById,
  findDiscountForCustomer,
  type DiscountCustomer,
  findExisting,
  findOrdersOfDiscount,
  insertDiscount,
  lockDiscountForDeletion,
  updateDiscountById,
  type DiscountRow,
  type DiscountValues,
} from './repository.ts';

/** Who a code is checked for (promotions/repository.ts): an account, or a guest's e-mail. */
export type { DiscountCustomer };

export const DISCOUNT_NOT_FOUND = 'Discount not found';
export const DISCOUNT_REMOVED = 'Discount removed';
export const codeTaken = (code: string) => `Discount code ${code} already exists`;
export const discountDeactivatedInstead = (code: string) =>
  `Discount code ${code} was deactivated instead of deleted: orders have used it or are waiting to be paid with it.`;

/** The most orders the admin's list of a code's orders shows (the newest). */
export const DISCOUNT_ORDERS_LIMIT = 200;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const amount = (value: string | null) => (value === null ? null : Number(value));
const decimal = (value: number | null | undefined) =>
  value === null || value === undefined ? null : centsToDecimalString(toCents(value));

function toDiscount(row: DiscountRow): Discount {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: amount(row.value),
    minSubtotal: amount(row.minSubtotal),
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    productIds: row.productIds,
    categoryIds: row.categoryIds,
    firstOrderOnly: row.firstOrderOnly,
    active: row.active,
    uses: row.uses,
    totalDiscount: Number(row.totalDiscount),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every discount code, newest first, with its uses and what it took off paid orders. */
export async function listDiscounts(db: Database): Promise<Discount[]> {
  return (await findAllDiscounts(db)).map(toDiscount);
}

export async function getDiscount(db: Database, id: string): Promise<Discount> {
  const row = isUuid(id) ? await findDiscountById(db, id) : undefined;
  if (!row) throw notFound(DISCOUNT_NOT_FOUND);
  return toDiscount(row);
}

/**
 * The stored values of a request. The product and category ids must name existing records (a
 * typo would make a code that applies to nothing); each is kept once. `active` absent keeps
 * the code's current state (a new code is active): deactivating is a toggle of its own, which
 * an edit of the terms does not undo.
 */
async function storedValues(
  db: Database,
  request: DiscountRequest,
  currentlyActive: boolean,
): Promise<DiscountValues> {
  const productIds = [...new Set(request.productIds ?? [])];
  const categoryIds = [...new Set(request.categoryIds ?? [])];
  const badProduct = productIds.find((id) => !isUuid(id));
  if (badProduct) throw invalid(`Product not found: ${badProduct}`);
  const badCategory = categoryIds.find((id) => !isUuid(id));
  if (badCategory) throw invalid(`Category not found: ${badCategory}`);
  const existing = await findExisting(db, { productIds, categoryIds });
  const missingProduct = productIds.find((id) => !existing.productIds.has(id));
  if (missingProduct) throw invalid(`Product not found: ${missingProduct}`);
  const missingCategory = categoryIds.find((id) => !existing.categoryIds.has(id));
  if (missingCategory) throw invalid(`Category not found: ${missingCategory}`);
  return {
    code: normalizeCode(request.code),
    kind: request.kind,
    value: decimal(request.value),
    minSubtotal: decimal(request.minSubtotal),
    startsAt: request.startsAt ? new Date(request.startsAt) : null,
    endsAt: request.endsAt ? new Date(request.endsAt) : null,
    usageLimit: request.usageLimit ?? null,
    perCustomerLimit: request.perCustomerLimit ?? null,
    productIds,
    categoryIds,
    firstOrderOnly: request.firstOrderOnly ?? false,
    active: request.active ?? currentlyActive,
  };
}

/**
 * A new discount code. Codes are unique without case (stored upper-case): the unique index
 * decides between admins creating the same code at once, and the loser answers 409.
 */
export async function createDiscount(
  db: Database,
  admin: SessionUser,
  request: DiscountRequest,
): Promise<Discount> {
  const id = await db.transaction(async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    const values = await storedValues(tx, request, true);
    const made = await insertDiscount(tx, values);
    if (!made) throw conflict(codeTaken(values.code));
    return made;
  });
  return getDiscount(db, id);
}

/**
 * Replaces a discount's code, terms and conditions. Its uses stay as they are: the orders that
 * hold them keep the terms they were placed with (their own copy of the code and prices).
 */
export async function updateDiscount(
  db: Database,
  admin: SessionUser,
  id: string,
  request: DiscountRequest,
): Promise<Discount> {
  if (!isUuid(id)) throw notFound(DISCOUNT_NOT_FOUND);
  try {
    await db.transaction(async (tx) => {
      await confirmCaller(tx, admin, 'admin');
      const current = await findDiscountById(tx, id);
      if (!current) throw notFound(DISCOUNT_NOT_FOUND);
      const values = await storedValues(tx, request, current.active);
      if (await findCodeOwner(tx, values.code, id)) throw conflict(codeTaken(values.code));
      if (!(await updateDiscountById(tx, id, values))) throw notFound(DISCOUNT_NOT_FOUND);
    });
  } catch (error) {
    // Another admin took the code between the check and the update.
    if (isUniqueViolation(error, 'discounts_code_key')) {
      throw conflict(codeTaken(normalizeCode(request.code)));
    }
    throw error;
  }
  return getDiscount(db, id);
}

/**
 * Deletes a discount code that no order needs: the orders that used it and gave their use back
 * (cancelled, refunded) keep their copy of the code and of the discount (their link to it
 * becomes null), so their prices and refunds read the same. A code that orders hold a use of,
 * or that placed orders not yet paid carry, is deactivated instead (issue #35): deleted, it
 * would let those orders pay with a discount nobody counts, past its limits; deactivated, their
 * payments are refused (promotions/uses.ts) and its uses stay in the admin's list.
 */
export async function deleteDiscount(
  db: Database,
  admin: SessionUser,
  id: string,
): Promise<DiscountDeleteResponse> {
  if (!isUuid(id)) throw notFound(DISCOUNT_NOT_FOUND);
  return db.transaction(async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    const found = await lockDiscountForDeletion(tx, id);
    if (!found) throw notFound(DISCOUNT_NOT_FOUND);
    if (found.uses > 0 || found.pendingOrders > 0) {
      await deactivateDiscountById(tx, id);
      return { message: discountDeactivatedInstead(found.code), deactivated: true };
    }
    if (!(await deleteDiscountById(tx, id))) throw notFound(DISCOUNT_NOT_FOUND);
    return { message: DISCOUNT_REMOVED, deactivated: false };
  });
}

/** The paid orders that used a code, newest first (the latest DISCOUNT_ORDERS_LIMIT). */
export async function discountOrders(db: Database, id: string): Promise<DiscountOrders> {
  await getDiscount(db, id);
  const rows = await findOrdersOfDiscount(db, id, DISCOUNT_ORDERS_LIMIT);
  return {
    orders: rows.map((row) => ({
      _id: row.id,
      createdAt: row.createdAt.toISOString(),
      buyerName: row.buyerName,
      discountPrice: Number(row.discountPrice),
      totalPrice: Number(row.totalPrice),
      currency: row.currency,
      useHeld: row.useHeld,
    })),
  };
}

/** A line of an order being placed, as the discount's conditions read it. */
export interface DiscountLine {
  productId: string;
  categoryId: string | null;
  /** The unit price, as stored (a decimal string). */
  price: string;
  qty: number;
}

/** A code that applies to an order: what prices.ts takes off, and from which lines. */
export interface AppliedDiscount {
  id: string;
  /** As stored: upper case. */
  code: string;
  terms: DiscountTerms;
  /** Per line, in the order's order: whether the code applies to it. */
  eligible: boolean[];
}

/**
 * The discount a code gives these lines for this customer now, or the reason it does not
 * (domain/discounts.ts): 404 for a code that does not exist, 422 for one whose conditions are
 * not met. Takes no use: an order holds one only once it is paid (promotions/uses.ts), where
 * the limits are checked again under the discount's lock.
 */
export async function applicableDiscount(
  db: Database,
  customer: DiscountCustomer,
  typed: string,
  lines: readonly DiscountLine[],
  shop: { now: Date; currency: string },
): Promise<AppliedDiscount> {
  const code = normalizeCode(typed);
  // Anything that is not a code names none: no need to ask the database.
  const found = DISCOUNT_CODE_PATTERN.test(code)
    ? await findDiscountForCustomer(db, code, customer)
    : undefined;
  if (!found) throw notFound(DISCOUNT_MESSAGES.unknown(code));
  const { discount } = found;
  const products = new Set(discount.productIds);
  const categories = new Set(discount.categoryIds);
  const forEverything = products.size === 0 && categories.size === 0;
  const eligible = lines.map(
    (line) =>
      forEverything ||
      products.has(line.productId) ||
      (line.categoryId !== null && categories.has(line.categoryId)),
  );
  const eligibleCents = lines.reduce(
    (sum, line, index) => (eligible[index] ? sum + lineTotal(toCents(line.price), line.qty) : sum),
    0,
  );
  const problem = discountProblem(
    {
      code: discount.code,
      active: discount.active,
      minSubtotalCents: discount.minSubtotal === null ? null : toCents(discount.minSubtotal),
      startsAt: discount.startsAt,
      endsAt: discount.endsAt,
      usageLimit: discount.usageLimit,
      perCustomerLimit: discount.perCustomerLimit,
      firstOrderOnly: discount.firstOrderOnly,
    },
    {
      now: shop.now,
      currency: shop.currency,
      eligibleCents,
      usesTaken: discount.uses,
      customerUses: found.customerUses,
      customerPaidOrders: found.customerPaidOrders,
    },
  );
  if (problem) throw unprocessable(problem);
  return {
    id: discount.id,
    code: discount.code,
    terms: { kind: discount.kind, value: discount.value === null ? 0 : Number(discount.value) },
    eligible,
  };
}

import { randomUUID } from 'node:crypto';
import type { CreateOrderRequest, Order, PlacedOrder } from '@proshop/domain/order-schemas';
import {
  priceCheckout,
  type CheckoutPricing,
  type PricedOrder,
  type PricingLine,
  type PricingRules,
} from '@proshop/domain/checkout-pricing';
import { itemsWithDiscount } from '@proshop/domain/items-pricing';
import { orderTooLarge, type OrderPrices } from '@proshop/domain/prices';
import type { Destination } from '@proshop/domain/shipping-rules';
import { storedAddress } from '@proshop/domain/shipping-address';
import type { StoredTaxLine } from '@proshop/domain/shipping-schemas';
import { centsToDecimalString, fromCents, toCents } from '@proshop/domain/money';
import { DISCOUNT_MESSAGES } from '@proshop/domain/discounts';
import { lineLabel, optionValues, variantPrice } from '@proshop/domain/variants';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors.ts';
import { isUuid } from '../../db/ids.ts';
import {
  conflict,
  invalid,
  notFound,
  unauthorized,
  unprocessable,
} from '../../errors/app-error.ts';
import { SESSION_ENDED, type SessionUser } from '../auth/access-plugin.ts';
import { toOrder, type NewOrderItem, type OrderRow } from '../orders/order-mapper.ts';
import { findOrderByIdempotencyKey, insertOrder } from '../orders/placed-orders.ts';
import type { OrderNotices } from '../orders/notify-buyer.ts';
import { newAccessKey } from '../orders/order-access-keys.ts';
import { orderOfRow } from '../orders/service.ts';
import { findProductsForOrder } from '../products/variants-for-order.ts';
import { pricingRules } from '../shipping/service.ts';
import {
  applicableDiscount,
  type AppliedDiscount,
  type DiscountCustomer,
} from '../promotions/service.ts';
import { requireConfirmedEmail } from '../users/email-confirmation-service.ts';
import { orderRequestHash } from './order-request-hash.ts';
import { destinationOf, noMethodError, noZoneError } from './shipping-choice.ts';

/**
 * Quoting and placing an order (POST /api/orders, and the cart's check of a code): the lines
 * copied from the catalogue, the discount, the prices. The order record it stores is the orders
 * module's; paying it is the payments module's.
 */

export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different order. Send a new key for a new order.';
export const PRICES_CHANGED =
  'Prices have changed since you saw them. Please review your order and place it again.';
export const PRODUCT_GONE =
  'A product of this order was just taken off the shop. Please review your cart and order again.';

const priceFields = [
  'itemsPrice',
  'discountPrice',
  'shippingPrice',
  'taxPrice',
  'totalPrice',
] as const;

function samePrices(sent: OrderPrices, computed: OrderPrices): boolean {
  return priceFields.every((field) => toCents(sent[field]) === toCents(computed[field]));
}

/**
 * The order an earlier request with the same key placed, when this request is a retry of it.
 * A different order under the same key is refused: answering the first one would tell the
 * shopper their new order was placed. An order stored before hashes were kept (null) is
 * answered as before.
 */
async function replay(db: Database, earlier: OrderRow, requestHash: string): Promise<Order> {
  if (earlier.idempotencyBodyHash !== null && earlier.idempotencyBodyHash !== requestHash) {
    throw unprocessable(IDEMPOTENCY_KEY_REUSED);
  }
  return orderOfRow(db, earlier);
}

interface OrderLine {
  item: NewOrderItem;
  categoryId: string | null;
  taxClassId: string | null;
  grams: number | null;
}

/**
 * The lines of an order request as they are stored, copied from the catalogue: each names a
 * product and the variant chosen (none for a product without options: its one variant), which
 * must be on offer with enough stock. Name, SKU, option values, picture and price are the
 * variant's now, so the order reads the same whatever the catalogue becomes.
 */
async function orderLines(
  db: Database,
  requested: CreateOrderRequest['orderItems'],
): Promise<OrderLine[]> {
  const unknownProduct = requested.find((line) => !isUuid(line.product));
  if (unknownProduct) throw invalid(`Product not found: ${unknownProduct.product}`);
  const unknownVariant = requested.find((line) => line.variant && !isUuid(line.variant));
  if (unknownVariant) throw invalid(`Variant not found: ${unknownVariant.variant}`);
  const rows = await findProductsForOrder(
    db,
    requested.map((line) => line.product),
    requested.flatMap((line) => (line.variant ? [line.variant] : [])),
  );
  const chosen = requested.map(({ product: productId, variant: variantId, qty }) => {
    const ofProduct = rows.filter((row) => row.product.id === productId);
    const product = ofProduct[0]?.product;
    if (!product) throw invalid(`Product not found: ${productId}`);
    if (!variantId && product.options.length > 0) {
      throw invalid(`Choose the options of ${product.name}`);
    }
    // Without options the product's one variant; else the one named, if it is this product's.
    const variant = ofProduct.find((row) => !variantId || row.variant?.id === variantId)?.variant;
    if (!variant && variantId) throw invalid(`Variant not found: ${variantId}`);
    const options = variant ? optionValues(product.options, variant.options) : [];
    return { product, variant, options, label: lineLabel(product.name, options), qty };
  });
  // Two variants of one product are two lines; the same variant twice is one line too many.
  const seen = new Set<string>();
  for (const { product, variant, label } of chosen) {
    const key = variant?.id ?? product.id;
    if (seen.has(key)) throw invalid(`${label} may appear only once in an order`);
    seen.add(key);
  }
  return chosen.map(({ product, variant, options, label, qty }) => {
    if (!variant?.active) throw conflict(`${label} is no longer available`);
    if (variant.countInStock === 0) throw conflict(`${label} is out of stock`);
    if (qty > variant.countInStock) {
      throw conflict(`Only ${variant.countInStock} of ${label} left in stock`);
    }
    const price = variantPrice(Number(product.price), {
      price: variant.price === null ? null : Number(variant.price),
    });
    const item: NewOrderItem = {
      productId: product.id,
      variantId: variant.id,
      name: product.name,
      sku: variant.sku,
      options,
      image: variant.image ?? product.image,
      price: centsToDecimalString(toCents(price)),
      qty,
    };
    // The category is what a discount for some categories reads, the tax class and weight what
    // the price rule reads; the line does not keep them.
    return {
      item,
      categoryId: product.categoryId,
      taxClassId: product.taxClassId,
      grams: variant.weightGrams,
    };
  });
}

/**
 * Who places the order: a signed-in account (its name and e-mail go on the order), or a guest
 * (`user` null) with an e-mail and a name and no account (issue #37).
 */
export interface Buyer {
  user: SessionUser | null;
  name: string;
  email: string;
}

export const accountBuyer = (user: SessionUser): Buyer => ({
  user,
  name: user.name,
  email: user.email,
});

/** What the shop needs to know to price an order: its currency and the time of the placing. */
export interface ShopNow {
  currency: string;
  now: Date;
}

/**
 * An order as it would be placed now: its lines, items and discount, nothing stored. Shipping
 * and tax depend on the address (priceQuote).
 */
export interface OrderQuote {
  lines: NewOrderItem[];
  /** The lines as the price rule reads them: price, quantity, eligibility, tax class, weight. */
  pricing: PricingLine[];
  items: Pick<OrderPrices, 'itemsPrice' | 'discountPrice'>;
  /** The code's terms and the lines it applies to; undefined without a code. */
  discount: AppliedDiscount | undefined;
}

/**
 * Prices the lines at the catalogue's current prices with the discount code, if any (blank is
 * none), checking every condition of the code: one copy for placing the order, the quote and
 * the cart's check of a code (POST /api/discounts/check), so all give the same figures and the
 * same reasons.
 */
export async function quoteOrder(
  db: Database,
  customer: DiscountCustomer,
  request: Pick<CreateOrderRequest, 'orderItems' | 'discountCode'>,
  shop: ShopNow,
): Promise<OrderQuote> {
  const chosen = await orderLines(db, request.orderItems);
  const lines = chosen.map(({ item }) => item);
  const code = request.discountCode?.trim() ?? '';
  const discount =
    code === ''
      ? undefined
      : await applicableDiscount(
          db,
          customer,
          code,
          chosen.map(({ item, categoryId }) => ({
            productId: item.productId!,
            categoryId,
            price: item.price,
            qty: item.qty,
          })),
          shop,
        );
  const pricing = chosen.map(({ item, taxClassId, grams }, index): PricingLine => ({
    price: Number(item.price),
    qty: item.qty,
    eligible: discount?.eligible[index] ?? true,
    taxClassId,
    grams,
  }));
  const { itemsCents, discountCents } = itemsWithDiscount(pricing, discount?.terms);
  const items = { itemsPrice: fromCents(itemsCents), discountPrice: fromCents(discountCents) };
  return { lines, pricing, items, discount };
}

/**
 * Refuses (400) an order past what a money column holds, which the database would refuse with a
 * 500: by its five figures once priced for an address, by its items before.
 */
export function refuseTooLarge(prices: OrderPrices | OrderQuote['items'], currency: string) {
  const tooLarge = orderTooLarge(
    { shippingPrice: 0, taxPrice: 0, totalPrice: 0, ...prices },
    currency,
  );
  if (tooLarge) throw invalid(tooLarge);
}

/**
 * The quote priced for the destination by the merchant's rules (priceCheckout): its zone's
 * shipping options, the method asked for (or the first that can carry it), and the tax of each
 * line and of shipping. An order the rules price past what a money column holds is refused.
 */
export function priceQuote(
  quote: OrderQuote,
  rules: PricingRules,
  destination: Destination,
  methodId: string | undefined,
  currency: string,
): CheckoutPricing {
  const priced = priceCheckout(quote.pricing, quote.discount?.terms, rules, destination, methodId);
  refuseTooLarge(priced.kind === 'priced' ? priced.prices : quote.items, currency);
  return priced;
}

/** The order's tax lines as orders.tax_lines keeps them: amounts as exact decimal strings. */
const storedTaxLines = (priced: PricedOrder): StoredTaxLine[] =>
  priced.taxLines.map((line) => ({
    name: line.name,
    basisPoints: line.basisPoints,
    appliesTo: line.appliesTo,
    base: centsToDecimalString(line.baseCents),
    amount: centsToDecimalString(line.amountCents),
  }));

/**
 * Places an order at the catalogue's current prices. The lines' names, SKUs, option values,
 * images and prices are copied from the database (orderLines); the discount code, if any, is
 * checked and applied by the shared price rules (quoteOrder); the totals the shopper saw must
 * match, so nobody is charged an amount they did not see. No use of the code is taken here:
 * the payment takes it (promotions/uses.ts), so an order never paid uses nothing. A retry with
 * the same idempotency key answers the first order; the same key with another order (another
 * code included) is refused (422).
 * `shop.currency` (PAYMENT_CURRENCY) is kept with the order: it is charged, shown and e-mailed
 * in it even if the shop's currency changes later.
 * A guest's order queues the e-mail with its link in the transaction that stores it, so a
 * retry answered with the first order, or refused, queues none.
 */
export async function createOrder(
  db: Database,
  buyer: Buyer,
  request: CreateOrderRequest,
  idempotencyKey: string | undefined,
  shop: ShopNow,
  notices: Pick<OrderNotices, 'queue'>,
): Promise<PlacedOrder> {
  const { user } = buyer;
  if (user) await requireConfirmedEmail(db, user.id);
  const customer = { userId: user?.id ?? null, email: buyer.email };
  const requestHash = orderRequestHash(request);
  if (idempotencyKey) {
    const earlier = await findOrderByIdempotencyKey(db, customer, idempotencyKey);
    if (earlier) return replay(db, earlier, requestHash);
  }
  const quote = await quoteOrder(db, customer, request, shop);
  const { lines, discount } = quote;
  const destination = destinationOf(request.shippingAddress);
  const priced = priceQuote(
    quote,
    await pricingRules(db),
    destination,
    request.shippingMethod,
    shop.currency,
  );
  // Where the order cannot go, or not by the method asked: said before the figures are compared,
  // as it is what the shopper must change.
  if (priced.kind === 'no-zone') throw noZoneError(destination);
  if (priced.kind === 'no-method') throw noMethodError(priced);
  const { prices } = priced;
  if (!samePrices(request, prices)) throw conflict(PRICES_CHANGED);
  const money = (amount: number) => centsToDecimalString(toCents(amount));
  // A guest's order opens with the key of its link; the key is answered once, here.
  const access = user ? undefined : newAccessKey();

  const { name: shipName, ...address } = storedAddress(request.shippingAddress);
  const { shipping } = priced;
  try {
    const store = (tx: Database) =>
      insertOrder(
        tx,
        {
          id: randomUUID(),
          userId: user?.id ?? null,
          buyerName: buyer.name,
          buyerEmail: buyer.email,
          accessKeyHash: access?.hash ?? null,
          shipName,
          ...address,
          paymentMethod: request.paymentMethod,
          itemsPrice: money(prices.itemsPrice),
          discountPrice: money(prices.discountPrice),
          discountCode: discount?.code ?? null,
          discountId: discount?.id ?? null,
          shippingPrice: money(prices.shippingPrice),
          // The snapshot of the rules applied: changing them later never changes this order.
          shippingMethodId: shipping.methodId,
          shippingMethodName: shipping.name,
          shippingEstimateMinDays: shipping.estimateMinDays,
          shippingEstimateMaxDays: shipping.estimateMaxDays,
          shippingTax: centsToDecimalString(priced.shippingTaxCents),
          pricesIncludeTax: priced.pricesIncludeTax,
          taxLines: storedTaxLines(priced),
          taxPrice: money(prices.taxPrice),
          totalPrice: money(prices.totalPrice),
          currency: shop.currency,
          idempotencyKey: idempotencyKey ?? null,
          idempotencyBodyHash: idempotencyKey ? requestHash : null,
        },
        lines.map((line, index) => {
          const { discountCents, taxCents, basisPoints, taxName } = priced.lines[index]!;
          return {
            ...line,
            discount: centsToDecimalString(discountCents),
            tax: centsToDecimalString(taxCents),
            taxBasisPoints: basisPoints,
            taxName,
          };
        }),
      );
    if (!access) {
      const stored = await store(db);
      return toOrder(stored.order, stored.items, stored.afterSale);
    }
    const order = await db.transaction(async (tx) => {
      const stored = await store(tx);
      const placed = toOrder(stored.order, stored.items, stored.afterSale);
      await notices.queue(tx, placed, { guestLink: access.key });
      return placed;
    });
    return { ...order, accessKey: access.key };
  } catch (error) {
    // The same key sent twice at once: the first insert won; answer its order (or refuse this
    // one if it is another order).
    if (
      idempotencyKey &&
      (isUniqueViolation(error, 'orders_user_idempotency_key') ||
        isUniqueViolation(error, 'orders_guest_idempotency_key'))
    ) {
      const earlier = await findOrderByIdempotencyKey(db, customer, idempotencyKey);
      if (earlier) return replay(db, earlier, requestHash);
    }
    // The buyer's account was deleted, or a product or variant deleted, while the order was
    // on its way: the one statement that stores the order refuses it whole.
    if (isForeignKeyViolation(error, 'orders_user_id_users_id_fk'))
      throw unauthorized(SESSION_ENDED);
    // The code was deleted by an admin between its check and the insert: as if never there.
    if (discount && isForeignKeyViolation(error, 'orders_discount_id_discounts_id_fk')) {
      throw notFound(DISCOUNT_MESSAGES.unknown(discount.code));
    }
    if (
      isForeignKeyViolation(error, 'order_items_product_id_products_id_fk') ||
      isForeignKeyViolation(error, 'order_items_variant_id_product_variants_id_fk')
    ) {
      throw conflict(PRODUCT_GONE);
    }
    throw error;
  }
}

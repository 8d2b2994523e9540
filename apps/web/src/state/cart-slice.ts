import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartLine, CartLineProblem } from '@proshop/domain/cart-schemas';
import { CART_LINE_PROBLEMS } from '@proshop/domain/cart-problems';
import { DISCOUNT_CODE_PATTERN, normalizeCode } from '@proshop/domain/discounts';
import type { GuestBuyer, ShippingAddress } from '@proshop/domain/order-schemas';
import { DEFAULT_PAYMENT_METHOD } from '@proshop/domain/payment-methods';
import type { Product } from '@proshop/domain/product-schemas';
import type { OptionValue } from '@proshop/domain/variants';
import { readStored } from '../lib/browser-storage.ts';
import {
  arrayOf,
  finiteNumber,
  integer,
  nonEmptyText,
  objectOf,
  optional,
  text,
  type Shape,
} from '../lib/stored-shape.ts';
import { loggedOut, signedIn } from './session-slice.ts';

export const CART_ITEMS_KEY = 'cartItems';
export const SHIPPING_KEY = 'shipping';
export const PAYMENT_METHOD_KEY = 'paymentMethod';
/** The discount code applied to the cart (a JSON string, upper case); not one of the spec's keys. */
export const DISCOUNT_CODE_KEY = 'discountCode';
/** Whose account the stored cart mirrors, and at which version (CartSync); not a spec key. */
export const CART_SYNC_KEY = 'cartSync';
/** The e-mail and name of a shopper checking out as a guest (issue #37); not a spec key. */
export const GUEST_KEY = 'guestBuyer';
/** The id of the shipping method chosen at the shipping step (issue #38); not a spec key. */
export const SHIPPING_METHOD_KEY = 'shippingMethod';

/**
 * A cart line copies what the cart shows of the product, so the cart needs no product call. A
 * line of a product with options names its variant and copies its SKU and option values; `image`,
 * `price` and `countInStock` are then the variant's. A product without options has no `variant`
 * here (its one variant is implicit), so lines stored before variants existed stay the same line.
 */
export type CartItem = Pick<Product, 'name' | 'image' | 'price' | 'countInStock'> & {
  product: string;
  variant?: string;
  sku?: string;
  options?: OptionValue[];
  qty: number;
  /** Why the line cannot be bought now, as the account's cart answers (signed in only). */
  problem?: CartLineProblem;
};

/**
 * What the browser knows of the account's cart (docs/decisions/0026): whose it is, its version,
 * and the lines (linesKey) it held then, so lines changed since are sent and not overwritten.
 */
export interface CartSync {
  owner: string;
  version: number;
  lines: string;
}

/** The lines as the server keeps them: product, variant and quantity, in order. */
export function linesKey(items: readonly Pick<CartItem, 'product' | 'variant' | 'qty'>[]): string {
  return JSON.stringify(items.map((item) => [item.product, item.variant ?? null, item.qty]));
}

/** What tells one cart line from another: the product and, with options, the variant. */
export type CartLineId = Pick<CartItem, 'product' | 'variant'>;

/** Whether two lines are the same line (two variants of one product are two lines). */
export function sameLine(a: CartLineId, b: CartLineId): boolean {
  return a.product === b.product && (a.variant ?? null) === (b.variant ?? null);
}

/** A line's key among the cart's lines (React keys). */
export function lineKey(line: CartLineId): string {
  return line.variant ? `${line.product}/${line.variant}` : line.product;
}

// Hand-written checks rather than the domain's schemas: stored values are checked on the first
// load, where zod would add some 15 to 20 KB (compressed) to the start-up script (see
// stored-shape.ts). The type parameters keep each check in step with its type.
const storedOptionValue = objectOf<OptionValue>({ name: text, value: text });

const storedProblem = objectOf<CartLineProblem>({
  reason: (value) => CART_LINE_PROBLEMS.find((reason) => reason === value),
  message: text,
});

const storedCartItem = objectOf<CartItem>({
  product: nonEmptyText,
  variant: optional(nonEmptyText),
  sku: optional(text),
  options: optional(arrayOf(storedOptionValue)),
  name: text,
  image: text,
  price: finiteNumber,
  countInStock: integer(),
  qty: integer(1),
  problem: optional(storedProblem),
});

/** The check of the stored cart: lines stored before variants (no variant, SKU, options) pass. */
export const storedCartItems = arrayOf(storedCartItem);

const storedCartSync = objectOf<CartSync>({
  owner: nonEmptyText,
  version: integer(0),
  lines: text,
});

// Name, region and phone came with issue #38: an address stored before has none of them.
const storedShippingAddress = objectOf<ShippingAddress>({
  name: optional(text),
  address: text,
  city: text,
  region: optional(text),
  postalCode: text,
  country: text,
  phone: optional(text),
});

// Only its shape: the checkout's form checked the e-mail and name, and the server checks again.
export const storedGuest = objectOf<GuestBuyer>({ email: nonEmptyText, name: nonEmptyText });

/** A code as it was stored: letters, digits and dashes, read back in upper case. */
export const storedDiscountCode: Shape<string> = (value) =>
  typeof value === 'string' && DISCOUNT_CODE_PATTERN.test(value) ? normalizeCode(value) : undefined;

export interface CartState {
  cartItems: CartItem[];
  shippingAddress: ShippingAddress | null;
  /**
   * The shipping method the shopper chose for that address (an id of the quote's options), or
   * null: the quote then prices the zone's first method that can carry the order.
   */
  shippingMethod: string | null;
  paymentMethod: string;
  /**
   * The discount code the shopper applied, upper case, or null. Only the code is kept: whether
   * it applies, and what it takes off, is asked of the server again for the cart's lines of the
   * moment (features/cart/discount-api.ts), since the lines, the code's uses and its dates change.
   */
  discountCode: string | null;
  /** Set while the cart mirrors a signed-in account's; null for a visitor's cart. */
  sync: CartSync | null;
  /**
   * Who buys without an account: the e-mail and name given at Sign In's "Check out as a guest",
   * or null. A signed-in shopper buys as their account, so signing in clears it.
   */
  guest: GuestBuyer | null;
  /**
   * What the cart screen says once: why the cart was just reloaded from the account (a change
   * elsewhere won) or that a quantity was lowered to the stock; null when nothing.
   */
  notice: string | null;
}

/** The account's cart as the server answered it, for the signed-in `owner`. */
export interface ServerCart {
  owner: string;
  version: number;
  cartItems: CartLine[];
  /** Shown on the cart screen (the 409's message), or none. */
  notice?: string;
}

/** A server line as the browser keeps it (no `problem` key on a line that can be bought). */
function fromServer({ problem, ...line }: CartLine): CartItem {
  return problem ? { ...line, problem } : line;
}

function loadCart(): CartState {
  return {
    cartItems: readStored(CART_ITEMS_KEY, storedCartItems) ?? [],
    shippingAddress: readStored(SHIPPING_KEY, storedShippingAddress) ?? null,
    shippingMethod: readStored(SHIPPING_METHOD_KEY, nonEmptyText) ?? null,
    paymentMethod: readStored(PAYMENT_METHOD_KEY, nonEmptyText) ?? DEFAULT_PAYMENT_METHOD,
    discountCode: readStored(DISCOUNT_CODE_KEY, storedDiscountCode) ?? null,
    sync: readStored(CART_SYNC_KEY, storedCartSync) ?? null,
    guest: readStored(GUEST_KEY, storedGuest) ?? null,
    notice: null,
  };
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: loadCart,
  reducers: {
    /**
     * Adds a line, or replaces the line of the same product and variant (new quantity, fresh
     * price).
     */
    addItem(state, action: PayloadAction<CartItem>) {
      const index = state.cartItems.findIndex((item) => sameLine(item, action.payload));
      if (index === -1) state.cartItems.push(action.payload);
      else state.cartItems[index] = action.payload;
    },
    /** Removes the line of that product and variant (the product's other variants stay). */
    removeItem(state, action: PayloadAction<CartLineId>) {
      state.cartItems = state.cartItems.filter((item) => !sameLine(item, action.payload));
    },
    /** Empties the cart once its order is placed: the code went with the order. */
    reset(state) {
      state.cartItems = [];
      state.discountCode = null;
    },
    saveShippingAddress(state, action: PayloadAction<ShippingAddress>) {
      state.shippingAddress = action.payload;
    },
    /** The method chosen for the address (null: the zone's first that can carry the order). */
    saveShippingMethod(state, action: PayloadAction<string | null>) {
      state.shippingMethod = action.payload;
    },
    savePaymentMethod(state, action: PayloadAction<string>) {
      state.paymentMethod = action.payload;
    },
    /** One code per order: a code applied replaces the one before. */
    applyDiscountCode(state, action: PayloadAction<string>) {
      state.discountCode = normalizeCode(action.payload);
    },
    removeDiscountCode(state) {
      state.discountCode = null;
    },
    /** The guest's e-mail and name for checkout, or null to check out with an account again. */
    saveGuest(state, action: PayloadAction<GuestBuyer | null>) {
      state.guest = action.payload;
    },
    /**
     * Asks for the account's cart (app start, cart screen): cart-sync.ts sends lines changed in
     * this browser, or else loads the account's.
     */
    cartLoadRequested() {},
    /** The account's cart as the server answered it becomes this browser's. */
    serverCartLoaded(state, action: PayloadAction<ServerCart>) {
      const items = action.payload.cartItems.map(fromServer);
      // The same lines keep their identity, so nothing is written to storage for nothing.
      if (JSON.stringify(items) !== JSON.stringify(state.cartItems)) state.cartItems = items;
      state.sync = {
        owner: action.payload.owner,
        version: action.payload.version,
        lines: linesKey(items),
      };
      state.notice = action.payload.notice ?? null;
    },
    /** The server took lines that changed again meanwhile: only its version is kept. */
    serverCartVersion(state, action: PayloadAction<CartSync>) {
      state.sync = action.payload;
    },
    /** Lines of another account, kept by a session that ended, are not for this one. */
    foreignCartDropped(state) {
      state.cartItems = [];
      state.discountCode = null;
      state.sync = null;
    },
    /** A note for the cart screen's next showing (a quantity lowered to the stock). */
    cartNoticeGiven(state, action: PayloadAction<string>) {
      state.notice = action.payload;
    },
    cartNoticeShown(state) {
      state.notice = null;
    },
  },
  extraReducers: (builder) => {
    // Signing out leaves nothing of the cart (or the address) to the next person on this
    // browser; the account keeps its cart on the server.
    builder.addCase(loggedOut, (state) => {
      state.cartItems = [];
      state.discountCode = null;
      state.shippingAddress = null;
      state.shippingMethod = null;
      state.sync = null;
      state.notice = null;
    });
    // A signed-in shopper buys as their account, never as the guest typed in before.
    builder.addCase(signedIn, (state) => {
      state.guest = null;
    });
  },
  selectors: {
    selectCart: (state) => state,
    // One count, of lines (products, or variants of them), for the header badge, the subtotal
    // and the checkout button (cartCountLabel in @proshop/domain/plural).
    selectDistinctItemCount: (state) => state.cartItems.length,
  },
});

export const {
  addItem,
  removeItem,
  reset,
  saveShippingAddress,
  saveShippingMethod,
  savePaymentMethod,
  applyDiscountCode,
  removeDiscountCode,
  saveGuest,
  cartLoadRequested,
  serverCartLoaded,
  serverCartVersion,
  foreignCartDropped,
  cartNoticeGiven,
  cartNoticeShown,
} = cartSlice.actions;
export const { selectCart, selectDistinctItemCount } = cartSlice.selectors;

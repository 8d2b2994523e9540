import { describe, expect, it } from 'vitest';
import {
  addItem,
  applyDiscountCode,
  cartSlice,
  foreignCartDropped,
  linesKey,
  removeDiscountCode,
  saveGuest,
  serverCartLoaded,
  removeItem,
  reset,
  selectDistinctItemCount,
  storedCartItems,
  storedDiscountCode,
  storedGuest,
  type CartItem,
  type CartState,
} from './cart-slice.ts';
import { loggedOut, signedIn } from './session-slice.ts';

const line = (product: string, qty: number): CartItem => ({
  product,
  name: `Product ${product}`,
  image: '/images/sample.jpg',
  price: 19.99,
  countInStock: 10,
  qty,
});

/** A line of the shirt's variant `variant` (size `size`). */
const shirt = (variant: string, size: string, qty: number): CartItem => ({
  ...line('shirt', qty),
  name: 'Trail Shirt',
  variant,
  sku: `SHIRT-${size}`,
  options: [
    { name: 'Size', value: size },
    { name: 'Colour', value: 'Blue' },
  ],
});

const cartOf = (cartItems: CartItem[]): CartState => ({
  cartItems,
  shippingAddress: null,
  shippingMethod: null,
  paymentMethod: 'PayPal',
  discountCode: null,
  sync: null,
  guest: null,
  notice: null,
});

const withCart = (cartItems: CartItem[]): { cart: CartState } => ({ cart: cartOf(cartItems) });

const reduce = (items: CartItem[], ...actions: Parameters<typeof cartSlice.reducer>[1][]) =>
  actions.reduce(cartSlice.reducer, cartOf(items)).cartItems;

describe('cart counts', () => {
  it('counts lines, not units, for the badge, the subtotal and the checkout button', () => {
    const state = withCart([line('a', 3), line('b', 1)]);
    expect(selectDistinctItemCount(state)).toBe(2);
  });

  it('counts nothing in an empty cart', () => {
    expect(selectDistinctItemCount(withCart([]))).toBe(0);
  });

  it('counts two variants of one product as two lines', () => {
    const state = withCart([shirt('v-m', 'M', 1), shirt('v-l', 'L', 2)]);
    expect(selectDistinctItemCount(state)).toBe(2);
  });
});

describe('cart lines: a product and its variant', () => {
  it('keeps two variants of one product as two lines', () => {
    const items = reduce([], addItem(shirt('v-m', 'M', 1)), addItem(shirt('v-l', 'L', 2)));
    expect(items.map((item) => [item.variant, item.qty])).toEqual([
      ['v-m', 1],
      ['v-l', 2],
    ]);
  });

  it('replaces the line of the same variant, in its place', () => {
    const items = reduce(
      [shirt('v-m', 'M', 1), shirt('v-l', 'L', 2)],
      addItem({ ...shirt('v-m', 'M', 4), price: 24.99 }),
    );
    expect(items.map((item) => [item.variant, item.qty, item.price])).toEqual([
      ['v-m', 4, 24.99],
      ['v-l', 2, 19.99],
    ]);
  });

  it('replaces the line of a product without options as before', () => {
    const items = reduce([line('a', 1), line('b', 1)], addItem(line('a', 3)));
    expect(items.map((item) => [item.product, item.qty])).toEqual([
      ['a', 3],
      ['b', 1],
    ]);
  });

  it('removes only the line of that variant', () => {
    const items = reduce(
      [shirt('v-m', 'M', 1), shirt('v-l', 'L', 2), line('a', 1)],
      removeItem({ product: 'shirt', variant: 'v-m' }),
    );
    expect(items.map((item) => item.variant ?? item.product)).toEqual(['v-l', 'a']);
  });

  it('removes the line of a product without options by its id', () => {
    const items = reduce([line('a', 1), shirt('v-m', 'M', 1)], removeItem({ product: 'a' }));
    expect(items.map((item) => item.variant ?? item.product)).toEqual(['v-m']);
  });
});

describe('the stored cart', () => {
  it('reads a cart stored before variants, lines without variant, SKU or options', () => {
    const stored = [line('a', 2)];
    expect(storedCartItems(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
  });

  it('reads lines of variants with their SKU and option values', () => {
    const stored = [shirt('v-m', 'M', 1), line('a', 2)];
    expect(storedCartItems(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
  });

  it('refuses a line whose variant fields are malformed', () => {
    for (const bad of [
      { variant: '' },
      { variant: 7 },
      { sku: null },
      { options: [{ name: 'Size' }] },
      { options: 'Size: M' },
    ]) {
      expect(storedCartItems([{ ...shirt('v-m', 'M', 1), ...bad }]), JSON.stringify(bad)).toBe(
        undefined,
      );
    }
  });
});

describe('the discount code', () => {
  const codeAfter = (...actions: Parameters<typeof cartSlice.reducer>[1][]) =>
    actions.reduce(cartSlice.reducer, cartOf([line('a', 1)])).discountCode;

  it('keeps the code applied in upper case, one at a time', () => {
    expect(codeAfter(applyDiscountCode(' summer-10 '))).toBe('SUMMER-10');
    expect(codeAfter(applyDiscountCode('summer-10'), applyDiscountCode('WINTER'))).toBe('WINTER');
  });

  it('is removed by Remove, and with the cart once the order is placed', () => {
    expect(codeAfter(applyDiscountCode('SUMMER-10'), removeDiscountCode())).toBe(null);
    const placed = [applyDiscountCode('SUMMER-10'), reset()].reduce(
      cartSlice.reducer,
      cartOf([line('a', 1)]),
    );
    expect(placed.cartItems).toEqual([]);
    expect(placed.discountCode).toBe(null);
  });

  it('reads a stored code back in upper case and refuses anything else', () => {
    expect(storedDiscountCode('summer-10')).toBe('SUMMER-10');
    for (const bad of ['', 'ab', 'has space', 'x'.repeat(33), 42, null, { code: 'SUMMER' }]) {
      expect(storedDiscountCode(bad), JSON.stringify(bad)).toBe(undefined);
    }
  });
});

describe("the account's cart", () => {
  const stateAfter = (...actions: Parameters<typeof cartSlice.reducer>[1][]) =>
    actions.reduce(cartSlice.reducer, {
      ...cartOf([line('a', 1)]),
      discountCode: 'SUMMER-10',
      shippingAddress: { address: '1 Road', city: 'Town', postalCode: '1', country: 'Land' },
      shippingMethod: 'method-1',
    });
  const marked = { reason: 'deleted' as const, message: 'No longer sold' };

  it("takes the server's lines, keeping a problem only on a marked line, and remembers whose they are", () => {
    const state = stateAfter(
      serverCartLoaded({
        owner: 'user-1',
        version: 4,
        cartItems: [
          { ...line('a', 2), problem: null },
          { ...line('gone', 1), problem: marked },
        ],
      }),
    );
    expect(state.cartItems).toEqual([line('a', 2), { ...line('gone', 1), problem: marked }]);
    expect(state.sync).toEqual({
      owner: 'user-1',
      version: 4,
      lines: linesKey([line('a', 2), line('gone', 1)]),
    });
  });

  it('signing out leaves no line, code, address, method or account behind; a foreign cart is dropped', () => {
    const loaded = serverCartLoaded({ owner: 'user-1', version: 1, cartItems: [] });
    const out = stateAfter(loaded, addItem(line('b', 1)), loggedOut());
    expect(out).toMatchObject({
      cartItems: [],
      discountCode: null,
      shippingAddress: null,
      shippingMethod: null,
      sync: null,
    });
    expect(stateAfter(loaded, addItem(line('b', 1)), foreignCartDropped())).toMatchObject({
      cartItems: [],
      discountCode: null,
      sync: null,
    });
  });

  it('reads a stored marked line back, and drops one with an unknown reason', () => {
    expect(storedCartItems([{ ...line('gone', 1), problem: marked }])).toEqual([
      { ...line('gone', 1), problem: marked },
    ]);
    expect(storedCartItems([{ ...line('x', 1), problem: { reason: 'nope', message: '' } }])).toBe(
      undefined,
    );
  });
});

describe("a guest's checkout details", () => {
  const guest = { email: 'guest@example.com', name: 'Gail Guest' };
  const account = {
    _id: 'user-1',
    name: 'Ann',
    email: 'ann@example.com',
    isAdmin: false,
    emailVerified: true,
    token: 't',
  };
  const guestAfter = (...actions: Parameters<typeof cartSlice.reducer>[1][]) =>
    actions.reduce(cartSlice.reducer, cartOf([line('a', 1)])).guest;

  it('keeps the e-mail and name given, and forgets them when asked', () => {
    expect(guestAfter(saveGuest(guest))).toEqual(guest);
    expect(guestAfter(saveGuest(guest), saveGuest(null))).toBeNull();
  });

  it('are dropped when the shopper signs in: an account buys as itself', () => {
    expect(guestAfter(saveGuest(guest), signedIn(account))).toBeNull();
  });

  it('are read back only with a non-empty e-mail and name, other fields left out', () => {
    expect(storedGuest({ ...guest, extra: 1 })).toEqual(guest);
    for (const bad of [{ email: 'guest@example.com' }, { ...guest, name: '' }, 'guest', null]) {
      expect(storedGuest(bad), JSON.stringify(bad)).toBe(undefined);
    }
  });
});

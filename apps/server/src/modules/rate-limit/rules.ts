import type { Spacing } from './store.ts';

/** Limits of one kind of attempt, per client address and per e-mail, in a fixed window. */
export interface RateLimitRule {
  name: string;
  perAddress: number;
  perEmail: number;
  windowMs: number;
}

/**
 * Sign-in limits. The hard limits count by address and by e-mail and address together, so an
 * attacker's guesses lock out the attacker's address, not the account's owner. Across all
 * addresses an e-mail gets growing pauses instead of a lock-out: guessing from many addresses
 * slows to one guess a minute, while the owner waits at most that long.
 */
export interface SignInRule {
  name: string;
  windowMs: number;
  perAddress: number;
  perEmailAndAddress: number;
  perEmail: Spacing;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/**
 * The per-address limits are looser than the per-e-mail ones because many shoppers can share one
 * address (an office, a mobile network); the per-e-mail limits stop guessing at one account
 * from many addresses.
 */
export const rateLimitRules = {
  register: { name: 'register', perAddress: 50, perEmail: 5, windowMs: 60 * MINUTE },
  forgotPassword: { name: 'forgot-password', perAddress: 20, perEmail: 5, windowMs: 15 * MINUTE },
  /** Checking a reset code and resetting with it draw from the same allowance. */
  resetCode: { name: 'reset-code', perAddress: 50, perEmail: 10, windowMs: 15 * MINUTE },
  /**
   * Discount codes tried, checked or sent with an order, counted whatever the answer (counting
   * only the unknown ones would let a guesser past the limit tell a real code by its answer):
   * far more than a shopper whose cart asks again at each change, far too few to find codes by
   * guessing.
   */
  /**
   * New e-mail confirmation links: per account (its id in the e-mail's place, since the address
   * may change) and per client address. A few cover a lost or slow e-mail; more would let an
   * account send mail to any address over and over.
   */
  confirmEmail: { name: 'confirm-email', perAddress: 30, perEmail: 3, windowMs: 60 * MINUTE },
  discountCode: { name: 'discount-code', perAddress: 1000, perEmail: 300, windowMs: 15 * MINUTE },
  /**
   * Orders placed by guests (issue #37), per address and per e-mail given: each sends an e-mail
   * to that address and holds an order, so a script must not send either without bound. A
   * shopper who retries a failed checkout, or a family behind one address, stays far below.
   */
  guestOrder: { name: 'guest-order', perAddress: 30, perEmail: 10, windowMs: 60 * MINUTE },
  /**
   * A guest's order link asked for again (POST /api/orders/lookup): each may e-mail the address
   * and replaces the order's key, so a few an hour per e-mail, enough per address for a family.
   */
  orderLookup: { name: 'order-lookup', perAddress: 20, perEmail: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/** Limits of requests counted per client address only (there is no e-mail to count by). */
export interface AddressRateLimitRule {
  name: string;
  perAddress: number;
  windowMs: number;
}

/**
 * PayPal's webhook deliveries per address: each unverified request costs the shop a call to
 * PayPal, so a forger must not make it call out without bound. PayPal sends one delivery per
 * event and retries after minutes, from several addresses: far below this.
 */
export const PAYPAL_WEBHOOKS_PER_MINUTE = 60;

export const paypalWebhookRule: AddressRateLimitRule = {
  name: 'paypal-webhook',
  perAddress: PAYPAL_WEBHOOKS_PER_MINUTE,
  windowMs: MINUTE,
};

/**
 * Stripe's webhook deliveries per address that fail their signature check (a forged, altered,
 * expired or unsigned event). A verified delivery is not counted, so Stripe's own, however many,
 * are never limited; past this many refusals, the address is refused before its next one is
 * checked.
 */
export const stripeWebhookRule: AddressRateLimitRule = {
  name: 'stripe-webhook-refused',
  perAddress: 30,
  windowMs: 15 * MINUTE,
};

/**
 * Each attempt is counted before the password is checked and given back when it succeeds, so a
 * shopper who signs in often is never limited, and attempts sent together cannot pass the limit.
 * From the 10th attempt at one e-mail in the window, attempts are spaced 1 s, 2 s, 4 s ... 1 min
 * apart: at most 10 are ever judged at once, however many addresses send them.
 */
export const signInRule: SignInRule = {
  name: 'login',
  windowMs: 15 * MINUTE,
  perAddress: 50,
  perEmailAndAddress: 10,
  perEmail: { spacedFrom: 10, firstPauseMs: SECOND, maxPauseMs: MINUTE },
};

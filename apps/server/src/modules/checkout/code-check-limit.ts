import type { SessionUser } from '../auth/access-plugin.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { rateLimitRules } from '../rate-limit/rules.ts';
import type { DiscountCustomer } from '../promotions/service.ts';

/**
 * The customer a code is checked for before the order is placed: the signed-in account, else a
 * guest by the e-mail they gave (none yet: a new customer, checked again with the e-mail when
 * the order is placed).
 */
export const checkingCustomer = (
  user: SessionUser | null,
  guestEmail: string | undefined,
): DiscountCustomer =>
  user ? { userId: user.id, email: user.email } : { userId: null, email: guestEmail ?? '' };

/**
 * Counts a discount code tried by this customer from this address (POST /api/discounts/check,
 * and a quote with a code): by address and by e-mail. A guest who gave no e-mail yet is counted
 * by address alone: one shared count for every such guest would let a few hundred checks lock
 * all of them out.
 */
export async function countCodeCheck(
  limiter: RateLimiter,
  address: string,
  customer: DiscountCustomer,
): Promise<void> {
  if (customer.email === '') {
    await limiter.consumeByAddress(rateLimitRules.discountCode, address);
  } else {
    await limiter.consume(rateLimitRules.discountCode, { address, email: customer.email });
  }
}

import { createHash } from 'node:crypto';
import { normalizeCode } from '@proshop/domain/discounts';
import type { CreateOrderRequest } from '@proshop/domain/order-schemas';

/** JSON with every object's keys sorted: one text for one value, however its keys were sent. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256 (hex) of an order request as validated: unknown fields are already dropped and
 * numbers parsed, so a retry that spells the same order differently (key order, `10` or
 * `10.00`, the code in another case) has the same hash, and any other order (another discount
 * code or shipping method included) a different one. The lines' order counts: it is the order's.
 * No code and no discount are left out, so an order without a code hashes as it did before codes
 * existed; nor is an absent shipping method (issue #38).
 */
export function orderRequestHash(request: CreateOrderRequest): string {
  const { discountCode, discountPrice, ...rest } = request;
  const code = discountCode ? normalizeCode(discountCode) : '';
  const canonical = {
    ...rest,
    ...(code === '' ? {} : { discountCode: code }),
    ...(discountPrice === 0 ? {} : { discountPrice }),
  };
  return createHash('sha256').update(canonicalJson(canonical)).digest('hex');
}

import { createHash } from 'node:crypto';
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
 * `10.00`) has the same hash, and any other order a different one. The lines' order counts: it
 * is the order's.
 */
export function orderRequestHash(request: CreateOrderRequest): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/**
 * What can happen to an order, as its timeline lists it (issue #19). Each event is written in
 * the transaction of the change it records, so the timeline never tells of a change that did
 * not commit, nor misses one that did.
 */
export const ORDER_EVENT_KINDS = [
  'placed',
  'payment-started',
  'paid',
  'payment-failed',
  'payment-problem',
  'sent',
  'delivered',
  'cancelled',
  'refund',
  'return-requested',
  'return-accepted',
  'return-declined',
  'email',
  'note',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** Who made it happen: the buyer, an admin, or the shop itself (a worker, PayPal's webhook). */
export const ORDER_EVENT_ACTORS = ['buyer', 'admin', 'shop'] as const;
export type OrderEventActor = (typeof ORDER_EVENT_ACTORS)[number];

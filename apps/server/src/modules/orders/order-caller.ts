import type { SessionUser } from '../auth/access-plugin.ts';
import { keyOpens } from './order-access-keys.ts';
import { byAdmin, byBuyer, type EventActor } from './order-events.ts';
import type { OrderRow } from './order-mapper.ts';

/**
 * Who asks about an order: the signed-in user (null without a token), and the key of the
 * order's link if one was sent (a guest's, issue #37). Reading, paying, cancelling and
 * returning all decide by the two rules below.
 */
export interface OrderCaller {
  user: SessionUser | null;
  key?: string | undefined;
}

/** The order's buyer: its account, or whoever holds its link's key. */
export function isBuyer(caller: OrderCaller, order: Pick<OrderRow, 'userId' | 'accessKeyHash'>) {
  return (
    (caller.user !== null && order.userId === caller.user.id) ||
    keyOpens(caller.key, order.accessKeyHash)
  );
}

/** Whether the caller may see the order: its buyer or an admin. */
export function mayView(caller: OrderCaller, order: Pick<OrderRow, 'userId' | 'accessKeyHash'>) {
  return isBuyer(caller, order) || caller.user?.isAdmin === true;
}

/** A signed-in user as an order's caller (the routes that take no key). */
export const signedIn = (user: SessionUser): OrderCaller => ({ user });

/**
 * The caller as the order's timeline names them: its buyer (by account, or a guest by the key:
 * no account, the order's buyer name), else the admin they are.
 */
export function callerActor(
  caller: OrderCaller,
  order: Pick<OrderRow, 'userId' | 'accessKeyHash' | 'buyerName'>,
): EventActor {
  if (caller.user !== null && order.userId === caller.user.id) return byBuyer(caller.user);
  if (isBuyer(caller, order)) return { actor: 'buyer', actorId: null, actorName: order.buyerName };
  if (caller.user) return byAdmin(caller.user);
  throw new Error('An order change by a caller who may not make it');
}

/** The caller of a `guest` route about one order: the user if signed in, and `?key=` if sent. */
export function orderCaller(request: { user: SessionUser | null; query: unknown }): OrderCaller {
  const { key } = (request.query ?? {}) as { key?: string };
  return { user: request.user, key };
}

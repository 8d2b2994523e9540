import type { OrderEvent } from '@proshop/domain/order-event-schemas';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { notFound } from '../../errors/app-error.ts';
import type { SessionUser } from '../auth/access-plugin.ts';
import { confirmCaller } from '../auth/confirm-caller.ts';
import { byAdmin, findOrderEvents, recordOrderEvent, toOrderEvent } from './order-events.ts';
import { findOrderWithLines } from './order-records.ts';
import { ORDER_NOT_FOUND } from './service.ts';

async function assertOrderExists(db: Database, orderId: string): Promise<void> {
  if (!isUuid(orderId) || !(await findOrderWithLines(db, orderId))) {
    throw notFound(ORDER_NOT_FOUND);
  }
}

/** Admin: GET /api/orders/{id}/events, the order's timeline oldest first, notes included. */
export async function orderTimeline(db: Database, orderId: string): Promise<OrderEvent[]> {
  await assertOrderExists(db, orderId);
  return (await findOrderEvents(db, orderId)).map(toOrderEvent);
}

/**
 * Admin: POST /api/orders/{id}/notes, an internal note on the order's timeline. Only the admin
 * routes answer notes; no answer a customer can get (the order, the e-mails) carries them.
 */
export async function addOrderNote(
  db: Database,
  admin: SessionUser,
  orderId: string,
  note: string,
): Promise<OrderEvent> {
  return db.transaction(async (tx) => {
    await confirmCaller(tx, admin, 'admin');
    await assertOrderExists(tx, orderId);
    const event = await recordOrderEvent(tx, {
      orderId,
      kind: 'note',
      ...byAdmin(admin),
      details: { note },
    });
    return toOrderEvent(event);
  });
}

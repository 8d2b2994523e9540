// The admin order list's return filter (GET /api/orders?returns=requested, and the CSV export's
// same filter): only the orders with a return request still waiting for the admin's decision.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnRequests } from '../../src/db/schema/orders.ts';
import { createSignedInUser } from '../helpers/factories.ts';
import { deliveredAt, storeOrder } from '../helpers/stored-orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('GET /api/orders?returns=requested', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  const ids: Record<'waiting' | 'declined' | 'accepted' | 'none' | 'both', string> = {
    waiting: '',
    declined: '',
    accepted: '',
    none: '',
    both: '',
  };

  beforeAll(async () => {
    t = await createTestApp({ PAGE_SIZE: '50' });
    const db = t.database.db;
    admin = await createSignedInUser(db, { isAdmin: true });
    const delivered = deliveredAt(new Date('2026-03-01T12:00:00Z'));
    for (const [index, name] of (
      ['none', 'waiting', 'declined', 'accepted', 'both'] as const
    ).entries()) {
      const order = await storeOrder(db, {
        buyerName: `Returner ${name}`,
        createdAt: new Date(Date.UTC(2026, 2, 2 + index)),
        values: { ...delivered, captureId: randomUUID() },
      });
      ids[name] = order.id;
    }
    const request = (orderId: string, status: 'requested' | 'accepted' | 'declined') =>
      db.insert(returnRequests).values({ orderId, status, reason: 'Too small' });
    await request(ids.waiting, 'requested');
    await request(ids.declined, 'declined');
    await request(ids.accepted, 'accepted');
    // An earlier request declined, a second one waiting: it waits.
    await request(ids.both, 'declined');
    await request(ids.both, 'requested');
  });
  afterAll(() => t.close());

  const list = (query: string) =>
    t.app.inject({ url: `/api/orders${query}`, headers: admin.headers });

  it('lists only the orders with a return request waiting, newest first', async () => {
    const res = await list('?returns=requested');
    expect(res.statusCode, res.body).toBe(200);
    const { orders } = res.json<{ orders: { _id: string; returns: { status: string }[] }[] }>();
    expect(orders.map((order) => order._id)).toEqual([ids.both, ids.waiting]);
  });

  it('goes with the other filters', async () => {
    const res = await list(`?returns=requested&q=${encodeURIComponent('Returner waiting')}`);
    expect(res.json<{ orders: { _id: string }[] }>().orders.map((o) => o._id)).toEqual([
      ids.waiting,
    ]);
    const delivered = await list('?returns=requested&status=delivered');
    expect(delivered.json<{ orders: unknown[] }>().orders).toHaveLength(2);
    const notPaid = await list('?returns=requested&status=not-paid');
    expect(notPaid.json<{ orders: unknown[] }>().orders).toHaveLength(0);
  });

  it('exports the same orders as CSV', async () => {
    const res = await t.app.inject({
      url: '/api/orders/export.csv?returns=requested',
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(ids.waiting);
    expect(res.body).toContain(ids.both);
    expect(res.body).not.toContain(ids.declined);
    expect(res.body).not.toContain(ids.none);
  });

  it('refuses an unknown value with 400 and says which', async () => {
    const res = await list('?returns=maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/Unknown return filter/);
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { orderBody } from '../helpers/orders.ts';
import { countStatuses, releaseTogether } from '../helpers/release-together.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const REUSED =
  'This Idempotency-Key was already used for a different order. Send a new key for a new order.';

// An Idempotency-Key makes a retried POST /api/orders answer the order it placed. The same key
// with another order must not answer that first order as if the new one had been placed.
describe('an Idempotency-Key sent again with another order', () => {
  let t: TestApp;
  let shopper: Awaited<ReturnType<typeof createSignedInUser>>;
  let lamp: Awaited<ReturnType<typeof createProduct>>;
  let chair: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    t = await createTestApp();
    shopper = await createSignedInUser(t.database.db);
    lamp = await createProduct(t.database.db, { price: '19.99', countInStock: 100 });
    chair = await createProduct(t.database.db, { price: '89.50', countInStock: 100 });
  });
  afterAll(() => t.close());

  const oneLamp = () => orderBody([{ product: lamp, qty: 1 }]);
  const twoChairs = () => orderBody([{ product: chair, qty: 2 }]);
  const place = (key: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...shopper.headers, 'idempotency-key': key },
      payload: body,
    });
  const ordersWithKey = (key: string) =>
    t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key));

  it('answers the first order to the same order sent again, however its JSON is spelled', async () => {
    const key = randomUUID();
    const first = await place(key, oneLamp());
    expect(first.statusCode).toBe(201);
    // The same order: keys in another order, an unknown field (dropped), a price as 19.990.
    const { orderItems, shippingAddress, ...rest } = oneLamp();
    const respelled = JSON.parse(
      JSON.stringify({ note: 'ignored', ...rest, shippingAddress, orderItems }).replace(
        `"itemsPrice":${rest.itemsPrice}`,
        `"itemsPrice":${rest.itemsPrice.toFixed(3)}`,
      ),
    ) as object;
    const again = await place(key, respelled);
    expect(again.statusCode).toBe(201);
    expect(again.json()._id).toBe(first.json()._id);
    expect(await ordersWithKey(key)).toHaveLength(1);
  });

  it('refuses another order under a used key with 422, in either order of arrival, and places nothing', async () => {
    for (const [firstBody, secondBody] of [
      [oneLamp(), twoChairs()],
      [twoChairs(), oneLamp()],
    ]) {
      const key = randomUUID();
      const first = await place(key, firstBody!);
      expect(first.statusCode).toBe(201);
      const second = await place(key, secondBody!);
      expect(second.statusCode).toBe(422);
      expect(second.json()).toEqual({ message: REUSED });
      const stored = await ordersWithKey(key);
      expect(stored.map((order) => order.id)).toEqual([first.json()._id]);
    }
  });

  it('refuses a changed quantity or address under the same key too', async () => {
    const key = randomUUID();
    expect((await place(key, oneLamp())).statusCode).toBe(201);
    const twoLamps = orderBody([{ product: lamp, qty: 2 }]);
    expect((await place(key, twoLamps)).statusCode).toBe(422);
    const elsewhere = {
      ...oneLamp(),
      shippingAddress: { ...oneLamp().shippingAddress, city: 'Shelbyville' },
    };
    expect((await place(key, elsewhere)).statusCode).toBe(422);
  });

  it('makes one order of two different orders released together under one key', async () => {
    for (let round = 0; round < 5; round++) {
      const key = randomUUID();
      const headers = { ...shopper.headers, 'idempotency-key': key };
      const answers = await releaseTogether(t.app, [
        { method: 'POST', url: '/api/orders', headers, payload: oneLamp() },
        { method: 'POST', url: '/api/orders', headers, payload: twoChairs() },
      ]);
      expect(countStatuses(answers)).toEqual({ 201: 1, 422: 1 });
      const placed = answers.find((answer) => answer.statusCode === 201)!;
      const refused = answers.find((answer) => answer.statusCode === 422)!;
      expect(refused.json()).toEqual({ message: REUSED });
      const stored = await ordersWithKey(key);
      expect(stored.map((order) => order.id)).toEqual([placed.json<{ _id: string }>()._id]);
    }
  });

  it('answers the first order to any order under a key stored before hashes were kept', async () => {
    const key = randomUUID();
    const first = await place(key, oneLamp());
    await t.database.db
      .update(orders)
      .set({ idempotencyBodyHash: null })
      .where(eq(orders.id, first.json()._id));
    const other = await place(key, twoChairs());
    expect(other.statusCode).toBe(201);
    expect(other.json()._id).toBe(first.json()._id);
  });
});

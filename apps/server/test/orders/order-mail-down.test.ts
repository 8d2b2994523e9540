import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import { createProduct, createSignedInUser } from '../helpers/factories.ts';
import { payOrder, placeOrder } from '../helpers/orders.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A port with nothing listening: the mail server is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a mail server that is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
  });
  afterAll(() => t.close());

  it('does not turn a captured payment into an error: the order is paid, the receipt waits in the outbox', async () => {
    const shopper = await createSignedInUser(t.database.db);
    const lamp = await createProduct(t.database.db, { price: '30.00', countInStock: 1 });
    const { _id: id, orderNumber } = await placeOrder(t.app, shopper.headers, [
      { product: lamp, qty: 1 },
    ]);
    const paid = await payOrder(t.app, shopper.headers, id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().isPaid).toBe(true);
    expect(await t.app.mailOutbox.runOnce()).toEqual({ sent: 0, failed: 1, gaveUp: 0 });
    const [waiting] = await t.database.db.select().from(mailOutbox);
    expect(waiting).toMatchObject({ to: shopper.user.email, attempts: 1, sentAt: null });
    expect(waiting?.subject).toContain(`receipt for order #${orderNumber}`);
    expect(waiting?.nextAttemptAt).not.toBeNull();
  });
});

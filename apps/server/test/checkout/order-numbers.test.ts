// Orders get a short number from one database sequence (issue #36, decision 0041): every order
// answer carries it, and orders placed at the same moment, on one instance or on two, never share
// one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Order, OrderPage } from '@proshop/domain/order-schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/db/client.ts';
import { createProduct, createSignedInUser, TEST_JWT_SECRET } from '../helpers/factories.ts';
import { orderBody } from '../helpers/orders.ts';
import { onPostgresOnly } from '../helpers/skip-reason.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../helpers/test-database.ts';

const TOGETHER = 20;

describe('order numbers', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let lamp: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.database.db, { isAdmin: true });
    lamp = await createProduct(t.database.db, { price: '10.00', countInStock: 1_000 });
  });
  afterAll(() => t.close());

  /** Places TOGETHER orders of new shoppers at once, each on the app its index picks. */
  async function placeTogether(apps: FastifyInstance[], db: Database = t.database.db) {
    const product = await createProduct(db, { price: '10.00', countInStock: TOGETHER });
    const shoppers = await Promise.all(
      Array.from({ length: TOGETHER }, () => createSignedInUser(db)),
    );
    const body = orderBody([{ product, qty: 1 }]);
    const answers = await Promise.all(
      shoppers.map((shopper, index) =>
        apps[index % apps.length]!.inject({
          method: 'POST',
          url: '/api/orders',
          headers: shopper.headers,
          payload: body,
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    return answers.map((answer) => answer.json<Order>());
  }

  it('gives orders placed at the same moment distinct numbers from 1001 up', async () => {
    const placed = await placeTogether([t.app]);
    const numbers = placed.map((order) => order.orderNumber);
    expect(new Set(numbers).size).toBe(TOGETHER);
    for (const number of numbers) {
      expect(Number.isInteger(number)).toBe(true);
      expect(number).toBeGreaterThanOrEqual(1001);
    }
  });

  it('answers the same number for an order wherever it is read: the order, My Orders, the admin list', async () => {
    const shopper = await createSignedInUser(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: orderBody([{ product: lamp, qty: 1 }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { _id: id, orderNumber } = res.json<Order>();
    const read = async (url: string, headers = shopper.headers) => {
      const answer = await t.app.inject({ url, headers });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer;
    };
    expect((await read(`/api/orders/${id}`)).json<Order>().orderNumber).toBe(orderNumber);
    const mine = (await read('/api/orders/myorders')).json<Order[]>();
    expect(mine.find((order) => order._id === id)?.orderNumber).toBe(orderNumber);
    const page = (await read(`/api/orders?q=${id}`, admin.headers)).json<OrderPage>();
    expect(page.orders.map((order) => [order._id, order.orderNumber])).toEqual([[id, orderNumber]]);
  });

  describe.skipIf(testDatabaseKind !== 'postgres')('on two instances', onPostgresOnly, () => {
    let database: TestDatabase;
    let secondHandle: DatabaseHandle;
    let first: FastifyInstance;
    let second: FastifyInstance;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'proshop-test-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      });
      database = await createTestDatabase();
      secondHandle = await openDatabase({ url: database.url! });
      first = await buildApp({ config, database: database.handle, jwtSecret: TEST_JWT_SECRET });
      second = await buildApp({ config, database: secondHandle, jwtSecret: TEST_JWT_SECRET });
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await secondHandle?.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('never gives two orders placed at once on two instances the same number', async () => {
      const placed = await placeTogether([first, second], database.handle.db);
      expect(new Set(placed.map((order) => order.orderNumber)).size).toBe(TOGETHER);
    });
  });
});

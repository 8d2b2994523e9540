import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProductDetail } from '@proshop/domain/product-schemas';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { createSignedInUser, createProduct, TEST_JWT_SECRET } from '../helpers/factories.ts';
import { onPostgresOnly } from '../helpers/skip-reason.ts';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../helpers/test-database.ts';

/**
 * How long a test waits for an instance to notice its LISTEN connection was cut and made again.
 * pg reports the cut at once; the first new attempt follows after 100 ms.
 */
const RECONNECT_BOUND_MS = 2_000;

/** Two instances of the shop on one PostgreSQL database, as behind a load balancer. */
describe.skipIf(testDatabaseKind !== 'postgres')(
  'catalogue cache across instances',
  onPostgresOnly,
  () => {
    let database: TestDatabase;
    let secondHandle: DatabaseHandle;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let dataDir: string;
    let admin: Awaited<ReturnType<typeof createSignedInUser>>;

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
      a = await buildApp({ config, database: database.handle, jwtSecret: TEST_JWT_SECRET });
      b = await buildApp({ config, database: secondHandle, jwtSecret: TEST_JWT_SECRET });
      admin = await createSignedInUser(database.handle.db, { isAdmin: true });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await secondHandle?.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const read = async (app: FastifyInstance, url: string) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return res;
    };
    const detail = async (app: FastifyInstance, id: string) =>
      (await read(app, `/api/products/${id}`)).json<ProductDetail>();
    const queriesOf = async (app: FastifyInstance, run: () => Promise<unknown>) => {
      const spy = vi.spyOn(app.db, 'select');
      try {
        await run();
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const setPrice = async (id: string, price: number) => {
      const res = await a.inject({
        method: 'PUT',
        url: `/api/products/${id}`,
        headers: admin.headers,
        payload: {
          name: 'Shared Lamp',
          price,
          image: '/images/lamp.jpg',
          brand: 'Lumen',
          category: 'Lights',
          countInStock: 3,
          description: 'Lights a room.',
        },
      });
      expect(res.statusCode).toBe(200);
    };
    /** Reads until `done` holds, at most `boundMs`; the last value either way. */
    async function readUntil<T>(readOnce: () => Promise<T>, done: (value: T) => boolean) {
      const deadline = Date.now() + RECONNECT_BOUND_MS;
      let value = await readOnce();
      while (!done(value) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        value = await readOnce();
      }
      return value;
    }

    it("shows a price changed through A on B's very next read, every time", async () => {
      const lamp = await createProduct(database.handle.db, { name: 'Shared Lamp' });
      const url = `/api/products/${lamp.id}`;
      await read(b, url);
      // B answers from its cache: a stale answer would be possible without the announcement.
      expect(await queriesOf(b, () => read(b, url))).toBe(0);
      for (const price of [11, 12.5, 13, 14.25, 15, 16, 17.75, 18, 19, 20]) {
        await setPrice(lamp.id, price);
        // No waiting: A answered only after the commit, which PostgreSQL announced to B.
        expect((await detail(b, lamp.id)).price).toBe(price);
        const listed = (await read(b, '/api/products')).json<{ products: ProductDetail[] }>();
        expect(listed.products.find((p) => p._id === lamp.id)?.price).toBe(price);
        expect(await queriesOf(b, () => read(b, url))).toBe(0);
      }
    });

    it('drops its cache when another process announces a change on catalogue_changed', async () => {
      const lamp = await createProduct(database.handle.db, { name: 'Quiet Lamp' });
      await read(b, `/api/products/${lamp.id}`);
      // What `npm run seed -- --reset`, or any instance, does: change and announce in one commit.
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(`update products set name = 'Announced Lamp' where id = $1`, [lamp.id]);
        await other.query(`select pg_notify('catalogue_changed', '')`);
        await other.query('commit');
      } finally {
        await other.end();
      }
      expect((await detail(b, lamp.id)).name).toBe('Announced Lamp');
    });

    it('serves nothing it may have missed when its LISTEN connection is cut, then caches again', async () => {
      const lamp = await createProduct(database.handle.db, { name: 'Lamp Before' });
      await read(b, `/api/products/${lamp.id}`);
      // A change nobody announced, as if B had missed the announcement.
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query(`update products set name = 'Lamp After' where id = $1`, [lamp.id]);
        expect((await detail(b, lamp.id)).name).toBe('Lamp Before');
        // Cut the listening sessions of both instances.
        const cut = await other.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'proshop catalogue listener' and datname = current_database()`,
        );
        expect(cut.rowCount).toBe(2);
      } finally {
        await other.end();
      }
      const after = await readUntil(
        () => detail(b, lamp.id),
        (product) => product.name === 'Lamp After',
      );
      expect(after.name).toBe('Lamp After');
      await readUntil(
        async () => b.catalogue.isCaching,
        (caching) => caching,
      );
      expect(b.catalogue.isCaching).toBe(true);
      await read(b, `/api/products/${lamp.id}`);
      expect(await queriesOf(b, () => read(b, `/api/products/${lamp.id}`))).toBe(0);
    });
  },
);

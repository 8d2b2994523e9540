import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/config.ts';
import { LagMonitor, parseLsn, type LagProbes } from '../../src/db/replicas/lag-monitor.ts';
import { ReadRouter, type QueryPool } from '../../src/db/replicas/read-router.ts';
import { READ_PRIMARY_COOKIE } from '../../src/db/replicas/read-your-writes.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';
import { signIn } from '../helpers/auth.ts';
import { onPostgresOnly } from '../helpers/skip-reason.ts';
import { TEST_PASSWORD, createUser } from '../helpers/factories.ts';

/**
 * The read router's rules with fake servers (the real streaming replica is in the cluster test,
 * apps/server/test/cluster/replicas.test.ts): lag from sampled WAL positions, replicas left out
 * and taken back, reads failing over to the primary, cache refills fenced after a change.
 */

const silentLog = () => ({ warn: vi.fn(), info: vi.fn() });

/** A primary whose WAL position the test moves, replicas whose replayed position it sets. */
function fakeServers(replicaCount: number) {
  const state = {
    primary: 100n,
    replayed: Array.from({ length: replicaCount }, (): bigint | null => 100n),
    failing: new Set<number>(),
  };
  const probes: LagProbes = {
    primaryLsn: async () => state.primary,
    replayLsn: async (index) => {
      if (state.failing.has(index))
        throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
      return state.replayed[index] ?? null;
    },
  };
  return { state, probes };
}

describe('the lag monitor', () => {
  it('parses WAL positions so that they compare', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(() => parseLsn('nonsense')).toThrow(/WAL position/);
  });

  it('reads an idle primary as no lag, and lag as the age of the oldest sample not replayed', async () => {
    let now = 0;
    const { state, probes } = fakeServers(1);
    const log = silentLog();
    const monitor = new LagMonitor({
      replicas: ['r0'],
      maxLagMs: 2_000,
      intervalMs: 200,
      probes,
      log,
      now: () => now,
    });
    await monitor.tick();
    expect(monitor.usable(0, false)).toBe(true);
    // Nothing written for a minute: the replica has everything, so no lag.
    now = 60_000;
    await monitor.tick();
    expect(monitor.describe()[0]?.lagMs).toBe(0);
    expect(monitor.usable(0, false)).toBe(true);

    // The primary moves on at 60 s; the replica stops replaying.
    state.primary = 200n;
    await monitor.tick();
    now = 61_500;
    await monitor.tick();
    expect(monitor.describe()[0]?.lagMs).toBe(1_500);
    expect(monitor.usable(0, false)).toBe(true);
    now = 62_100;
    await monitor.tick();
    expect(monitor.usable(0, false)).toBe(false);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ replica: 'r0' }),
      expect.stringMatching(/Read replica left out: it is 2100 ms behind/),
    );

    // It catches up: back in, and said so.
    state.replayed[0] = 200n;
    await monitor.tick();
    expect(monitor.usable(0, false)).toBe(true);
    expect(log.warn).toHaveBeenLastCalledWith(
      expect.objectContaining({ replica: 'r0' }),
      'Read replica back in use',
    );
  });

  it('leaves out a replica that does not answer or is not a standby, until it answers again', async () => {
    const { state, probes } = fakeServers(2);
    const log = silentLog();
    const monitor = new LagMonitor({
      replicas: ['r0', 'r1'],
      maxLagMs: 2_000,
      intervalMs: 200,
      probes,
      log,
    });
    state.failing.add(0);
    state.replayed[1] = null;
    await monitor.tick();
    expect([monitor.usable(0, false), monitor.usable(1, false)]).toEqual([false, false]);
    expect(log.warn).toHaveBeenCalledTimes(2);
    state.failing.clear();
    state.replayed[1] = 100n;
    await monitor.tick();
    expect([monitor.usable(0, false), monitor.usable(1, false)]).toEqual([true, true]);
  });

  it('fences cache refills: the primary until a later sample, then only replicas that replayed it', async () => {
    let now = 0;
    const { state, probes } = fakeServers(1);
    const monitor = new LagMonitor({
      replicas: ['r0'],
      maxLagMs: 2_000,
      intervalMs: 200,
      probes,
      log: silentLog(),
      now: () => now,
    });
    await monitor.tick();
    // A change commits at 150; the replica, 10 ms behind, has not replayed it yet.
    state.primary = 150n;
    now = 10;
    monitor.fence();
    expect(monitor.usable(0, true)).toBe(false);
    await monitor.tick();
    expect(monitor.usable(0, false)).toBe(true);
    expect(monitor.usable(0, true)).toBe(false);
    state.replayed[0] = 150n;
    await monitor.tick();
    expect(monitor.usable(0, true)).toBe(true);
  });
});

/** A pool answering with its own name, or failing as told. */
function fakePool(name: string) {
  const pool = {
    calls: 0,
    failWith: undefined as Error | undefined,
    query: vi.fn(async (config: unknown) => {
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      if (/pg_current_wal_lsn|pg_last_wal_replay_lsn/.test(text)) {
        if (pool.failWith && name !== 'primary') throw pool.failWith;
        return { rows: [{ value: '0/100' }], fields: [] };
      }
      pool.calls += 1;
      if (pool.failWith) throw pool.failWith;
      return { rows: [{ who: name }], fields: [], command: 'SELECT' };
    }),
    end: vi.fn(async () => {}),
  };
  return pool satisfies QueryPool;
}

describe('the read router', () => {
  const setUp = async (replicaCount: number) => {
    const primary = fakePool('primary');
    const replicas = Array.from({ length: replicaCount }, (_, i) => fakePool(`r${i}`));
    const log = silentLog();
    const router = new ReadRouter({
      primary,
      replicas: replicas.map((pool, i) => ({ name: `r${i}`, pool })),
      maxLagMs: 2_000,
      log,
    });
    await router.monitor.tick();
    const who = async () => {
      const result = (await router.db.execute(sql`select 'x' as who`)) as {
        rows: { who: string }[];
      };
      return result.rows[0]?.who;
    };
    return { primary, replicas, router, who, log };
  };

  it('takes the replicas in turn, and the primary when none is usable', async () => {
    const { replicas, router, who } = await setUp(2);
    expect([await who(), await who(), await who()]).toEqual(['r0', 'r1', 'r0']);
    router.monitor.markDown(0, 'test');
    router.monitor.markDown(1, 'test');
    expect(await who()).toBe('primary');
    expect(replicas[0]?.calls).toBe(2);
  });

  it('runs a read again on the primary when a replica fails for a connection-level reason, and leaves it out', async () => {
    const { replicas, primary, router, who, log } = await setUp(1);
    for (const failure of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
      new Error('Connection terminated unexpectedly'),
      new Error('Query read timeout'),
    ]) {
      replicas[0]!.failWith = failure;
      await router.monitor.tick();
      replicas[0]!.failWith = undefined;
      await router.monitor.tick();
      expect(router.monitor.usable(0, false)).toBe(true);
      replicas[0]!.failWith = failure;
      const before = primary.calls;
      expect(await who()).toBe('primary');
      expect(primary.calls).toBe(before + 1);
      expect(router.monitor.usable(0, false)).toBe(false);
    }
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ replica: 'r0' }),
      expect.stringMatching(/Read replica left out/),
    );
  });

  it('runs a read cancelled by a recovery conflict on the primary, and keeps the replica', async () => {
    const { replicas, router, who } = await setUp(1);
    replicas[0]!.failWith = Object.assign(
      new Error('canceling statement due to conflict with recovery'),
      { code: '40001' },
    );
    expect(await who()).toBe('primary');
    expect(router.monitor.usable(0, false)).toBe(true);
  });

  it("lets the query's own errors through, and refuses transactions loudly", async () => {
    const { replicas, primary, router, who } = await setUp(1);
    replicas[0]!.failWith = Object.assign(new Error('relation "nope" does not exist'), {
      code: '42P01',
    });
    await expect(who()).rejects.toMatchObject({ cause: { code: '42P01' } });
    expect(primary.calls).toBe(0);
    expect(() => router.db.transaction(async () => {})).toThrow(/read-replica handle/);
    await expect(router.db.execute(sql`begin`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/read-replica handle/) },
    });
  });

  it('stops its timer and ends the replicas’ pools on close', async () => {
    const { replicas, router } = await setUp(1);
    router.start();
    await router.close();
    expect(replicas[0]?.end).toHaveBeenCalled();
  });
});

describe('replica settings', () => {
  const db = 'postgres://shop@127.0.0.1/shop';
  it('takes comma-separated PostgreSQL URLs and a lag bound, 2000 ms by default', () => {
    const config = loadConfig({
      DATABASE_URL: db,
      DATABASE_REPLICA_URLS: ' postgres://a@r1:5432/shop, postgresql://a@r2/shop ',
    });
    expect(config.DATABASE_REPLICA_URLS).toEqual([
      'postgres://a@r1:5432/shop',
      'postgresql://a@r2/shop',
    ]);
    expect(config.REPLICA_MAX_LAG_MS).toBe(2_000);
    // Empty, as compose passes a variable deploy/.env leaves blank: the default.
    expect(loadConfig({ REPLICA_MAX_LAG_MS: '', DATABASE_REPLICA_URLS: '' })).toMatchObject({
      REPLICA_MAX_LAG_MS: 2_000,
      DATABASE_REPLICA_URLS: [],
    });
    expect(loadConfig({ REPLICA_MAX_LAG_MS: '500' }).REPLICA_MAX_LAG_MS).toBe(500);
    expect(loadConfig({}).DATABASE_REPLICA_URLS).toEqual([]);
  });

  it('refuses bad URLs, replicas without DATABASE_URL and a bad lag bound, naming them', () => {
    expect(() =>
      loadConfig({ DATABASE_URL: db, DATABASE_REPLICA_URLS: 'postgres://r1/shop,mysql://r2' }),
    ).toThrow(/DATABASE_REPLICA_URLS: must be comma-separated postgres.*not mysql:\/\/r2/);
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://r1/shop' })).toThrow(
      /DATABASE_REPLICA_URLS: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ REPLICA_MAX_LAG_MS: 'soon' })).toThrow(/REPLICA_MAX_LAG_MS/);
  });
});

describe('the app without replicas', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(() => shop.close());

  it('reads from the primary handle itself and sets no cookie', async () => {
    expect(shop.app.readRouter).toBeUndefined();
    const user = await createUser(shop.app.db);
    const response = await signIn(shop.app, user.email, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'] ?? '')).not.toContain(READ_PRIMARY_COOKIE);
  });
});

describe.runIf(testDatabaseKind === 'postgres')(
  'the app with a replica that is down',
  onPostgresOnly,
  () => {
    let shop: TestApp;
    beforeAll(async () => {
      shop = await createTestApp({
        DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://unused@127.0.0.1/none',
        // Nothing listens on port 1: the replica is down from the start.
        DATABASE_REPLICA_URLS: 'postgres://postgres@127.0.0.1:1/proshop',
      });
    });
    afterAll(() => shop.close());

    it('serves every read from the primary, and marks a caller who wrote to read from it', async () => {
      expect(shop.app.readRouter).toBeDefined();
      const reads = await Promise.all(
        ['/api/products', '/api/products/top', '/api/categories', '/sitemap.xml'].map((url) =>
          shop.app.inject({ method: 'GET', url }),
        ),
      );
      expect(reads.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      const user = await createUser(shop.app.db);
      const written = await signIn(shop.app, user.email, TEST_PASSWORD);
      expect(written.statusCode).toBe(200);
      const cookies = [written.headers['set-cookie'] ?? []].flat().join('\n');
      expect(cookies).toMatch(new RegExp(`${READ_PRIMARY_COOKIE}=1; Max-Age=4; Path=/; HttpOnly`));
    });
  },
);

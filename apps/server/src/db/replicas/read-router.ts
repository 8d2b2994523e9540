import type { FastifyBaseLogger } from 'fastify';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from '../schema.ts';
import type { Database } from '../client.ts';
import { LagMonitor, parseLsn } from './lag-monitor.ts';
import { isConnectionFailure, isRecoveryConflict } from './replica-errors.ts';

/** What the router needs of a pool: node-postgres's `query`, as Drizzle calls it, and `end`. */
export interface QueryPool {
  query(config: unknown, values?: unknown): Promise<unknown>;
  end(): Promise<void>;
}

/** How often the primary's WAL position is sampled and the replicas asked theirs (ms). */
export const LAG_SAMPLE_INTERVAL_MS = 200;
/** A probe slower than this counts as the server not answering (ms). */
const PROBE_TIMEOUT_MS = 1_000;

export interface ReadRouterOptions {
  primary: QueryPool;
  replicas: { name: string; pool: QueryPool }[];
  maxLagMs: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  intervalMs?: number;
  now?: () => number;
}

/** Drizzle would run a transaction's statements on whichever server each query went to. */
function refuseTransactions(db: Database): Database {
  db.transaction = () => {
    throw new Error(
      'A transaction on the read-replica handle: transactions and writes belong on app.db',
    );
  };
  return db;
}

const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;

/**
 * Spreads reads over streaming replicas, round-robin among those up and close enough to the
 * primary (LagMonitor), and sends them to the primary when none is. A read that fails on a
 * replica for a connection-level reason leaves that replica out and runs again on the primary,
 * so no request fails because a replica did. `db` and `freshDb` are Drizzle handles over it:
 * `freshDb` for reads whose answers a cache keeps, which must come from a server that has
 * replayed the last catalogue change (`fence`). See docs/decisions/0047-read-replicas.md.
 */
export class ReadRouter {
  readonly monitor: LagMonitor;
  readonly db: Database;
  readonly freshDb: Database;
  private next = 0;

  constructor(private readonly options: ReadRouterOptions) {
    const { replicas, primary } = options;
    this.monitor = new LagMonitor({
      replicas: replicas.map((replica) => replica.name),
      maxLagMs: options.maxLagMs,
      intervalMs: options.intervalMs ?? LAG_SAMPLE_INTERVAL_MS,
      log: options.log,
      ...(options.now ? { now: options.now } : {}),
      probes: {
        primaryLsn: async () =>
          parseLsn((await scalar(primary, 'select pg_current_wal_lsn()::text as value')) ?? ''),
        replayLsn: async (index) => {
          const pool = replicas[index]?.pool;
          if (!pool) throw new Error(`No replica ${index}`);
          const text = await scalar(pool, 'select pg_last_wal_replay_lsn()::text as value');
          return text === null ? null : parseLsn(text);
        },
      },
    });
    this.db = refuseTransactions(drizzle({ client: this.client(false), schema }));
    this.freshDb = refuseTransactions(drizzle({ client: this.client(true), schema }));
  }

  start(): void {
    this.monitor.start();
  }

  /** A catalogue change was committed: see LagMonitor.fence. */
  fence(): void {
    this.monitor.fence();
  }

  async close(): Promise<void> {
    this.monitor.stop();
    await Promise.all(this.options.replicas.map((replica) => replica.pool.end()));
  }

  /** The next usable replica after the last one picked, or undefined for the primary. */
  pick(fresh: boolean): number | undefined {
    const count = this.options.replicas.length;
    for (let step = 0; step < count; step += 1) {
      const index = (this.next + step) % count;
      if (this.monitor.usable(index, fresh)) {
        this.next = index + 1;
        return index;
      }
    }
    return undefined;
  }

  /**
   * A client for Drizzle, which only calls `query` on it: each goes to a replica or the primary
   * as above. Not a pg.Pool, so Drizzle would run a transaction's statements through it one by
   * one, on different servers: refused (refuseTransactions, and `begin` in `query`).
   */
  private client(fresh: boolean): pg.Pool {
    const client: QueryPool = {
      query: (config, values) => this.query(fresh, config, values),
      end: async () => {},
    };
    return client as unknown as pg.Pool;
  }

  private async query(fresh: boolean, config: unknown, values: unknown): Promise<unknown> {
    const text = typeof config === 'string' ? config : (config as { text?: unknown }).text;
    if (typeof text === 'string' && TRANSACTION_START.test(text)) {
      throw new Error('A transaction on the read-replica handle: use app.db');
    }
    const index = this.pick(fresh);
    const replica = index === undefined ? undefined : this.options.replicas[index];
    if (index === undefined || !replica) return this.options.primary.query(config, values);
    try {
      return await replica.pool.query(config, values);
    } catch (error) {
      if (isConnectionFailure(error)) {
        this.monitor.markDown(index, error instanceof Error ? error.message : String(error));
      } else if (!isRecoveryConflict(error)) {
        throw error;
      }
      // Reads are idempotent: the same one on the primary answers as the replica would have.
      return this.options.primary.query(config, values);
    }
  }
}

async function scalar(pool: QueryPool, text: string): Promise<string | null> {
  const result = (await pool.query({ text, query_timeout: PROBE_TIMEOUT_MS })) as {
    rows: { value: string | null }[];
  };
  return result.rows[0]?.value ?? null;
}

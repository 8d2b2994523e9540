import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { CATALOGUE_CHANNEL, SEEN_CHANNEL, LISTENER_LOCK } from './channels.ts';

/** Waits between attempts to listen again; the last one repeats. */
const RETRY_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000];
/** A query on the listening session slower than this means the connection is gone. */
const QUERY_TIMEOUT_MS = 5_000;

export interface ChangeListenerOptions {
  url: string;
  /** Another instance (or this one) committed a catalogue change. */
  onChange(): void;
  /** The connection is up and listening (true), or it was lost (false). */
  onListening(listening: boolean): void;
  log: FastifyBaseLogger;
}

interface AckWaiter {
  seen: Set<number>;
  /** Settles the wait once every expected session has answered. */
  check(): void;
}

/**
 * A PostgreSQL session of its own that LISTENs for committed catalogue changes, whichever
 * instance made them, and answers each one on SEEN_CHANNEL once this instance has dropped its
 * cached answers. While it listens it holds a shared advisory lock, so that a writer can tell
 * from pg_locks which sessions will hear its change and wait for their answers (see
 * catalogue-changes.ts). A lost connection is reported and made again until `close()`.
 */
export class ChangeListener {
  private client: pg.Client | undefined;
  private closed = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly waiters = new Map<string, AckWaiter>();

  constructor(private readonly options: ChangeListenerOptions) {}

  get listening(): boolean {
    return this.client !== undefined;
  }

  /** The first attempt; if it fails, the next ones run in the background. */
  start(): Promise<void> {
    return this.connect();
  }

  /**
   * Starts collecting the answers to change `changeId`; call it before the change commits, as
   * answers may come back quickly. `until(sessions, timeoutMs)` resolves with the sessions
   * that did not answer in time (none normally); `cancel()` when the change did not commit.
   */
  expectAnswers(changeId: string) {
    const waiter: AckWaiter = { seen: new Set(), check: () => {} };
    this.waiters.set(changeId, waiter);
    return {
      until: (sessions: readonly number[], timeoutMs: number): Promise<number[]> =>
        new Promise((resolve) => {
          const missing = () => sessions.filter((pid) => !waiter.seen.has(pid));
          const finish = () => {
            clearTimeout(timer);
            this.waiters.delete(changeId);
            resolve(missing());
          };
          // Nobody can answer while this instance does not listen itself.
          const timer = setTimeout(finish, this.listening ? timeoutMs : 0);
          waiter.check = () => {
            if (missing().length === 0) finish();
          };
          waiter.check();
        }),
      cancel: () => this.waiters.delete(changeId),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private heard(client: pg.Client, message: pg.Notification): void {
    if (message.channel === CATALOGUE_CHANNEL) {
      this.options.onChange();
      // Only now: the writer answers its caller once every instance has forgotten the old data.
      client
        .query('select pg_notify($1, $2)', [SEEN_CHANNEL, message.payload ?? ''])
        .catch((error: unknown) => this.lose(client, error));
    } else if (message.channel === SEEN_CHANNEL && message.payload) {
      const waiter = this.waiters.get(message.payload);
      waiter?.seen.add(message.processId);
      waiter?.check();
    }
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.options.url,
      // Names the session in pg_stat_activity.
      application_name: 'proshop catalogue listener',
      connectionTimeoutMillis: 3_000,
      query_timeout: QUERY_TIMEOUT_MS,
      keepAlive: true,
      // Its answers need not survive a crash, so they need not wait for a disk flush either.
      options: '-c synchronous_commit=off',
    });
    client.on('notification', (message) => this.heard(client, message));
    client.on('error', (error) => this.lose(client, error));
    client.on('end', () => this.lose(client, new Error('the connection ended')));
    try {
      await client.connect();
      await client.query(`listen ${CATALOGUE_CHANNEL}`);
      await client.query(`listen ${SEEN_CHANNEL}`);
      // Taken once LISTEN is in effect: a writer that sees the lock can count on an answer.
      await client.query('select pg_advisory_lock_shared($1, $2)', [
        LISTENER_LOCK.classId,
        LISTENER_LOCK.objId,
      ]);
    } catch (error) {
      await client.end().catch(() => {});
      this.retry(error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    if (this.failures > 0) this.options.log.info('Listening for catalogue changes again');
    this.failures = 0;
    this.client = client;
    this.options.onListening(true);
  }

  private lose(client: pg.Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.options.onListening(false);
    client.end().catch(() => {});
    this.retry(error);
  }

  private retry(error: unknown): void {
    if (this.closed) return;
    const delay = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length - 1)]!;
    if (this.failures === 0) {
      this.options.log.warn(
        { err: error },
        'Not listening for catalogue changes: catalogue answers are not cached until it is back',
      );
    }
    this.failures += 1;
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }
}

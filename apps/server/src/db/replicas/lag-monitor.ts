import type { FastifyBaseLogger } from 'fastify';

/** A WAL position as PostgreSQL writes it (`16/B374D848`), as a number that compares. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  if (high === undefined || low === undefined) throw new Error(`Not a WAL position: ${text}`);
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** How the monitor reaches the servers; the read router gives SQL, the unit tests fakes. */
export interface LagProbes {
  /** The primary's pg_current_wal_lsn(). */
  primaryLsn(): Promise<bigint>;
  /** A replica's pg_last_wal_replay_lsn(); null when it is not replaying (not a standby). */
  replayLsn(replica: number): Promise<bigint | null>;
}

export interface LagMonitorOptions {
  /** The replicas' names for the log (their addresses without the password). */
  replicas: readonly string[];
  maxLagMs: number;
  /** How often the primary is sampled and the replicas asked (ms). */
  intervalMs: number;
  probes: LagProbes;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Milliseconds on a clock that only goes forward; tests pass their own. */
  now?: () => number;
}

interface Sample {
  at: number;
  lsn: bigint;
}

interface ReplicaState {
  name: string;
  /** What the last successful answer said it had replayed. */
  replayed: bigint | undefined;
  /** Left out: unreachable, failed a read, or not replaying. Cleared by the next good answer. */
  down: string | undefined;
  /** Whether the log last said it was in (true) or out (false). */
  announcedIn: boolean;
  probing: boolean;
}

/**
 * Keeps, for each replica, how far behind the primary it is, without writing anything: the
 * primary's WAL position is sampled with the time it was asked for (only when it moved), and a
 * replica's lag is how long ago the oldest sample it has not yet replayed was taken: 0 when it
 * has replayed the latest, so an idle primary reads as no lag, and a replica whose answers stop
 * coming falls behind by itself as the primary moves on. Computed when a read picks a replica,
 * from the last answers. See docs/decisions/0047-read-replicas.md.
 */
export class LagMonitor {
  private readonly samples: Sample[] = [];
  private readonly states: ReplicaState[];
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private sampling = false;
  /** Reads that refill a cache need a replica that has replayed this position (see `fence`). */
  private fenceLsn = 0n;
  /** A fence asked for at this time waits for a primary sample taken after it. */
  private fencePendingSince: number | undefined;

  constructor(private readonly options: LagMonitorOptions) {
    this.now = options.now ?? (() => performance.now());
    this.states = options.replicas.map((name) => ({
      name,
      replayed: undefined,
      down: 'not checked yet',
      announcedIn: true,
      probing: false,
    }));
  }

  get size(): number {
    return this.states.length;
  }

  /** Samples now, then every intervalMs until `stop()`; never keeps the process alive. */
  start(): void {
    if (this.timer) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * One round: the primary's position, then every replica's (one question at a time per
   * server: a slow one is not asked again while it has not answered). Resolves when all answered.
   */
  async tick(): Promise<void> {
    if (!this.sampling) {
      this.sampling = true;
      const askedAt = this.now();
      try {
        this.record(askedAt, await this.options.probes.primaryLsn());
      } catch {
        // The primary not answering: no sample, so no replica seems to fall further behind, and
        // reads may still go to replicas (the primary would fail them anyway).
      } finally {
        this.sampling = false;
      }
    }
    await Promise.all(this.states.map((state, index) => this.probe(state, index)));
  }

  /**
   * A change was just committed that cached answers must show: from now on a read that fills
   * a cache goes to the primary, until a primary sample taken after this call gives the
   * position to require, and then only to replicas that replayed it. Samples at once.
   */
  fence(): void {
    this.fencePendingSince ??= this.now();
    void this.tick();
  }

  /** A read on the replica failed for a connection-level reason: out until it answers again. */
  markDown(index: number, reason: string): void {
    const state = this.states[index];
    if (!state || state.down) return;
    state.down = reason;
    this.announce(state);
  }

  /** Whether a read may go to this replica now; `fresh` for reads that fill a cache. */
  usable(index: number, fresh: boolean): boolean {
    const state = this.states[index];
    if (!state || state.down || state.replayed === undefined) return false;
    if (this.lagOf(state.replayed) > this.options.maxLagMs) return false;
    return !fresh || (this.fencePendingSince === undefined && state.replayed >= this.fenceLsn);
  }

  /** Milliseconds since the oldest sample a replica at `replayed` has not replayed; 0 if none. */
  lagOf(replayed: bigint): number {
    const first = this.samples.find((sample) => sample.lsn > replayed);
    return first ? this.now() - first.at : 0;
  }

  /** For the health page and tests: each replica's state. */
  describe(): { name: string; lagMs: number | undefined; down: string | undefined }[] {
    return this.states.map((state) => ({
      name: state.name,
      lagMs: state.replayed === undefined ? undefined : this.lagOf(state.replayed),
      down: state.down,
    }));
  }

  private record(at: number, lsn: bigint): void {
    const last = this.samples.at(-1);
    if (!last || lsn > last.lsn) this.samples.push({ at, lsn });
    if (this.fencePendingSince !== undefined && at >= this.fencePendingSince) {
      if (lsn > this.fenceLsn) this.fenceLsn = lsn;
      this.fencePendingSince = undefined;
    }
    // Older samples only matter to say a replica is too far behind; past the bound, the oldest
    // one kept says so as well.
    const keepFrom = at - 2 * this.options.maxLagMs - 5_000;
    while (this.samples.length > 1 && (this.samples[0]?.at ?? at) < keepFrom) this.samples.shift();
  }

  private async probe(state: ReplicaState, index: number): Promise<void> {
    if (state.probing) return;
    state.probing = true;
    try {
      const replayed = await this.options.probes.replayLsn(index);
      if (replayed === null) {
        state.down = 'it is not replaying WAL (not a standby?)';
      } else {
        state.replayed = replayed;
        state.down = undefined;
      }
    } catch (error) {
      state.down = error instanceof Error ? error.message : String(error);
    } finally {
      state.probing = false;
    }
    this.announce(state);
  }

  /** Logs a replica leaving or rejoining the reads, once per change. */
  private announce(state: ReplicaState): void {
    const lagMs = state.replayed === undefined ? undefined : this.lagOf(state.replayed);
    const tooFar = lagMs !== undefined && lagMs > this.options.maxLagMs;
    const isIn = !state.down && !tooFar && lagMs !== undefined;
    if (isIn === state.announcedIn) return;
    state.announcedIn = isIn;
    if (isIn) {
      this.options.log.warn({ replica: state.name, lagMs }, 'Read replica back in use');
    } else {
      const reason = state.down ?? `it is ${Math.round(lagMs ?? 0)} ms behind the primary`;
      this.options.log.warn(
        { replica: state.name, lagMs, reason, maxLagMs: this.options.maxLagMs },
        `Read replica left out: ${reason}`,
      );
    }
  }
}

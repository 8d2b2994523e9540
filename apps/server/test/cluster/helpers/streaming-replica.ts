import { serverFolder, type ThrowawayPostgres } from '../../faults/helpers/throwaway-postgres.ts';

export interface StreamingReplica {
  /** postgres://postgres@127.0.0.1:PORT/proshop, read-only (a hot standby). */
  url: string;
  /** The replication slot on the primary that keeps the WAL this replica still needs. */
  slot: string;
  stop(mode: 'fast' | 'immediate'): void;
  destroy(): void;
}

/**
 * A hot standby of `primary`, made as docs/deploy.md says: pg_basebackup with -R (the standby
 * settings written for us) and -C -S (a replication slot created on the primary), started on
 * a port of its own. PostgreSQL 15's defaults already let the primary stream (wal_level replica,
 * max_wal_senders 10) and initdb's pg_hba.conf accepts replication from 127.0.0.1. As root, it
 * runs as the `postgres` user (serverFolder of throwaway-postgres.ts).
 */
export async function startStreamingReplica(primary: ThrowawayPostgres): Promise<StreamingReplica> {
  const server = await serverFolder('proshop-replica-pg-', []);
  const slot = `proshop_replica_${server.port}`;
  try {
    server.run('pg_basebackup', [
      '--host=127.0.0.1',
      `--port=${primary.port}`,
      '--username=postgres',
      `--pgdata=${server.dataDir}`,
      '--write-recovery-conf',
      '--create-slot',
      `--slot=${slot}`,
      '--wal-method=stream',
      // A fast checkpoint: the default spreads it over minutes on an idle server.
      '--checkpoint=fast',
      '--no-sync',
    ]);
    server.start();
  } catch (error) {
    server.destroy();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${server.port}/proshop`,
    slot,
    stop: server.stop,
    destroy: server.destroy,
  };
}

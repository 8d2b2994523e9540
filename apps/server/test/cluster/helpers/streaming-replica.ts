import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  findPostgresBin,
  type ThrowawayPostgres,
} from '../../faults/helpers/throwaway-postgres.ts';
import { freePort } from './free-port.ts';

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
 * runs as the `postgres` user, like throwaway-postgres.ts.
 */
export async function startStreamingReplica(primary: ThrowawayPostgres): Promise<StreamingReplica> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin)');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'proshop-replica-pg-'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  chmodSync(dir, 0o700);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const slot = `proshop_replica_${port}`;
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    const result = spawnSync(command, fullArgs, { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stdout}${result.stderr}`);
  };
  run('pg_basebackup', [
    '--host=127.0.0.1',
    `--port=${primary.port}`,
    '--username=postgres',
    `--pgdata=${dataDir}`,
    '--write-recovery-conf',
    '--create-slot',
    `--slot=${slot}`,
    '--wal-method=stream',
    // A fast checkpoint: the default spreads it over minutes on an idle server.
    '--checkpoint=fast',
    '--no-sync',
  ]);
  run('pg_ctl', [
    'start',
    `--pgdata=${dataDir}`,
    '--wait',
    '--timeout=60',
    `--log=${join(dir, 'server.log')}`,
    '--silent',
    '-o',
    [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c max_connections=100'].join(
      ' ',
    ),
  ]);
  const stop = (mode: 'fast' | 'immediate') =>
    run('pg_ctl', ['stop', `--pgdata=${dataDir}`, `--mode=${mode}`, '--wait', '--silent']);
  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/proshop`,
    slot,
    stop,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      if (existsSync(join(dataDir, 'postmaster.pid'))) {
        try {
          stop('immediate');
        } catch {
          // Already down.
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

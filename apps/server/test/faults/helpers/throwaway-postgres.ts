import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL server of the test's own (like .ci/postgres.sh): its own cluster in a temporary
 * folder, on a free port of 127.0.0.1, trust authentication. A fault test may stop it, kill it
 * and start it again on the same port without touching any other server. PostgreSQL refuses to
 * run as root, so as root it runs as the `postgres` user.
 */
export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:PORT/proshop */
  url: string;
  port: number;
  start(): void;
  /** `fast` ends the sessions cleanly; `immediate` is as abrupt as a crash. */
  stop(mode: 'fast' | 'immediate'): void;
  destroy(): void;
}

/** The newest /usr/lib/postgresql/<version>/bin, or undefined when PostgreSQL is not installed. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? join(root, newest, 'bin') : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL server's folder of the test's own on a free port: runs PostgreSQL's tools in it
 * (as the `postgres` user when run as root), starts the server with `options` and stops it;
 * `destroy` stops it if it runs and deletes the folder. What is in the data folder (initdb, a
 * base backup) is the caller's.
 */
export interface ServerFolder {
  dir: string;
  dataDir: string;
  port: number;
  run: (tool: string, args: string[]) => void;
  start: () => void;
  stop: (mode: 'fast' | 'immediate') => void;
  destroy: () => void;
}

export async function serverFolder(prefix: string, options: string[]): Promise<ServerFolder> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin)');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  chmodSync(dir, 0o700);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    const result = spawnSync(command, fullArgs, { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${tool} failed: ${result.stdout}${result.stderr}`);
    }
  };
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=100',
    ...options,
  ].join(' ');
  const stop = (mode: 'fast' | 'immediate') =>
    run('pg_ctl', ['stop', `--pgdata=${dataDir}`, `--mode=${mode}`, '--wait', '--silent']);
  let destroyed = false;
  return {
    dir,
    dataDir,
    port,
    run,
    start: () =>
      run('pg_ctl', [
        'start',
        `--pgdata=${dataDir}`,
        '--wait',
        '--timeout=60',
        `--log=${join(dir, 'server.log')}`,
        '--silent',
        '-o',
        serverOptions,
      ]),
    stop,
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      if (existsSync(join(dataDir, 'postmaster.pid'))) {
        try {
          stop('immediate');
        } catch {
          // Already down: nothing to stop.
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  // Durable commits: the SIGKILL test relies on what a committed transaction wrote.
  const server = await serverFolder('proshop-faults-pg-', ['-c fsync=on']);
  server.run('initdb', [
    `--pgdata=${server.dataDir}`,
    '--username=postgres',
    '--auth=trust',
    '--encoding=UTF8',
    // As a merchant's server would be set up (docs/deploy.md): lower() then folds Ü as PGlite does.
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  server.start();
  server.run('createdb', [
    '--host=127.0.0.1',
    `--port=${server.port}`,
    '--username=postgres',
    'proshop',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${server.port}/proshop`,
    port: server.port,
    start: server.start,
    stop: server.stop,
    destroy: server.destroy,
  };
}

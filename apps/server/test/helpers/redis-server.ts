import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

const REDIS_BINARY = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

/**
 * Whether the Redis tests can run here. Outside CI a machine without redis-server skips them;
 * in CI (CI set) they must run, so a missing binary fails there instead.
 */
export const redisAvailable = existsSync(REDIS_BINARY) || Boolean(process.env.CI);

export const noRedisReason = `no redis-server at ${REDIS_BINARY} (install Debian's redis-server or set REDIS_SERVER_PATH; CI=1 makes this a failure)`;

export interface RedisProcess {
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A throwaway redis-server on a free port, without persistence. */
export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  const child = spawn(
    REDIS_BINARY,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`redis-server did not start:\n${output}`));
    }, 10_000);
    child.once('error', reject);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`redis-server stopped:\n${output}`));
    });
  });
  child.stdout.resume();
  child.stderr.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill();
      await exited;
    },
  };
}

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../faults/helpers/throwaway-postgres.ts';
import { startRedis, type RedisProcess } from '../../helpers/redis-server.ts';
import { AppInstance } from './app-instance.ts';
import { freePort } from './free-port.ts';
import { httpClient } from './http-client.ts';
import { startNginx, type Nginx } from './nginx.ts';
import { signIn } from './shop-api.ts';

const DEMO_PASSWORD = 'cluster-demo-password';
const INSTANCES = 3;

/** The built web app's hashed files, which nginx caches. */
export const webAssets = new URL('../../../../web/dist/assets/', import.meta.url);

export interface Cluster {
  postgres: ThrowawayPostgres;
  redis: RedisProcess;
  nginx: Nginx;
  instances: AppInstance[];
  /** The test's own connection to the shop's database, to check what was stored. */
  db: pg.Pool;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /**
   * Started once PostgreSQL is up and before the instances (a streaming replica): its settings
   * are added to the instances', its stop runs when the cluster stops.
   */
  beside?: (
    postgres: ThrowawayPostgres,
  ) => Promise<{ env: Record<string, string>; stop(): Promise<void> | void }>;
}

/**
 * PostgreSQL, Redis, 3 instances of the production build started together on the empty
 * database, and nginx in front of them with deploy/nginx.conf: a shop as deploy/compose.yaml
 * runs it, on this machine's loopback.
 */
export async function startCluster(
  env: Record<string, string> = {},
  options: ClusterOptions = {},
): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'proshop-cluster-'));
  const stops: (() => Promise<void> | void)[] = [
    () => rmSync(dir, { recursive: true, force: true }),
  ];
  const stop = async () => {
    for (const step of stops.reverse()) await step();
  };
  try {
    const postgres = await startThrowawayPostgres();
    stops.push(() => postgres.destroy());
    const beside = await options.beside?.(postgres);
    if (beside) stops.push(() => beside.stop());
    const redis = await startRedis();
    stops.push(() => redis.stop());
    const nginxPort = await freePort();
    const ports: number[] = [];
    for (let i = 0; i < INSTANCES; i += 1) ports.push(await freePort());

    // One secret for all: a session token or test payment made by one instance holds on another.
    const jwtSecret = randomBytes(32).toString('hex');
    const instances = ports.map((port, i) => {
      const dataDir = join(dir, `instance-${i + 1}`);
      mkdirSync(dataDir);
      return new AppInstance(`instance ${i + 1}`, port, {
        NODE_ENV: 'production',
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        TRUST_PROXY: '1',
        JWT_SECRET: jwtSecret,
        ALLOW_TEST_PAYMENTS: '1',
        SEED_DEMO: '1',
        DEMO_PASSWORD,
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
        LOG_LEVEL: 'info',
        ...beside?.env,
        ...env,
      });
    });
    stops.push(async () => {
      await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
    });
    for (const instance of instances) instance.start();
    await Promise.all(instances.map((instance) => instance.ready()));

    const nginx = await startNginx(nginxPort, ports);
    stops.push(() => nginx.stop());
    const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
    stops.push(() => db.end());
    return { postgres, redis, nginx, instances, db, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * How many of the given requests each instance served, read from the instances' logs. A request
 * is logged as it is answered, so its line may arrive a moment after the answer: this waits (up
 * to 10 s) until every id is found somewhere.
 */
export async function servedPerInstance(
  instances: readonly AppInstance[],
  ids: readonly string[],
): Promise<number[]> {
  const deadline = Date.now() + 10_000;
  const missing = () => ids.filter((id) => !instances.some((instance) => instance.served.has(id)));
  while (missing().length > 0) {
    if (Date.now() > deadline) {
      throw new Error(`No instance logged the requests ${missing().slice(0, 5).join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return instances.map((instance) => instance.countServed(ids));
}

/** The instance whose log shows it answered this request (the last one, after any retry). */
export function instanceThatAnswered(
  instances: readonly AppInstance[],
  id: string,
): AppInstance | undefined {
  return instances.find((instance) => instance.served.get(id)?.some((status) => status < 500));
}

/**
 * A cluster and the token of its demo administrator (signed in through nginx); `env` adds
 * settings to every instance (a payment provider's).
 */
export async function startClusterSignedIn(
  env: Record<string, string> = {},
  options: ClusterOptions = {},
): Promise<{ cluster: Cluster; adminToken: string }> {
  const cluster = await startCluster(env, options);
  try {
    const send = httpClient(cluster.nginx.url, { prefix: 'setup' });
    return { cluster, adminToken: await signIn(send, 'admin@example.com', DEMO_PASSWORD) };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** "instance 1: 12, instance 2: 11, instance 3: 12" */
export function perInstance(instances: readonly AppInstance[], counts: readonly number[]): string {
  return instances.map((instance, i) => `${instance.name}: ${counts[i]}`).join(', ');
}

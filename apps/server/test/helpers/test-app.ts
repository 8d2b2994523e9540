import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import type { Clock } from '../../src/lifecycle/clock.ts';
import { TEST_JWT_SECRET } from './factories.ts';
import { createTestDatabase } from './test-database.ts';
import type { PaymentProvider } from '../../src/modules/payment-providers/payment-provider.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database of its own, with a temporary data folder. Pass environment
 * variables to change the configuration as a deployment would; `extraRoutes` adds probe routes
 * before the app is ready; `clock` replaces the system time.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    extraRoutes?: (app: FastifyInstance) => void;
    clock?: Clock;
    paymentProvider?: PaymentProvider;
    /** Logs through this logger instead of logging nothing. */
    logger?: FastifyBaseLogger;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'proshop-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    ...env,
  });
  const testDatabase = await createTestDatabase();
  const app = await buildApp({
    config,
    database: testDatabase.handle,
    jwtSecret: TEST_JWT_SECRET,
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const close = async () => {
    await app.close();
    await testDatabase.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    options.extraRoutes?.(app);
    await app.ready();
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  return { app, database: testDatabase.handle, config, close };
}

import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { buildApp, type Lifecycle } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { isDatabaseEmpty, seedDemoData } from './commands/seed/seed.ts';
import { resolveJwtSecret } from './lifecycle/jwt-secret.ts';
import { createLogger } from './lifecycle/logger.ts';

/** How long in-flight requests get to finish on SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Any 64-bit number unique to this app: the lock that lets one of several instances seed. */
const SEED_LOCK_KEY = 7_203_114_802;

async function seedIfEmpty(config: Config, database: DatabaseHandle, log: Logger) {
  if (!config.seedDemo) return;
  // Instances started together on an empty PostgreSQL database: the first seeds while the others
  // wait on the lock, then find the data there (without it two would seed and one would crash).
  const result = await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    return (await isDatabaseEmpty(tx)) ? seedDemoData(tx, config.DEMO_PASSWORD) : undefined;
  });
  if (!result) return;
  log.info(`Seeded the demo catalogue: ${result.products} products and ${result.users} accounts`);
  const password = result.passwordWasGenerated
    ? `${result.password} (generated now and shown only this once; set DEMO_PASSWORD to choose it)`
    : 'the value of DEMO_PASSWORD';
  log.info(
    `Demo accounts admin@example.com (admin), john@example.com, jane@example.com; password: ${password}`,
  );
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config);
  if (config.BENCH_WITHOUT.length > 0) {
    log.warn(`Bench only: running without ${config.BENCH_WITHOUT.join(', ')} (BENCH_WITHOUT)`);
  }
  const jwtSecret = resolveJwtSecret(config);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const lifecycle: Lifecycle = { shuttingDown: false };
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let closing: Promise<void> | undefined;

  const shutdown = (signal: string) => {
    closing ??= (async () => {
      log.info(`${signal} received: finishing requests in flight, then stopping`);
      lifecycle.shuttingDown = true;
      const force = setTimeout(() => {
        log.error('Requests did not finish in time; stopping anyway');
        process.exit(1);
      }, SHUTDOWN_GRACE_MS);
      force.unref();
      await app?.close();
      await database.close();
      log.info('Stopped cleanly');
      process.exit(0);
    })();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await database.migrate();
    await seedIfEmpty(config, database, log);
    app = await buildApp({ config, database, lifecycle, logger: log, jwtSecret });
    await app.listen({ port: config.PORT, host: config.HOST });
    // Receipts queued while the mail server was down, or by an instance that stopped, go out now;
    // app.close() on shutdown stops it after the message being sent.
    app.mailOutbox.start();
    // Captures a crash or a silent provider left in doubt are settled now, then every minute.
    app.captureRecovery.start();
    app.refundRecovery.start();
    // Orders left unpaid for UNPAID_ORDER_DAYS are cancelled now, then every hour.
    app.unpaidOrders.start();
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  log.info(`${config.SHOP_NAME} is running at http://localhost:${port}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});

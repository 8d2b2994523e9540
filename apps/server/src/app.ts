import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticFilesPlugin } from './plugins/static-files.ts';
import { accessPlugin } from './modules/auth/access-plugin.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { productRoutes } from './modules/products/routes.ts';

/** What the running process knows about itself; /api/ready reads it. */
export interface Lifecycle {
  shuttingDown: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    lifecycle: Lifecycle;
    /** The key that signs session tokens. */
    jwtSecret: string;
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** The process's pino logger; absent in tests, which log nothing. */
  logger?: FastifyBaseLogger;
  lifecycle?: Lifecycle;
  jwtSecret: string;
}

/** Largest JSON body accepted; larger ones get 413. Uploads have their own limit. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole app, plugins then routes, without listening: tests use `inject`. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { allErrors: false } },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', deps.config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('lifecycle', deps.lifecycle ?? { shuttingDown: false });
  app.decorate('jwtSecret', deps.jwtSecret);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { isProduction: deps.config.isProduction });
  await app.register(openApiPlugin, { shopName: deps.config.SHOP_NAME });
  await app.register(accessPlugin);

  await app.register(healthRoutes);
  await app.register(productRoutes);

  await app.register(staticFilesPlugin, {
    webDistDir: deps.config.webDistDir,
    uploadsDir: deps.config.uploadsDir,
    shopName: deps.config.SHOP_NAME,
  });
  return app;
}

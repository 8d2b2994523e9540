import { healthResponseSchema, readyResponseSchema } from '@proshop/domain/health-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unavailable } from '../../errors/app-error.ts';
import { errorResponses } from '../../errors/error-responses.ts';

const READY_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: healthResponseSchema, ...errorResponses() },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The server can serve: the database answers and it is not shutting down',
        response: { 200: readyResponseSchema, ...errorResponses() },
      },
    },
    async () => {
      if (app.lifecycle.shuttingDown) throw unavailable('The server is shutting down');
      await withTimeout(app.database.ping(), READY_TIMEOUT_MS).catch(() => {
        throw unavailable('The database is not answering');
      });
      return { status: 'ready' as const };
    },
  );
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createPostgresPool, type Database } from '../client.ts';
import { ReadRouter } from './read-router.ts';
import { READ_PRIMARY_COOKIE, readPrimaryCookie, wantsPrimary } from './read-your-writes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The handle for a read that may be a little behind (catalogue lists, product pages,
     * search, facets, sitemap, dashboard, exports): a streaming replica's, or `db` when no
     * replica is configured, none is usable, the caller has just written (read-your-writes), or
     * the answer fills a cache right after a catalogue change. Never for a transaction or a write.
     */
    readDb(request: FastifyRequest, options?: { cached?: boolean }): Database;
    /** The read router when DATABASE_REPLICA_URLS names replicas. */
    readRouter: ReadRouter | undefined;
  }
}

/** Each replica's pool; the primary keeps its 10. */
const REPLICA_CONNECTIONS = 10;

/** A replica's address for the log, without its password. */
function replicaName(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

/**
 * Reads on streaming replicas (DATABASE_REPLICA_URLS, docs/decisions/0047-read-replicas.md).
 * Without replicas `readDb` returns `db` itself and nothing else runs.
 */
export const readReplicasPlugin = fp(
  async (app: FastifyInstance) => {
    const urls = app.config.DATABASE_REPLICA_URLS;
    const primary = app.database.pool;
    if (urls.length === 0 || !primary) {
      app.decorate('readRouter', undefined);
      app.decorate('readDb', () => app.db);
      return;
    }
    const router = new ReadRouter({
      primary,
      replicas: urls.map((url) => ({
        name: replicaName(url),
        pool: createPostgresPool(url, REPLICA_CONNECTIONS),
      })),
      maxLagMs: app.config.REPLICA_MAX_LAG_MS,
      log: app.log,
    });
    router.start();
    app.addHook('onClose', () => router.close());
    app.decorate('readRouter', router);

    // The catalogue's generation moves with every change, this instance's or another's (heard
    // after it committed): the first cache-filling read after it fences (LagMonitor.fence).
    let fencedGeneration = app.catalogue.generation;
    app.decorate('readDb', (request: FastifyRequest, options?: { cached?: boolean }) => {
      if (wantsPrimary(request)) return app.db;
      const cached = options?.cached ?? request.routeOptions.config.catalogueCache === true;
      if (!cached) return router.db;
      const generation = app.catalogue.generation;
      if (generation !== fencedGeneration) {
        fencedGeneration = generation;
        router.fence();
      }
      return router.freshDb;
    });

    // Read-your-writes: whoever sends a change reads from the primary for a while after.
    const cookie = readPrimaryCookie(app.config.REPLICA_MAX_LAG_MS);
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
        const previous = reply.getHeader('set-cookie');
        const list = previous === undefined ? [] : [previous].flat().map(String);
        if (!list.some((line) => line.startsWith(`${READ_PRIMARY_COOKIE}=`))) {
          reply.header('set-cookie', [...list, cookie]);
        }
      }
      done(null, payload);
    });
  },
  { name: 'read-replicas' },
);

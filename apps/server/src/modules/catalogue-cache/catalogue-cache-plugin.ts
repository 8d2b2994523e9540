import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CatalogueCache } from './catalogue-cache.ts';
import { ChangeListener } from './change-listener.ts';
import { ResponseStore } from './response-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cached public catalogue reads, and the transactions that change what they show. */
    catalogue: CatalogueCache;
  }
  interface FastifyContextConfig {
    /**
     * A public catalogue read whose answer is the same for every caller and changes only
     * through `app.catalogue.change`: answered from the catalogue cache.
     */
    catalogueCache?: boolean;
  }
}

/**
 * At most this many cached answers and bytes: every page of a 10,000-product catalogue, or about
 * as many product pages, while a crawler asking for random keywords only churns the oldest.
 */
const LIMITS = { maxEntries: 2_000, maxBytes: 32 * 1024 * 1024 };

/**
 * The catalogue cache of this instance. The embedded database belongs to this one process (its
 * folder is locked), so every change passes through `change` here and the cache is always on.
 * With PostgreSQL other instances write too: the cache is on only while this instance listens
 * for their announcements, and each change waits for every listening instance to confirm.
 */
export const catalogueCachePlugin = fp(async (app: FastifyInstance) => {
  const { kind, url } = app.database;
  const store = new ResponseStore(LIMITS, { accepting: kind === 'embedded' });
  let listener: ChangeListener | undefined;
  if (kind === 'postgres') {
    if (!url) throw new Error('The PostgreSQL database handle has no connection string');
    listener = new ChangeListener({
      url,
      onChange: () => store.invalidate(),
      onListening: (listening) => store.setAccepting(listening),
      log: app.log,
    });
    await listener.start();
    app.addHook('onClose', () => listener?.close());
  }
  const cache = new CatalogueCache(store, listener, app.log);
  app.decorate('catalogue', cache);
  // Registered after the compression plugin, so its hooks are already on the route.
  app.addHook('onRoute', (route) => {
    if (route.config?.catalogueCache && route.method === 'GET') cache.hookInto(route);
  });
});

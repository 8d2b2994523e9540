import http from 'node:http';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { corsPlugin } from './plugins/cors.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { MAIL_LOGO_PATH } from './modules/mail/templates/brand.ts';
import { staticFilesPlugin } from './plugins/static-files.ts';
import { accessPlugin } from './modules/auth/access-plugin.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { catalogueCachePlugin } from './modules/catalogue-cache/catalogue-cache-plugin.ts';
import { readReplicasPlugin } from './db/replicas/read-replicas-plugin.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { afterSaleJobsPlugin } from './modules/after-sale/after-sale-jobs-plugin.ts';
import { afterSaleRoutes } from './modules/after-sale/routes.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { quoteRoutes } from './modules/checkout/quote-routes.ts';
import { captureJobsPlugin } from './modules/payments/capture-jobs-plugin.ts';
import { orderMailPlugin } from './modules/orders/order-mail-plugin.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { orderLookupRoutes } from './modules/orders/lookup-routes.ts';
import { createPaymentProviders } from './modules/payment-providers/create-payment-provider.ts';
import { PaymentProviders } from './modules/payment-providers/payment-providers.ts';
import type { PaymentProvider } from './modules/payment-providers/payment-provider.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { ratingCopies, taxonomyCopies } from './modules/products/copies.ts';
import { productRoutes } from './modules/products/routes.ts';
import { promotionRoutes } from './modules/promotions/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { seoFileRoutes, writtenPages } from './modules/seo/routes.ts';
import { shippingRoutes } from './modules/shipping/routes.ts';
import { taxonomyRoutes } from './modules/taxonomy/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { imageStoragePlugin } from './modules/uploads/storage/storage-plugin.ts';
import { uploadFilesPlugin } from './modules/uploads/upload-files-plugin.ts';
import { AccessLog } from './lifecycle/access-log.ts';
import { systemClock, type Clock } from './lifecycle/clock.ts';
import { mailPlugin } from './modules/mail/mail-plugin.ts';
import { rateLimitPlugin } from './modules/rate-limit/rate-limit-plugin.ts';
import { userRoutes } from './modules/users/routes.ts';
import { guestOrderClaims } from './modules/orders/guest-claims.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { backInStockPlugin } from './modules/wishlist/back-in-stock.ts';
import { wishlistRoutes } from './modules/wishlist/routes.ts';

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
    /** The current time for expiry rules; tests move it forward. */
    clock: Clock;
    /** PayPal and Stripe as configured, or the built-in test provider alone. */
    payments: PaymentProviders;
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /**
   * The process's pino logger (lifecycle/logger.ts); absent in tests, which log nothing. Its
   * lines are written in batches: what it still holds is written when the app closes.
   */
  logger?: FastifyBaseLogger & { flush?: (done: (error?: Error) => void) => void };
  lifecycle?: Lifecycle;
  jwtSecret: string;
  /** Defaults to the system time. */
  clock?: Clock;
  /** Defaults to the providers the configuration names (createPaymentProviders). */
  paymentProvider?: PaymentProvider | PaymentProvider[];
}

/** Largest JSON body accepted; larger ones get 413. Uploads have their own limit. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A request must arrive whole within REQUEST_TIMEOUT_MS, its headers within 10 s of that; a
 * client that trickles a body in (to hold a connection, or to have a change judged long after its
 * sender's rights were checked) gets 408 and its connection closed. Node checks every open
 * request once a second: the cut comes at most a second after the limit.
 */
function httpServerFactory(config: Config) {
  return (handler: http.RequestListener) =>
    http.createServer(
      {
        requestTimeout: config.REQUEST_TIMEOUT_MS,
        headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS),
        connectionsCheckingInterval: Math.min(1_000, config.REQUEST_TIMEOUT_MS),
        keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      },
      handler,
    );
}

const HEADERS_TIMEOUT_MS = 10_000;
/**
 * How long an idle kept-alive connection stays open. Fastify sets 72 s only on servers it makes
 * itself; with our own factory Node's 5 s would apply, and a client (or proxy) that reuses a
 * connection just as the server drops it gets "socket hang up". 72 s outlives the idle timeouts
 * of the usual load balancers (60 s), so they, not we, close first.
 */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** A hop count as the function Fastify runs for one (its types take no number). */
function trustProxyOption(value: Config['TRUST_PROXY']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** Builds the whole app, plugins then routes, without listening: tests use `inject`. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    logController: new AccessLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    serverFactory: httpServerFactory(deps.config),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    return503OnClosing: true,
    // Behind nginx (TRUST_PROXY) request.ip is the client named by X-Forwarded-For, else the peer.
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
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
  app.decorate('clock', deps.clock ?? systemClock);
  app.decorate(
    'payments',
    deps.paymentProvider
      ? new PaymentProviders([deps.paymentProvider].flat())
      : createPaymentProviders(deps.config, deps.jwtSecret, { log: app.log }),
  );
  const { logger } = deps;
  if (logger?.flush) {
    // Runs after the server has stopped taking requests: every request's line is in the batch.
    app.addHook('onClose', (_instance, done) => logger.flush?.(() => done()));
  }
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // A request still in flight at shutdown closes its connection once answered: a keep-alive
    // connection left idle (nginx keeps some) would otherwise hold the process open until the
    // shutdown grace period runs out, and the proxy's next request must go to another instance.
    if (app.lifecycle.shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(errorHandlerPlugin);
  await app.register(compressionPlugin);
  if (!deps.config.BENCH_WITHOUT.includes('security-headers')) {
    await app.register(securityHeadersPlugin, {
      isProduction: deps.config.isProduction,
      paymentProviders: deps.config.paymentProviders,
      PAYPAL_SDK_URL: deps.config.PAYPAL_SDK_URL,
      STRIPE_JS_URL: deps.config.STRIPE_JS_URL,
      STRIPE_API_BASE: deps.config.STRIPE_API_BASE,
      // Uploaded and demo product pictures, and the e-mails' logo: shown in mail clients.
      picturePaths: ['/uploads/', '/images/', MAIL_LOGO_PATH],
    });
  }
  if (deps.config.CORS_ORIGINS.length > 0) {
    await app.register(corsPlugin, { origins: deps.config.CORS_ORIGINS });
  }
  await app.register(openApiPlugin, { shopName: deps.config.SHOP_NAME });
  await app.register(accessPlugin);
  await app.register(mailPlugin);
  await app.register(orderMailPlugin);
  await app.register(backInStockPlugin);
  await app.register(rateLimitPlugin);
  await app.register(imageStoragePlugin);
  await app.register(catalogueCachePlugin);
  // After the catalogue cache: a change there fences the reads that refill it.
  await app.register(readReplicasPlugin);
  await app.register(captureJobsPlugin);
  await app.register(afterSaleJobsPlugin);

  await app.register(healthRoutes);
  await app.register(productRoutes);
  // The products table keeps copies of what these own; products writes them (products/copies.ts).
  await app.register(taxonomyRoutes, { copies: taxonomyCopies });
  await app.register(reviewRoutes, { copies: ratingCopies });
  await app.register(uploadRoutes);
  await app.register(uploadFilesPlugin);
  await app.register(userRoutes, { guestOrders: guestOrderClaims });
  await app.register(checkoutRoutes);
  await app.register(quoteRoutes);
  await app.register(orderRoutes);
  await app.register(orderLookupRoutes);
  await app.register(paymentRoutes);
  await app.register(afterSaleRoutes);
  await app.register(promotionRoutes);
  await app.register(shippingRoutes);
  await app.register(cartRoutes);
  await app.register(dashboardRoutes);
  await app.register(seoFileRoutes);
  await app.register(addressRoutes);
  await app.register(wishlistRoutes);

  await app.register(staticFilesPlugin, {
    webDistDir: deps.config.webDistDir,
    shopName: deps.config.SHOP_NAME,
    shopEmail: deps.config.SHOP_EMAIL ?? '',
    shopCurrency: deps.config.PAYMENT_CURRENCY,
    shopColor: deps.config.SHOP_COLOR,
    writtenPages,
  });
  return app;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

export type SecurityHeadersOptions = Pick<
  Config,
  'isProduction' | 'paymentProviders' | 'PAYPAL_SDK_URL' | 'STRIPE_JS_URL' | 'STRIPE_API_BASE'
> & {
  /**
   * Path prefixes of pictures that other sites may show (product pictures and the logo in the
   * shop's e-mails): they answer `Cross-Origin-Resource-Policy: cross-origin`, every other answer
   * `same-origin`.
   */
  picturePaths?: readonly string[];
};

/** Where PayPal's buttons put their frames, call home and load their images from. */
const PAYPAL_ORIGINS = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

/** Where Stripe.js puts its frames (the Payment Element, 3-D Secure) and calls home. */
const STRIPE_ORIGINS = [
  'https://js.stripe.com',
  'https://*.js.stripe.com',
  'https://hooks.stripe.com',
];

interface Sources {
  script: string[];
  frame: string[];
  connect: string[];
  img: string[];
}

/**
 * The sources the providers' browser scripts need, only for the providers that take payments:
 * PayPal's script from PAYPAL_SDK_URL's origin and Stripe.js from STRIPE_JS_URL's (local
 * stand-ins in browser tests), their frames, calls and images from their domains (Stripe.js
 * calls STRIPE_API_BASE). Test mode loads no outside script, so it allows none.
 */
function paymentSources(options: SecurityHeadersOptions): Sources {
  const sources: Sources = { script: [], frame: [], connect: [], img: [] };
  if (options.paymentProviders.includes('paypal')) {
    sources.script.push(new URL(options.PAYPAL_SDK_URL).origin);
    sources.frame.push(...PAYPAL_ORIGINS);
    sources.connect.push(...PAYPAL_ORIGINS);
    sources.img.push(...PAYPAL_ORIGINS);
  }
  if (options.paymentProviders.includes('stripe')) {
    const jsOrigin = new URL(options.STRIPE_JS_URL).origin;
    sources.script.push(jsOrigin);
    sources.frame.push(jsOrigin, ...STRIPE_ORIGINS);
    sources.connect.push(new URL(options.STRIPE_API_BASE).origin, ...STRIPE_ORIGINS);
    sources.img.push('https://*.stripe.com');
  }
  return sources;
}

/**
 * The headers helmet sets for these options. They depend on nothing in the request, so helmet
 * runs once, at start-up, against a stand-in response that records them (@fastify/helmet would
 * rebuild helmet from its options on every request: a sixth of the CPU time of a cached
 * catalogue read).
 */
function helmetHeaders(helmetOptions: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet 8 throws on a bad option itself; the callback only says it is done.
  helmet(helmetOptions)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers for every answer. The content security policy allows only the shop's own
 * scripts (no inline script) and, with PayPal, PayPal's script; images from the shop and https
 * addresses (product images may be URLs), and no framing of the shop. HSTS only in production,
 * where the shop is behind https.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const payment = paymentSources(options);
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'base-uri': ["'self'"],
          'script-src': ["'self'", ...payment.script],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'https:', ...payment.img],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'", ...payment.connect],
          'frame-src': ["'self'", ...payment.frame],
          'frame-ancestors': ["'none'"],
          'form-action': ["'self'"],
          'object-src': ["'none'"],
          ...(options.isProduction ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      strictTransportSecurity: options.isProduction
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
      // Agrees with frame-ancestors 'none' for browsers that only know the older header.
      frameguard: { action: 'deny' },
    });
    // A mail client shows an e-mail's pictures from its own origin (a webmail's page, or an
    // image proxy that passes the header on): same-origin would block them there. Cross-origin
    // lets any page embed the picture, which a public product picture allows anyway.
    const pictureHeaders = { ...headers, 'cross-origin-resource-policy': 'cross-origin' };
    const picturePaths = options.picturePaths ?? [];
    app.addHook('onRequest', (request, reply, done) => {
      const picture = picturePaths.some((prefix) => request.url.startsWith(prefix));
      reply.headers(picture ? pictureHeaders : headers);
      done();
    });
  },
);

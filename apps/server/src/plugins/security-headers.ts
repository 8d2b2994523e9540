import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers for every answer. The content security policy allows only the shop's own
 * scripts (no inline script), images from the shop and https addresses (product images may be
 * URLs), and no framing. HSTS only in production, where the shop is behind https.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { isProduction: boolean }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'base-uri': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'https:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'frame-src': ["'self'"],
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
    });
  },
);

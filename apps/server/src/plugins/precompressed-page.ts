import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchHolds, weakEtag } from '../http/etag.ts';

type Encoding = 'br' | 'gzip';

/** A page held in memory as sent: its bytes plain, brotli and gzip, and one ETag for all. */
export interface PrecompressedPage {
  etag: string;
  bodies: Record<Encoding | 'identity', Buffer>;
}

/**
 * Compresses the page once, at the highest levels, since it is sent unchanged until restart.
 * `fast`: for a page built on demand (a product page, kept until the catalogue changes), at
 * levels that cost well under a millisecond for a few kilobytes.
 */
export function precompressedPage(
  html: string,
  options: { fast?: boolean } = {},
): PrecompressedPage {
  const identity = Buffer.from(html);
  const brotliQuality = options.fast ? 5 : constants.BROTLI_MAX_QUALITY;
  const gzipLevel = options.fast ? 6 : constants.Z_BEST_COMPRESSION;
  return {
    // Weak: the three encodings are the same page (RFC 9110 8.8.3), so one tag revalidates each.
    etag: weakEtag(identity),
    bodies: {
      identity,
      br: brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality },
      }),
      gzip: gzipSync(identity, { level: gzipLevel }),
    },
  };
}

/**
 * The encoding to send: brotli, else gzip, when Accept-Encoding allows it (a q of 0 refuses,
 * `*` stands for any encoding not named); none without the header. The server's preference
 * wins over the client's q order: brotli is smaller and every browser decodes both.
 */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((text) => text.trim());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  return (['br', 'gzip'] as const).find(
    (encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0,
  );
}

/** Sends the page: 304 when the browser holds it, else the best encoding it accepts. */
export function sendPage(page: PrecompressedPage, request: FastifyRequest, reply: FastifyReply) {
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('etag', page.etag)
    .header('vary', 'accept-encoding');
  if (ifNoneMatchHolds(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(page.bodies[encoding ?? 'identity']);
}

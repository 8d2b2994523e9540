import type { FastifyRequest } from 'fastify';
import { LAG_SAMPLE_INTERVAL_MS } from './read-router.ts';

/**
 * Read-your-writes (docs/decisions/0047-read-replicas.md): every response to a change (any
 * method but GET, HEAD and OPTIONS) sets this cookie, and a request that brings it back reads
 * from the primary. The browser sends it to whichever instance nginx picks, so it works across
 * instances, signed in (Bearer token) or not. It carries nothing secret, only a deadline.
 */
export const READ_PRIMARY_COOKIE = 'proshop_read_primary';

/** Past the lag bound, a sampling round and a margin: then every usable replica has the change. */
const MARGIN_MS = 1_000;

export function readPrimaryCookie(maxLagMs: number): string {
  const seconds = Math.ceil((maxLagMs + LAG_SAMPLE_INTERVAL_MS + MARGIN_MS) / 1_000);
  return `${READ_PRIMARY_COOKIE}=1; Max-Age=${seconds}; Path=/; HttpOnly; SameSite=Lax`;
}

const PRESENT = new RegExp(`(?:^|;\\s*)${READ_PRIMARY_COOKIE}=`);

export function wantsPrimary(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  return cookie !== undefined && PRESENT.test(cookie);
}

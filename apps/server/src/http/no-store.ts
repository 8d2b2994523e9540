import type { FastifyReply, FastifyRequest } from 'fastify';

/** The Cache-Control of an answer no cache may keep: not a proxy's, not the browser's. */
export const NO_STORE = 'no-store';

/**
 * An onRequest hook for a public route whose answer carries a token or answers a request
 * carrying a secret (sign-in, register, e-mail confirmation, the reset code): set before
 * anything else runs, so refusals carry it too. Signed-in routes get the same from the access
 * guard (modules/auth/access-plugin.ts).
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', NO_STORE);
}

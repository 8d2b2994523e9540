import { and, eq, notExists, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../errors/app-error.ts';
import { errorResponses } from '../../errors/error-responses.ts';
import { NO_STORE } from '../../http/no-store.ts';
import type { Database } from '../../db/client.ts';
import { endedSessions } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { verifyToken } from './tokens.ts';

/**
 * Who may call a route. Every /api route must say it in `config.access`; the server refuses to
 * start otherwise, so a new route cannot be added without an access rule. `guest`: anyone, signed
 * in or not; a token that is sent must be good (401 otherwise, as on `user` routes), and the
 * route decides what a caller without one may do (a guest's order and its link, issue #37).
 */
export type Access = 'public' | 'guest' | 'user' | 'admin';

/** The signed-in caller, as loaded from the database on every call. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  /** The token version the caller's token carries (and the account had when the call began). */
  tokenVersion: number;
  /** The session of the caller's token: its `jti` (null in tokens made before they had one) and end. */
  session: { id: string | null; expiresAt: Date };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifySchema {
    /** The route's access rule, copied from `config.access` into the OpenAPI document. */
    'x-access'?: Access;
  }
  interface FastifyRequest {
    /** The caller on routes with access `user` or `admin`, or `guest` with a token; else null. */
    user: SessionUser | null;
  }
}

export const NOT_SIGNED_IN = 'Not authorized, please sign in';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const NOT_ADMIN = 'Not authorized as an admin';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * The caller's account as every signed-in request reads it, unless the token's session was ended
 * (signed out), in the same round trip. Built and prepared once, by name: on PostgreSQL each
 * connection parses and plans it once instead of on every request. A null `jti` (a token made
 * before tokens had one) matches no ended session.
 */
function sessionQuery(db: Database) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isAdmin: users.isAdmin,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder('id')),
        notExists(
          db
            .select({ jti: endedSessions.jti })
            .from(endedSessions)
            .where(eq(endedSessions.jti, sql.placeholder('jti'))),
        ),
      ),
    )
    .prepare('session_user');
}

/** Reads the token, checks it and that it was not revoked; null when no token was sent. */
async function loadSessionUser(
  app: FastifyInstance,
  query: ReturnType<typeof sessionQuery>,
  request: FastifyRequest,
) {
  const token = bearerToken(request);
  if (!token) return null;
  const check = await verifyToken(token, app.jwtSecret);
  if (!check.ok) throw unauthorized(SESSION_ENDED);
  const [row] = await query.execute({ id: check.subject.id, jti: check.sessionId });
  // A deleted account, a session ended by signing out, or a password changed since the token
  // was made.
  if (!row || row.tokenVersion !== check.subject.tokenVersion) {
    throw unauthorized(SESSION_ENDED);
  }
  return {
    ...row,
    session: { id: check.sessionId, expiresAt: new Date(check.expiresAt * 1000) },
  };
}

/** The signed-in user of a route whose access is `user` or `admin`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized(NOT_SIGNED_IN);
  return request.user;
}

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  const session = sessionQuery(app.db);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`${String(route.method)} ${route.url} declares no config.access rule`);
    }
    // Shown in the OpenAPI document, where the generated access test reads every route's rule.
    route.schema = { ...route.schema, 'x-access': access };
    if (access === 'public') return;
    // Shown in the OpenAPI document: the route needs a bearer token, and the guard below may
    // answer 401 (and 403 on admin routes) before the route's own errors.
    route.schema = {
      ...route.schema,
      // `{}` beside the bearer token: OpenAPI's way of saying the token is optional.
      security: access === 'guest' ? [{ bearerAuth: [] }, {}] : [{ bearerAuth: [] }],
      response: {
        ...(access === 'admin' ? errorResponses(401, 403) : errorResponses(401)),
        ...(route.schema?.response as object | undefined),
      },
    };
    const guard = async (request: FastifyRequest, reply: FastifyReply) => {
      // The answer depends on who asks (and a refusal on the token sent): no cache, shared or
      // the browser's, may keep it for anyone else or for after sign-out.
      reply.header('cache-control', NO_STORE);
      const user = await loadSessionUser(app, session, request);
      if (!user) {
        // A guest sends no Authorization at all: a header without a usable token is a mistake
        // the caller must hear of, not a silent switch to buying as a guest.
        if (access === 'guest' && request.headers.authorization === undefined) return;
        throw unauthorized(NOT_SIGNED_IN);
      }
      if (access === 'admin' && !user.isAdmin) throw forbidden(NOT_ADMIN);
      request.user = user;
    };
    // onRequest, before the body is read: a caller without the right gets 401/403, never a
    // validation message that would describe the route to them.
    const existing = route.onRequest;
    route.onRequest = existing
      ? [guard, ...(Array.isArray(existing) ? existing : [existing])]
      : guard;
  });
});

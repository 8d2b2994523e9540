// Sign-in and password-reset requests as the web app sends them, for the API tests.
import type { FastifyInstance } from 'fastify';

/**
 * `POST /api/users/login`. `remoteAddress` sets the client address the rate limits count by:
 * tests that sign in many times give each call its own, so the limit does not answer instead.
 */
export const signIn = (
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    ...(remoteAddress && { remoteAddress }),
  });

/** `POST /api/users/forgotpassword`, from `remoteAddress` when given. */
export const forgotPassword = (app: FastifyInstance, email: string, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/users/forgotpassword',
    payload: { email },
    ...(remoteAddress && { remoteAddress }),
  });

import {
  adminUserUpdateRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
  resetCodeCheckRequestSchema,
  resetPasswordRequestSchema,
  userInfoSchema,
  userSchema,
} from '@proshop/domain/user-schemas';
import { idParamsSchema, messageResponseSchema } from '@proshop/domain/route-schemas';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../errors/error-responses.ts';
import { noStore } from '../../http/no-store.ts';
import { currentUser } from '../auth/access-plugin.ts';
import { endSession } from '../auth/end-session.ts';
import { getProfile, login, register, updateProfile } from './account-service.ts';
import {
  confirmEmailRequestSchema,
  confirmEmailResponseSchema,
} from '@proshop/domain/email-confirmation';
import { mailBrand } from '../mail/templates/brand.ts';
import {
  confirmEmail,
  resendConfirmation,
  type ConfirmationContext,
} from './email-confirmation-service.ts';
import type { GuestOrderClaims } from './guest-order-claims.ts';
import { deleteUserAsAdmin, getUser, listAllUsers, updateUserAsAdmin } from './admin-service.ts';
import { checkResetCode, resetPassword, sendResetCode } from './password-reset-service.ts';

const tags = ['users'];

function resetContext(app: FastifyInstance) {
  return {
    db: app.db,
    jwtSecret: app.jwtSecret,
    clock: app.clock,
    mailer: app.mailer,
    backgroundMail: app.backgroundMail,
    limiter: app.rateLimiter,
    shopName: app.config.SHOP_NAME,
    shopColor: app.config.SHOP_COLOR,
    publicUrl: app.config.publicUrl,
  };
}

/** What the confirmation links need; without SMTP_URL each link is also logged once. */
function confirmationContext(
  app: FastifyInstance,
  guestOrders: GuestOrderClaims,
): ConfirmationContext {
  const log = app.log.child({ module: 'email-confirmation' });
  return {
    db: app.db,
    jwtSecret: app.jwtSecret,
    clock: app.clock,
    mail: app.mailOutbox,
    brand: mailBrand({
      shopName: app.config.SHOP_NAME,
      publicUrl: app.config.publicUrl,
      shopColor: app.config.SHOP_COLOR,
    }),
    limiter: app.rateLimiter,
    shopEmail: app.config.SHOP_EMAIL,
    logLink: app.config.SMTP_URL
      ? undefined
      : (to, link) =>
          log.info({ to, link }, 'no mail server: follow this link to confirm the e-mail address'),
    guestOrders,
  };
}

/** `guestOrders`: the orders module's side of confirming an e-mail (app.ts wires it). */
export const userRoutes: FastifyPluginAsyncZod<{ guestOrders: GuestOrderClaims }> = async (
  app,
  { guestOrders },
) => {
  const accounts = { db: app.db, jwtSecret: app.jwtSecret };
  const confirmations = confirmationContext(app, guestOrders);
  const limitedAccounts = { ...accounts, limiter: app.rateLimiter, confirmations };
  const profileContext = {
    ...limitedAccounts,
    mail: app.mailOutbox,
    shopName: app.config.SHOP_NAME,
    shopEmail: app.config.SHOP_EMAIL,
    publicUrl: app.config.publicUrl,
  };

  app.post(
    '/api/users',
    {
      config: { access: 'public' },
      onRequest: noStore,
      schema: {
        tags,
        summary: 'Create an account and sign in (never an admin)',
        body: registerRequestSchema,
        response: { 201: userInfoSchema, ...errorResponses(400, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const userInfo = await register(limitedAccounts, request.body, request.ip);
      return reply.code(201).send(userInfo);
    },
  );

  app.post(
    '/api/users/login',
    {
      config: { access: 'public' },
      onRequest: noStore,
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: userInfoSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    (request) => login(limitedAccounts, request.body, request.ip),
  );

  app.post(
    '/api/users/logout',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Sign out: the token sent is refused from now on (other sessions go on)',
        response: { 204: z.null().describe('Signed out'), ...errorResponses() },
      },
    },
    async (request, reply) => {
      await endSession(app.db, currentUser(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/users/profile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: userSchema, ...errorResponses(404) },
      },
    },
    (request) => getProfile(accounts, currentUser(request).id),
  );

  app.put(
    '/api/users/profile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change name, e-mail and optionally the password (which ends older sessions)',
        body: profileUpdateRequestSchema,
        response: {
          200: userInfoSchema,
          ...errorResponses(400, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    (request) => updateProfile(profileContext, currentUser(request), request.body, request.ip),
  );

  app.post(
    '/api/users/confirm-email',
    {
      config: { access: 'public' },
      onRequest: noStore,
      schema: {
        tags,
        summary: 'Confirm an e-mail address with the token of its link (once, within 48 hours)',
        body: confirmEmailRequestSchema,
        response: { 200: confirmEmailResponseSchema, ...errorResponses(400, 409, 413, 415) },
      },
    },
    (request) => confirmEmail(confirmations, request.body.token),
  );

  app.post(
    '/api/users/confirm-email/resend',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Send a new confirmation link (older links stop working); rate-limited',
        response: { 200: messageResponseSchema, ...errorResponses(404, 409, 429) },
      },
    },
    (request) => resendConfirmation(confirmations, currentUser(request), request.ip),
  );

  app.post(
    '/api/users/forgotpassword',
    {
      config: { access: 'public' },
      onRequest: noStore,
      schema: {
        tags,
        summary: 'E-mail a 6-digit reset code (same answer whether the account exists or not)',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    (request) => sendResetCode(resetContext(app), request.body, request.ip),
  );

  app.post(
    '/api/users/forgotpassword/check',
    {
      config: { access: 'public' },
      onRequest: noStore,
      schema: {
        tags,
        summary: 'Check a reset code',
        body: resetCodeCheckRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    (request) => checkResetCode(resetContext(app), request.body, request.ip),
  );

  app.put(
    '/api/users/resetpassword',
    {
      config: { access: 'public' },
      onRequest: noStore,
      schema: {
        tags,
        summary: 'Set a new password with a reset code (ends every session)',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    (request) => resetPassword(resetContext(app), request.body, request.ip),
  );

  app.get(
    '/api/users',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Every user',
        response: { 200: z.array(userSchema), ...errorResponses() },
      },
    },
    () => listAllUsers(app.db),
  );

  app.get(
    '/api/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'One user',
        params: idParamsSchema,
        response: { 200: userSchema, ...errorResponses(404) },
      },
    },
    (request) => getUser(app.db, request.params.id),
  );

  app.put(
    '/api/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change a user, including the admin flag (not your own)',
        params: idParamsSchema,
        body: adminUserUpdateRequestSchema,
        response: { 200: userSchema, ...errorResponses(400, 404, 409, 413, 415) },
      },
    },
    (request) => updateUserAsAdmin(app.db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a user (not yourself); their orders keep the buyer name and e-mail',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(404, 409) },
      },
    },
    (request) => deleteUserAsAdmin(app.db, app.catalogue, currentUser(request), request.params.id),
  );
};

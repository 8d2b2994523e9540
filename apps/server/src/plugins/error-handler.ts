import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors/app-error.ts';
import { isDatabaseUnavailable } from '../db/database-errors.ts';

const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again.';
const DATABASE_DOWN = 'The shop is temporarily unavailable. Please try again in a moment.';

/** Fastify's own errors that are safe to show, by code, in words a shopper understands. */
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This type of content is not accepted here.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

/**
 * zod's own messages ("Too small: expected number to be >=1", "Invalid input: ...") say what is
 * wrong but not where: they get the field's path in front. Our schemas' messages are sentences
 * that name the field already ("Quantity must be at least 1"): a prefix would only repeat it
 * ("Invalid qty: Quantity must be at least 1").
 */
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized)\b/;

function describeValidationError(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const detail = first?.message ?? 'is invalid';
    if (!ZOD_DEFAULT_MESSAGE.test(detail)) return detail;
    return field ? `Invalid ${field}: ${detail}` : `Invalid request: ${detail}`;
  }
  return `Invalid request: ${error.message}`;
}

/** One handler turns every error into `{ message }` with the right status; 5xx never leak. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...error.details, message: error.message });
    }
    if (error.validation) {
      return reply.code(400).send({ message: describeValidationError(error) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).send({ message: DATABASE_DOWN });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        (error.code && fastifyMessages[error.code]) ??
        (status === 429 ? error.message : 'The request could not be processed.');
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: GENERIC_SERVER_ERROR });
  });
});

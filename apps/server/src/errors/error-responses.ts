import { errorResponseSchema } from '@proshop/domain/error-schemas';
import { errorStatus } from './app-error.ts';

/** A status the error handler answers with (see `errorStatus`). */
export type ErrorStatus = (typeof errorStatus)[keyof typeof errorStatus];

type ErrorResponses<S extends ErrorStatus> = Record<S | 503, typeof errorResponseSchema>;

/**
 * The error answers of a route's schema, each the `{ message }` body the error handler sends, so
 * the OpenAPI document lists them. 503 is always there: every route answers it while the server
 * shuts down (return503OnClosing) or when the database does not answer. 401 and 403 are added
 * by the access plugin from the route's access rule.
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): ErrorResponses<S> {
  return Object.fromEntries(
    [...statuses, errorStatus.unavailable].map((status) => [status, errorResponseSchema]),
  ) as ErrorResponses<S>;
}

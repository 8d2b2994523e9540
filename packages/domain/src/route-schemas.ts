import { z } from 'zod';

/**
 * The `{id}` path parameter of every route that names one object. Any string: a malformed id is
 * answered 404 by the service, as an unknown one is (Fastify caps params at 100 characters).
 */
export const idParamsSchema = z.object({ id: z.string() });

/** Answer of the calls that only confirm, e.g. `Review added`, `Product removed`. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

import { z } from 'zod';

/**
 * An id as it enters the server, lower-cased once here: ids are UUIDs, which PostgreSQL reads in
 * either case, so every comparison in the code (is this the caller's own account?) must see the
 * one spelling the database returns. A malformed id stays a string that the service answers 404,
 * as it does an unknown one.
 */
export const idSchema = (message: string) => z.string(message).min(1, message).toLowerCase();

/** The `{id}` path parameter of every route that names one object. */
export const idParamsSchema = z.object({ id: idSchema('Invalid id') });

/** Answer of the calls that only confirm, e.g. `Review added`, `Product removed`. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

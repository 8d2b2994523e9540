import { z } from 'zod';

/** Every error the API answers has this body: words a shopper understands, nothing internal. */
export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

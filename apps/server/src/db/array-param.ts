import { sql } from 'drizzle-orm';

/**
 * An array of values as one parameter, for `= any(...)` and `unnest(...)`: a statement prepared
 * by name keeps one text whatever the number of values (orders/repository.ts says why).
 */
export const arrayParam = (values: readonly unknown[]) => sql.param([...values]);

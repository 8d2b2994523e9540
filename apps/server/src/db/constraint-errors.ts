/** The PostgreSQL error in a `cause` chain (drizzle wraps it): its SQLSTATE and constraint. */
function databaseError(error: unknown): { code: string; constraint?: string } | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return typeof constraint === 'string' ? { code, constraint } : { code };
    }
  }
  return undefined;
}

/**
 * A unique index refused the row (SQLSTATE 23505): a concurrent request won the race. Name the
 * constraint to tell one unique key from another.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = databaseError(error);
  return found?.code === '23505' && (constraint === undefined || found.constraint === constraint);
}

/**
 * A foreign key refused the row, e.g. the product was deleted meanwhile (SQLSTATE 23503). Name
 * the constraint to tell one reference from another.
 */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const found = databaseError(error);
  return found?.code === '23503' && (constraint === undefined || found.constraint === constraint);
}

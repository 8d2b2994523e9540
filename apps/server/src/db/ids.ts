/**
 * Ids are UUIDs in lower case, as they come from the database and as every id is lower-cased where
 * it enters (the domain's idSchema); anything else can name no row, so callers answer 404 without
 * asking the database.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

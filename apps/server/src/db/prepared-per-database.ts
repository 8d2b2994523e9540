import type { Database } from './client.ts';

/**
 * A prepared query built once per database handle instead of on every call: building a query's
 * text with Drizzle costs about as much CPU as sending it. Pass the values as placeholders
 * (`sql.placeholder(name)`) and give them to `execute`. Called with a transaction, the query is
 * built for that transaction alone (a prepared query runs on the handle it was built on).
 */
export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/** A value a prepared statement takes at each execution (`sql.placeholder`), under its name. */
export const param = <T = unknown>(name: string) => sql.placeholder(name) as unknown as T;

/**
 * A statement of the hot path, built by Drizzle once per database handle instead of on every call
 * (building SQL from the query builder was a quarter of the API's busy time under load, ADR 115), and
 * named, so PostgreSQL parses and plans it once per connection. Values go in as placeholders
 * (`param`). A transaction is its own handle: it gets its own copy, run on the transaction's
 * connection; the name lets PostgreSQL reuse the parse there too.
 *
 * Names must be unique across the app: one name is one SQL text on a connection.
 */
export function prepared<P>(name: string, build: (db: Db, name: string) => P): (db: Tx) => P {
  const perHandle = new WeakMap<object, P>();
  return (db) => {
    let statement = perHandle.get(db);
    if (!statement) {
      statement = build(db as Db, name);
      perHandle.set(db, statement);
    }
    return statement;
  };
}

import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { ShopDb } from './client.ts';

/**
 * Makes `make(db)` once per database connection and hands back the same result for it afterwards.
 *
 * For prepared statements on the busy paths (placing an order runs a dozen queries): building the SQL
 * text with drizzle and having SQLite compile it again on every call cost about 40 % of a submit. A
 * statement belongs to the connection that prepared it, so the cache is keyed by the drizzle instance,
 * which wraps exactly one connection: a new connection (another test's shop, a reopened file) gets
 * statements of its own, and a closed one's are dropped with it. A restore keeps the connection
 * (backup/service.ts), and SQLite recompiles a statement by itself when the schema under it changes.
 */
export function perConnection<T>(make: (db: ShopDb) => T): (db: ShopDb) => T {
  const made = new WeakMap<ShopDb, T>();
  return (db) => {
    let found = made.get(db);
    if (found === undefined) {
      found = make(db);
      made.set(db, found);
    }
    return found;
  };
}

/**
 * `column IN (the ids)` for a prepared statement: the ids are bound as ONE JSON array text under the
 * placeholder `name` (see `idList`), so one statement serves any number of ids. SQLite still looks each
 * id up through the column's index.
 */
export function inIdList(column: SQLiteColumn, name: string): SQL {
  return sql`${column} in (select value from json_each(${sql.placeholder(name)}))`;
}

/** The value bound to an `inIdList` placeholder. */
export function idList(ids: readonly number[]): string {
  return JSON.stringify(ids);
}

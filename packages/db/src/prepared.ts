import type Database from 'better-sqlite3';
import { Column, is, Param, Placeholder, type SQL, sql } from 'drizzle-orm';
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
export function perConnection<T, K extends object = ShopDb>(make: (db: K) => T): (db: K) => T {
  const made = new WeakMap<K, T>();
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

/**
 * A LIMIT bound on each run of a statement prepared once (`.limit(boundLimit('limit'))`). SQLite (3.54) reads
 * a bound `limit ?` while it plans and marks the statement to be planned again whenever that value is bound
 * anew, which better-sqlite3 does on every run: a whole order list's 2,000 reads of 50 rows each parsed and
 * planned their statement again, 57 ms of a 100,000-order list's server CPU. `+?` is the same number to LIMIT
 * but not a bare variable, so the plan is made once (the lists' plans walk an index in order either way).
 * Drizzle's .limit() is typed for a number or a placeholder; it writes any SQL it is given.
 */
export function boundLimit(name: string): Placeholder {
  return sql`+${sql.placeholder(name)}` as unknown as Placeholder;
}

/** The value bound to an `inIdList` placeholder. */
export function idList(ids: readonly number[]): string {
  return JSON.stringify(ids);
}

/** How one bound value is found: a named placeholder's value (in its column's stored form) or a constant. */
type Binder = (values: object) => unknown;

interface DriverEncoder {
  mapToDriverValue(value: unknown): unknown;
}

function binderOf(param: unknown): Binder {
  if (is(param, Placeholder)) return (values) => (values as Record<string, unknown>)[param.name];
  if (is(param, Param)) {
    const encoder = param.encoder as DriverEncoder | undefined;
    const inner = param.value;
    if (is(inner, Placeholder)) {
      return encoder
        ? (values) => encoder.mapToDriverValue((values as Record<string, unknown>)[inner.name])
        : (values) => (values as Record<string, unknown>)[inner.name];
    }
    const constant = encoder ? encoder.mapToDriverValue(inner) : inner;
    return () => constant;
  }
  return () => param;
}

/** A drizzle insert run as a bare better-sqlite3 statement: see `bareInsert`. */
export interface BareInsert<V, R> {
  /**
   * Inserts the row; answers its RETURNING: the fields given to `bareInsert` mapped as drizzle maps them,
   * else the first column (the new id), else the new rowid.
   */
  get(values: V): R;
  run(values: V): Database.RunResult;
}

interface DriverDecoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * An insert that drizzle writes once (the SQL from the schema, each value's column and its stored form) and
 * better-sqlite3 runs bare: the named values bound by position, the RETURNING read as a row of values and
 * mapped by `returning` (the same fields, in the same order, as the query's `.returning(...)`), or plucked
 * when it is one column. For the inserts an order submit runs (the order, its lines, its e-mails): drizzle's
 * per-call placeholder filling and row mapping (an `is()` walk of prototypes per value) cost about as much
 * as SQLite's insert. Prepared on `sqlite`, which must be the connection under `query`'s drizzle instance.
 */
export function bareInsert<V extends object, R = unknown>(
  sqlite: Database.Database,
  query: { toSQL(): { sql: string; params: unknown[] } },
  returning?: Readonly<Record<string, SQLiteColumn>>,
): BareInsert<V, R> {
  const { sql: text, params } = query.toSQL();
  const binders = params.map(binderOf);
  const statement = sqlite.prepare(text);
  const returns = statement.reader;
  const fields = returning
    ? Object.entries(returning).map(([key, column]) => [key, column as DriverDecoder] as const)
    : null;
  if (returns) {
    if (fields) statement.raw();
    else statement.pluck();
  }
  const bind = (values: V) => binders.map((b) => b(values));
  const mapped = (row: unknown[]): R => {
    const result: Record<string, unknown> = {};
    (fields ?? []).forEach(([key, decoder], i) => {
      const value = row[i];
      result[key] = value === null || value === undefined ? null : decoder.mapFromDriverValue(value);
    });
    return result as R;
  };
  return {
    get(values) {
      if (!returns) return statement.run(bind(values)).lastInsertRowid as R;
      const row = statement.get(bind(values));
      return (fields ? mapped(row as unknown[]) : row) as R;
    },
    run: (values) => statement.run(bind(values)),
  };
}

/** A drizzle select run as a bare better-sqlite3 statement: see `bareSelect`. */
export interface BareSelect<V, R> {
  /** Every row the statement answers for the named values, as drizzle would map it. */
  all(values: V): R[];
}

/**
 * A select that drizzle writes once (its SQL, its bound values by name) and better-sqlite3 runs bare: each row
 * read as an array of values and made into an object of `fields` (the same fields, in the same order, as the
 * query's `.select(...)`), a value through its column's decoder only where the column has one of its own (a
 * boolean stored as 0 or 1). For the lists read a chunk at a time (a whole list of 100,000 orders): drizzle's
 * row mapping (an `is()` walk of prototypes per value) cost about as much as SQLite's reading. Prepared on
 * `sqlite`, which must be the connection under `query`'s drizzle instance.
 */
export function bareSelect<V extends object, R>(
  sqlite: Database.Database,
  query: { toSQL(): { sql: string; params: unknown[] } },
  fields: Readonly<Record<string, SQLiteColumn>>,
): BareSelect<V, R> {
  const { sql: text, params } = query.toSQL();
  const binders = params.map(binderOf);
  const statement = sqlite.prepare(text).raw();
  const decoders = Object.values(fields).map((column) =>
    (column as DriverDecoder).mapFromDriverValue === Column.prototype.mapFromDriverValue
      ? null
      : (column as DriverDecoder),
  );
  // The row's object as one literal of its fields, made once per statement: objects of one shape, built
  // without a keyed store per value (a loop over the fields cost more than SQLite's reading of the row).
  const members = Object.keys(fields).map((key, i) => {
    const value = `row[${i}]`;
    const read = decoders[i]
      ? `${value} === null ? null : decoders[${i}].mapFromDriverValue(${value})`
      : value;
    return `${JSON.stringify(key)}: ${read}`;
  });
  const make = new Function('row', 'decoders', `return { ${members.join(', ')} };`) as (
    row: unknown[],
    decoders: (DriverDecoder | null)[],
  ) => R;
  return {
    all(values) {
      const rows = statement.all(binders.map((b) => b(values))) as unknown[][];
      const mapped: R[] = new Array(rows.length);
      for (let r = 0; r < rows.length; r += 1) mapped[r] = make(rows[r] as unknown[], decoders);
      return mapped;
    },
  };
}

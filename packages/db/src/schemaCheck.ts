import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Database from 'better-sqlite3';
import { defaultMigrationsFolder } from './client.ts';

/** Where better-sqlite3 is, for a process of its own that checks a database file (backup/databaseCheck). */
export const BETTER_SQLITE3_MODULE = createRequire(import.meta.url).resolve('better-sqlite3');

export const MIGRATIONS_TABLE = '__drizzle_migrations';

/** One object of a database's schema as sqlite_master lists it. */
export interface SchemaObject {
  type: string;
  name: string;
  tableName: string;
  sql: string | null;
}

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** The statements of each shipped migration, in order, as drizzle-kit wrote them. */
function migrationStatements(folder: string): string[][] {
  // drizzle-kit's own file, shipped with the build: read as drizzle's migrator reads it.
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  return [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map((entry) =>
      readFileSync(path.join(folder, `${entry.tag}.sql`), 'utf8')
        .split('--> statement-breakpoint')
        .map((statement) => statement.trim())
        .filter(Boolean),
    );
}

/**
 * Litestream's bookkeeping tables, which it creates in a database it copies (REPLICA_URL): plain tables of
 * its own, no part of the shop's schema, in a backup or replica of a replicated shop.
 */
export const LITESTREAM_TABLES = ['_litestream_seq', '_litestream_lock'];

/**
 * A database's own objects: SQLite's internal ones (sqlite_sequence, sqlite_autoindex_*) are its business, and
 * Litestream's two tables are its.
 */
function ownObjects(sqlite: Database.Database): SchemaObject[] {
  return (
    sqlite
      .prepare(
        `SELECT type, name, tbl_name AS tableName, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND NOT (type = 'table' AND name IN (${LITESTREAM_TABLES.map((t) => `'${t}'`).join(', ')})) ORDER BY type, name`,
      )
      .all() as SchemaObject[]
  ).map((o) => ({ ...o, sql: o.sql === null ? null : o.sql.replace(/\s+/g, ' ').trim() }));
}

const expectedCache = new Map<string, SchemaObject[]>();

/**
 * The schema a database of this shop has after `version` migrations: the shipped migrations replayed on an
 * empty in-memory database, plus drizzle's own bookkeeping table as the live database has it.
 */
export function expectedSchema(
  version: number,
  migrationsTableSql: string | null,
  folder = defaultMigrationsFolder(),
): SchemaObject[] {
  const key = `${folder}\0${version}\0${migrationsTableSql}`;
  const cached = expectedCache.get(key);
  if (cached) return cached;
  const memory = new Database(':memory:');
  try {
    for (const statements of migrationStatements(folder).slice(0, version)) {
      for (const statement of statements) memory.exec(statement);
    }
    if (migrationsTableSql) memory.exec(migrationsTableSql);
    const objects = ownObjects(memory);
    expectedCache.set(key, objects);
    return objects;
  } finally {
    memory.close();
  }
}

export interface StagedSchema {
  /** How many migrations the file has had. */
  version: number;
  objects: SchemaObject[];
}

/**
 * Reads a database file's schema without running anything in it: sqlite_master is parsed, never executed
 * (a view is not evaluated, a trigger fires only on a write, and this connection is read-only with
 * trusted_schema off). Throws when the file is not a database or has no migrations table.
 */
export function readSchema(file: string): StagedSchema {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    sqlite.pragma('trusted_schema = OFF');
    const objects = ownObjects(sqlite);
    const migrations = objects.find((o) => o.name === MIGRATIONS_TABLE);
    if (!migrations || migrations.type !== 'table') {
      return { version: -1, objects };
    }
    const version = sqlite.prepare(`SELECT count(*) FROM "${MIGRATIONS_TABLE}"`).pluck().get() as number;
    return { version, objects };
  } finally {
    sqlite.close();
  }
}

const article = (type: string) => (type === 'index' ? 'an' : 'a');

/** What differs between a file's schema and the expected one, in words; empty when they are the same. */
export function schemaDifferences(found: SchemaObject[], expected: SchemaObject[]): string[] {
  const key = (o: SchemaObject) => `${o.type}\0${o.name}`;
  const wanted = new Map(expected.map((o) => [key(o), o]));
  const have = new Map(found.map((o) => [key(o), o]));
  const differences: string[] = [];
  for (const object of found) {
    const twin = wanted.get(key(object));
    if (!twin) {
      differences.push(`${article(object.type)} ${object.type} "${object.name}" this shop does not define`);
    } else if (twin.sql !== object.sql || twin.tableName !== object.tableName) {
      differences.push(
        `${article(object.type)} ${object.type} "${object.name}" defined differently (an extra or changed column?)`,
      );
    }
  }
  for (const object of expected) {
    if (!have.has(key(object))) differences.push(`no ${object.type} "${object.name}"`);
  }
  return differences;
}

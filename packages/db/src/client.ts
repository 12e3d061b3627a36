import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema.ts';

export type ShopDb = BetterSQLite3Database<typeof schema>;
export type Sqlite = Database.Database;
export interface ShopDatabase {
  db: ShopDb;
  sqlite: Sqlite;
  file: string;
  close(): void;
}

export const DATABASE_FILE_NAME = 'shop.db';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The migrations folder: beside the source in the workspace, beside the bundle in a release. */
export function defaultMigrationsFolder(): string {
  const candidates = [path.join(here, '..', 'drizzle'), path.join(here, 'drizzle')];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** The number of migrations shipped with this build: the schema version written into backups. */
export function schemaVersion(migrationsFolder = defaultMigrationsFolder()): number {
  return readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length;
}

/** Pragmas every connection needs: WAL for concurrent reads, FULL sync so an acknowledged order survives a power cut. */
export function applyPragmas(sqlite: Sqlite): void {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
}

export function openDatabase(
  file: string,
  options: { migrationsFolder?: string; readonly?: boolean } = {},
): ShopDatabase {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file, { readonly: options.readonly ?? false });
  applyPragmas(sqlite);
  const db = drizzle(sqlite, { schema });
  if (!options.readonly) {
    migrate(db, { migrationsFolder: options.migrationsFolder ?? defaultMigrationsFolder() });
  }
  return {
    db,
    sqlite,
    file,
    close() {
      if (sqlite.open) {
        // Folding the WAL back into the main file leaves one self-contained file behind.
        try {
          sqlite.pragma('wal_checkpoint(TRUNCATE)');
        } catch {
          // A read-only or busy database keeps its WAL; SQLite replays it on the next open.
        }
        sqlite.close();
      }
    },
  };
}

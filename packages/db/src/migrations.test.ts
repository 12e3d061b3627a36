import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultMigrationsFolder, openDatabase } from './client.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as a shop of an earlier release shipped it: only the first `count` migrations. */
function earlierMigrations(count: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nursery-migrations-'));
  dirs.push(dir);
  cpSync(defaultMigrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  for (const gone of journal.entries.slice(count)) rmSync(path.join(dir, `${gone.tag}.sql`));
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migrations', () => {
  it('a database from before product versions opens with every product at version 1', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nursery-db-'));
    dirs.push(dir);
    const file = path.join(dir, 'shop.db');
    const old = openDatabase(file, { migrationsFolder: earlierMigrations(1) });
    old.sqlite.prepare("INSERT INTO product_types (product_type_id, name) VALUES (9, 'Tree')").run();
    old.sqlite
      .prepare("INSERT INTO products (name, product_type_id, created_at) VALUES ('Old Oak', 9, 0)")
      .run();
    expect(old.sqlite.prepare('SELECT * FROM products').get()).not.toHaveProperty('version');
    old.close();

    const current = openDatabase(file);
    expect(current.sqlite.prepare("SELECT version FROM products WHERE name = 'Old Oak'").pluck().get()).toBe(
      1,
    );
    current.close();
  });
});

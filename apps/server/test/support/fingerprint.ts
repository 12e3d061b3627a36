import { createHash } from 'node:crypto';
import type { Sqlite } from '@nursery/db';

/**
 * Tables a rejected API request may still touch for reasons of their own: the sign-in provider's sessions
 * and grants (expired rows are swept on a timer).
 */
const VOLATILE_TABLES = new Set(['oidc_payloads']);

export type Fingerprint = Record<string, { rows: number; hash: string }>;

/**
 * Every table's row count and a hash of its whole content, read straight from SQLite. Tables are found
 * in sqlite_master, so a table added later is covered without a change here.
 */
export function databaseFingerprint(sqlite: Sqlite): Fingerprint {
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .all() as { name: string }[];
  const print: Fingerprint = {};
  for (const { name } of tables) {
    if (VOLATILE_TABLES.has(name)) continue;
    const hash = createHash('sha256');
    let rows = 0;
    for (const row of sqlite.prepare(`select * from "${name}" order by rowid`).raw().iterate()) {
      // Each value tagged with its type, so null, '' and 0 differ.
      let line = '';
      for (const value of row as unknown[])
        line += value === null ? '\u0000N' : `\u0000${typeof value}${value}`;
      hash.update(`${line}\n`);
      rows++;
    }
    print[name] = { rows, hash: hash.digest('hex').slice(0, 16) };
  }
  return print;
}

/** Names the tables whose content differs, for a failure message a person can follow. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n]?.hash !== after[n]?.hash || before[n]?.rows !== after[n]?.rows);
}

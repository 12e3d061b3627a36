import { existsSync, renameSync } from 'node:fs';
import { LITESTREAM_TABLES, openDatabase, type SeedOptions, type Sqlite, seedDatabase } from '@nursery/db';

/**
 * The heavy part of a restore, done on its own thread (restoreWorker.ts) with its own connections: bringing the
 * staged database up to this version, then copying it into the live one. Only node and @nursery/db come in, so
 * the thread starts quickly. A refusal says, in the owner's words, why nothing was changed.
 */
export class RestoreRefused extends Error {}

function refuse(message: string): never {
  throw new RestoreRefused(message);
}

/** Brings an older backup's schema up to this version on the staged copy, never on the live database. */
export function migrateStagedDatabase(file: string, seed: SeedOptions): void {
  try {
    const staged = openDatabase(file);
    try {
      seedDatabase(staged, seed);
    } finally {
      staged.close();
    }
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    refuse(`The backup's database could not be brought up to this version of the shop (${why}).`);
  }
}

/** Runs `fn` with the staged database attached to the connection as `restored`. */
function withAttached<T>(sqlite: Sqlite, file: string, fn: () => T): T {
  sqlite.prepare('ATTACH DATABASE ? AS restored').run(file);
  try {
    return fn();
  } finally {
    sqlite.exec('DETACH DATABASE restored');
  }
}

interface TableShape {
  name: string;
  columns: string[];
}

function tableShapes(sqlite: Sqlite, schema: 'main' | 'restored'): TableShape[] {
  const names = sqlite
    .prepare(
      `SELECT name FROM ${schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN (${LITESTREAM_TABLES.map((t) => `'${t}'`).join(', ')}) ORDER BY name`,
    )
    .pluck()
    .all() as string[];
  return names.map((name) => ({
    name,
    columns: (
      sqlite.prepare(`PRAGMA ${schema}.table_info("${name.replace(/"/g, '""')}")`).all() as { name: string }[]
    ).map((c) => c.name),
  }));
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Who may sign in is not shop data a restore rolls back: the live staff accounts (their passwords), the
 * integration clients (their secrets and revocations) and the embedded sign-in's sessions and revocations
 * stay as they are, so a person removed since the backup stays out, a password reset stays reset, a sign-out
 * stays signed out, a client revoked for a leaked secret stays revoked and one made since keeps working. Only
 * a shop without any staff account (a new, empty data folder restored with pnpm restore) takes the backup's
 * accounts and clients, with no session from it.
 */
const SIGN_IN_TABLES = ['staff_accounts', 'integration_clients', 'oidc_payloads'];
const STAFF_TABLE = 'staff_accounts';
/** What a new shop moving in takes from the backup: who may sign in there. */
const ACCOUNT_TABLES = [STAFF_TABLE, 'integration_clients'];
/**
 * What the shop has told its customers is not rolled back either: an e-mail sent is out in the world. The live
 * outbox and pick-up reminder records stay as they are (what was sent stays sent, so a receipt or reminder
 * unsent when the backup was taken does not go out a second time; what is still to send stays to send), and
 * the backup adds only the rows the live shop no longer has (pruned, or a new shop moving in). A reminder of
 * an order the restored shop does not have goes with that order.
 */
const SENT_MAIL_TABLES = ['email_outbox', 'pick_up_reminders'];
/**
 * The same goes for the waitlist's told marks: the entries are the backup's, but one that is still waiting in
 * the backup takes the live shop's told mark (and its e-mail) when the live shop has told that address about
 * that product since the entry joined, so nobody hears twice that the same product is back for the same wait.
 * A mark from before the entry joined belongs to an earlier wait (told, then joined again) and is not carried.
 */
const TOLD_MARK_TABLE = 'waitlist_entries';

export interface SwapPaths {
  stagedDb: string;
  stagedMedia: string;
  mediaDir: string;
  /** Where the live media folder goes while the swap commits; thrown away with the staging folder. */
  replacedMedia: string;
}

/**
 * The swap itself, on a connection of its own: the live database's tables are emptied and refilled from the
 * staged copy in one transaction, and the media folder is exchanged by two renames in the same folder just
 * before that transaction commits. Until the commit every other connection (the server's, the order writer's)
 * reads the shop as it was (WAL); if anything fails, the renames are undone and the transaction rolls back.
 */
export function swapIn(sqlite: Sqlite, paths: SwapPaths): void {
  const { stagedDb, stagedMedia, mediaDir, replacedMedia } = paths;
  withAttached(sqlite, stagedDb, () => {
    const live = tableShapes(sqlite, 'main');
    const incoming = new Map(tableShapes(sqlite, 'restored').map((t) => [t.name, t]));
    for (const table of live) {
      const other = incoming.get(table.name);
      if (!other || other.columns.join(',') !== table.columns.join(',')) {
        refuse(
          `The backup's database does not match this shop's tables (${table.name}). Nothing was changed.`,
        );
      }
    }
    const liveStaff = sqlite.prepare(`SELECT count(*) FROM main.${STAFF_TABLE}`).pluck().get() as number;
    const kept = liveStaff > 0 ? SIGN_IN_TABLES : SIGN_IN_TABLES.filter((t) => !ACCOUNT_TABLES.includes(t));
    const replaced = live.filter((t) => !kept.includes(t.name) && !SENT_MAIL_TABLES.includes(t.name));
    const merged = live.filter((t) => SENT_MAIL_TABLES.includes(t.name));
    const keptList = kept.map((t) => `'${t}'`).join(', ');
    const hasSequence =
      (sqlite
        .prepare("SELECT count(*) FROM restored.sqlite_master WHERE name = 'sqlite_sequence'")
        .pluck()
        .get() as number) > 0 &&
      (sqlite
        .prepare("SELECT count(*) FROM main.sqlite_master WHERE name = 'sqlite_sequence'")
        .pluck()
        .get() as number) > 0;

    // Rows arrive in any order; the staged copy passed foreign_key_check, so the checks can rest meanwhile.
    sqlite.pragma('foreign_keys = OFF');
    let mediaSwapped = false;
    try {
      sqlite.exec('BEGIN IMMEDIATE');
      try {
        // Read before the live rows go; the staged copy is thrown away after the swap.
        sqlite.exec(
          `UPDATE restored.${TOLD_MARK_TABLE} AS r SET told_at = l.told_at, email_id = l.email_id FROM main.${TOLD_MARK_TABLE} AS l WHERE r.told_at IS NULL AND l.told_at IS NOT NULL AND l.told_at >= r.created_at AND l.product_id = r.product_id AND l.email_key = r.email_key`,
        );
        for (const table of replaced) sqlite.exec(`DELETE FROM main.${quote(table.name)}`);
        for (const table of replaced) {
          const columns = table.columns.map(quote).join(', ');
          sqlite.exec(
            `INSERT INTO main.${quote(table.name)} (${columns}) SELECT ${columns} FROM restored.${quote(table.name)}`,
          );
        }
        for (const table of merged) {
          const columns = table.columns.map(quote).join(', ');
          sqlite.exec(
            `INSERT OR IGNORE INTO main.${quote(table.name)} (${columns}) SELECT ${columns} FROM restored.${quote(table.name)}`,
          );
          // Rows kept from the live shop that point at what the restored shop does not have (an order placed
          // since the backup): a dangling row would make every later backup fail restore's foreign-key check.
          const dangling = sqlite.prepare(`PRAGMA main.foreign_key_check(${quote(table.name)})`).all() as {
            rowid: number | null;
          }[];
          const remove = sqlite.prepare(`DELETE FROM main.${quote(table.name)} WHERE rowid = ?`);
          for (const { rowid } of dangling) if (rowid !== null) remove.run(rowid);
        }
        if (hasSequence) {
          // A kept table keeps its own counter, so a removed person's id is never handed out again. Every other
          // counter goes on from the larger of the two: an order number on a customer's receipt or a product
          // page shared since the backup was taken is never given to another order or product.
          sqlite.exec(
            `UPDATE main.sqlite_sequence SET seq = max(seq, coalesce((SELECT r.seq FROM restored.sqlite_sequence r WHERE r.name = main.sqlite_sequence.name), 0)) WHERE name NOT IN (${keptList})`,
          );
          sqlite.exec(
            `INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq FROM restored.sqlite_sequence WHERE name NOT IN (${keptList}) AND name NOT IN (SELECT name FROM main.sqlite_sequence)`,
          );
        }
        const hadMedia = existsSync(mediaDir);
        if (hadMedia) renameSync(mediaDir, replacedMedia);
        try {
          renameSync(stagedMedia, mediaDir);
        } catch (error) {
          if (hadMedia) renameSync(replacedMedia, mediaDir);
          throw error;
        }
        mediaSwapped = true;
        sqlite.exec('COMMIT');
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        if (mediaSwapped) {
          renameSync(mediaDir, stagedMedia);
          if (existsSync(replacedMedia)) renameSync(replacedMedia, mediaDir);
        }
        throw error;
      }
    } finally {
      sqlite.pragma('foreign_keys = ON');
    }
  });
}

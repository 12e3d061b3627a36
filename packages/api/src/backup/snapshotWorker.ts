/**
 * A backup's snapshot of the database, taken on a thread of its own (service.ts, takeSnapshot): SQLite's online
 * backup copies every page through its own read-only connection in one step, one consistent read, and syncs the
 * copy to disk, none of which holds the server's thread. Only better-sqlite3 comes in, so the thread starts
 * quickly from the source as from the release.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { SnapshotReply, SnapshotStart } from './service.ts';

interface Connection {
  pragma(source: string): unknown;
  backup(target: string, options: { progress(): number }): Promise<unknown>;
  close(): void;
}
type Open = new (file: string, options: { readonly: boolean; fileMustExist: boolean }) => Connection;

const port = parentPort;
if (!port) throw new Error("a backup's snapshot runs as a worker thread (service.ts starts it)");
const { sqliteModule, source, target } = workerData as SnapshotStart;
/** Every page in one step: the copy is one read, never started again by a write that lands meanwhile. */
const ALL_PAGES = 0x7fffffff;

let reply: SnapshotReply;
let connection: Connection | null = null;
try {
  const Database = createRequire(import.meta.url)(sqliteModule) as Open;
  connection = new Database(source, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  await connection.backup(target, { progress: () => ALL_PAGES });
  reply = { done: true };
} catch (error) {
  reply = { error: error instanceof Error ? error.message : String(error) };
} finally {
  connection?.close();
}
port.postMessage(reply);

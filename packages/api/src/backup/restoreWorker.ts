/**
 * A restore's thread (see restoreThread.ts): brings the staged database up to this version as soon as it starts,
 * then, when told, copies it into the shop's database through a connection of its own and swaps the media
 * folder in. The server's thread goes on answering meanwhile: 100,000 orders copied in one transaction held
 * it 0.6-0.8 s.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '@nursery/db';
import { migrateStagedDatabase, RestoreRefused, swapIn } from './restoreSwap.ts';
import type { RestoreThreadReply, RestoreThreadStart } from './restoreThread.ts';

const port = parentPort;
if (!port) throw new Error("a restore's thread runs as a worker thread (restoreThread.ts starts it)");
const start = workerData as RestoreThreadStart;

function failure(error: unknown): RestoreThreadReply {
  if (error instanceof RestoreRefused) return { refusal: error.message };
  return { error: error instanceof Error ? error.message : String(error), stack: (error as Error)?.stack };
}

function migrate(): RestoreThreadReply {
  try {
    migrateStagedDatabase(start.paths.stagedDb, start.seed);
    return { done: 'migrated' };
  } catch (error) {
    return failure(error);
  }
}

function swap(): RestoreThreadReply {
  try {
    // The server opened, checked and migrated the live database before; this is one more connection to it.
    const live = openDatabase(start.liveFile, { alreadyOpen: true });
    try {
      swapIn(live.sqlite, start.paths);
    } finally {
      // Closed without the checkpoint the shop's own close does (the WAL is the server's, or Litestream's).
      live.sqlite.close();
    }
    return { done: 'swapped' };
  } catch (error) {
    return failure(error);
  }
}

port.on('message', (message: unknown) => {
  if (message === 'swap') {
    port.postMessage(swap());
    port.close();
  }
});
port.postMessage(migrate());

/**
 * A workbook's thread (see workbookThread.ts): its own connection to the shop's database, read in one read
 * transaction (WAL: the order writer goes on committing meanwhile), the workbook written to a file in the data
 * folder, whose path goes back to the server, which reads it out.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '@nursery/db';
import { createShop } from '../shop.ts';
import { writeWorkbookFile } from './workbook.ts';
import { sheetsOf } from './workbookJobs.ts';
import type { WorkbookReply, WorkbookStart } from './workbookThread.ts';

const port = parentPort;
if (!port) throw new Error("a workbook's thread runs as a worker thread (workbookThread.ts starts it)");
const { config, file, job, now } = workerData as WorkbookStart;

// The server opened, checked and migrated the database before; this connection only reads.
const database = openDatabase(file, { alreadyOpen: true, readonly: true });
let reply: WorkbookReply;
try {
  const quiet = () => undefined;
  const shop = createShop({
    config,
    database,
    log: { info: quiet, warn: quiet, error: quiet },
    now: () => new Date(now),
    mailQueueOnly: true,
  });
  const written = database.sqlite
    .transaction(() => writeWorkbookFile(sheetsOf(shop, job), config.shop.timeZone, config.dataDir))
    .deferred();
  reply = { file: written };
} catch (error) {
  reply = { error: error instanceof Error ? error.message : String(error), stack: (error as Error)?.stack };
} finally {
  // Closed without the checkpoint the shop's own close does: folding the WAL is the server's (or
  // Litestream's) to do, and would make the server's next write wait for it.
  database.sqlite.close();
}
port.postMessage(reply);

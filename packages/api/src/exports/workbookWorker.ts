/**
 * A workbook's thread (see workbookThread.ts): its own connection to the shop's database, read in one read
 * transaction (WAL: the order writer goes on committing meanwhile), the workbook written to a file in the data
 * folder, whose path goes back to the server, which reads it out; or a staff answer, whose JSON text goes back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '@nursery/db';
import { ShopError } from '../errors.ts';
import { createShop } from '../shop.ts';
import { writeWorkbookFile } from './workbook.ts';
import { answerOf, sheetsOf } from './workbookJobs.ts';
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
  reply = database.sqlite
    .transaction(
      (): WorkbookReply =>
        'workbook' in job
          ? { file: writeWorkbookFile(sheetsOf(shop, job.workbook), config.shop.timeZone, config.dataDir) }
          : { json: JSON.stringify(answerOf(shop, job.answer)) },
    )
    .deferred();
} catch (error) {
  reply =
    error instanceof ShopError
      ? { refusal: { kind: error.kind, message: error.message, problems: [...error.problems] } }
      : { error: error instanceof Error ? error.message : String(error), stack: (error as Error)?.stack };
} finally {
  // Closed without the checkpoint the shop's own close does: folding the WAL is the server's (or
  // Litestream's) to do, and would make the server's next write wait for it.
  database.sqlite.close();
}
port.postMessage(reply);

import { Worker } from 'node:worker_threads';
import type { ShopConfig } from '../config.ts';

/** A workbook named by what it holds, so it can be made on another thread (its sheets: workbookJobs.ts). */
export type WorkbookJob =
  | { kind: 'stock' }
  | { kind: 'yearOverYear' }
  | { kind: 'currentSeasonOrders' }
  | { kind: 'seasonReport'; season: number | undefined };

/** What a workbook's thread is started with (workbookWorker.ts). */
export interface WorkbookStart {
  config: ShopConfig;
  /** The shop's database file, opened again read-only by the thread. */
  file: string;
  job: WorkbookJob;
  /** The shop's clock when the export was asked for (the season, the file's dates). */
  now: number;
}

/** What the thread answers: the written workbook's file, or why it could not be written. */
export type WorkbookReply = { file: string } | { error: string; stack?: string | undefined };

/**
 * From the source (dev, tests) the worker runs its TypeScript as Node strips it; the release build bundles it
 * beside server.js as workbookWriter.js (apps/server/scripts/build.ts), as the order writer is.
 */
function workerEntry(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./workbookWorker.ts', import.meta.url)
    : new URL('./workbookWriter.js', import.meta.url);
}

/**
 * Writes a workbook on a thread of its own, which reads the shop through its own connection in one read
 * transaction: the season's 10,000 orders take the server's thread seconds to write, during which no visitor
 * would be answered. Answers the file written in the data folder.
 */
export function writeWorkbookOnItsThread(start: WorkbookStart): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerEntry(), { workerData: start });
    let settled = false;
    worker.once('message', (reply: WorkbookReply) => {
      settled = true;
      if ('file' in reply) resolve(reply.file);
      else reject(Object.assign(new Error(reply.error), { stack: reply.stack }));
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the workbook's thread stopped (${code}) before writing it`));
    });
  });
}

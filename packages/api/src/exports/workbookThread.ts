import { Worker } from 'node:worker_threads';
import type { PickListInput } from '@nursery/domain';
import type { ShopConfig } from '../config.ts';
import { type FieldProblem, ShopError, type ShopErrorKind } from '../errors.ts';
import { FreshJson } from '../rawJson.ts';
import type { Shop } from '../shop.ts';
import { asStaffJob } from '../staffJobs.ts';
import { workerScript } from '../workerScripts.ts';

/** A workbook named by what it holds, so it can be made on another thread (its sheets: workbookJobs.ts). */
export type WorkbookJob =
  | { kind: 'stock' }
  | { kind: 'yearOverYear' }
  | { kind: 'currentSeasonOrders' }
  | { kind: 'seasonReport'; season: number | undefined }
  | { kind: 'pickList'; input: PickListInput };

/** A staff answer read whole on another thread and sent back as its JSON text (workbookJobs.ts reads it). */
export type AnswerJob =
  | { kind: 'seasonReport'; season: number | undefined }
  | { kind: 'pickList'; input: PickListInput };

/** What a reading thread is asked for: a workbook written to a file, or an answer's text. */
export type ThreadJob = { workbook: WorkbookJob } | { answer: AnswerJob };

/** What a workbook's thread is started with (workbookWorker.ts). */
export interface WorkbookStart {
  config: ShopConfig;
  /** The shop's database file, opened again read-only by the thread. */
  file: string;
  job: ThreadJob;
  /** The shop's clock when the export was asked for (the season, the file's dates). */
  now: number;
}

/** The shop's own refusal met on the thread (a pick-up day that does not exist), to be thrown again here. */
export interface ThreadRefusal {
  kind: ShopErrorKind;
  message: string;
  problems: FieldProblem[];
}

/** What the thread answers: the written workbook's file, the answer's text, or why it could not. */
export type WorkbookReply =
  | { file: string }
  | { json: string }
  | { refusal: ThreadRefusal }
  | { error: string; stack?: string | undefined };

/**
 * The thread's young generation, in MB. Its rows and cells die young, but V8 let a new isolate's young
 * generation grow to 32 MB of garbage while writing a season's workbook, on top of the server's own memory:
 * at 8 the season's export peaked 22-29 MB lower (ten seasons, four runs each way), in the same time.
 */
const YOUNG_GENERATION_MB = 8;

function runOnItsThread(start: WorkbookStart): Promise<WorkbookReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerScript('workbookWriter'), {
      workerData: start,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    let settled = false;
    worker.once('message', (reply: WorkbookReply) => {
      settled = true;
      if ('refusal' in reply) reject(new ShopError(reply.refusal));
      else if ('error' in reply) reject(Object.assign(new Error(reply.error), { stack: reply.stack }));
      else resolve(reply);
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the workbook's thread stopped (${code}) before its work was done`));
    });
  });
}

function threadStart(shop: Shop, job: ThreadJob): WorkbookStart {
  return { config: shop.config, file: shop.database.file, job, now: shop.now().getTime() };
}

/**
 * Writes a workbook on a thread of its own, which reads the shop through its own connection in one read
 * transaction: the season's 10,000 orders take the server's thread seconds to write, during which no visitor
 * would be answered. Answers the file written in the data folder.
 */
export async function writeWorkbookOnItsThread(
  shop: Shop,
  job: WorkbookJob,
  signal?: AbortSignal,
): Promise<string> {
  const reply = await asStaffJob(shop, () => runOnItsThread(threadStart(shop, { workbook: job })), signal);
  if (!('file' in reply)) throw new Error("the workbook's thread answered no file");
  return reply.file;
}

/**
 * A staff answer that reads much of the shop (a day's pick list of thousands of orders, the season report),
 * read and serialized on a thread of its own as the workbooks are: on the server's thread it held every visitor
 * for a quarter of a second on the ten-season shop. Without the order writer's thread (tests, the command-line
 * tools) the shop is read here, by `read`.
 */
export async function answerOnItsThread<T>(
  shop: Shop,
  job: AnswerJob,
  read: () => T,
  signal?: AbortSignal,
): Promise<FreshJson<T>> {
  if (shop.orderWriter === null) return new FreshJson(read());
  const reply = await asStaffJob(shop, () => runOnItsThread(threadStart(shop, { answer: job })), signal);
  if (!('json' in reply)) throw new Error("the answer's thread answered no text");
  // The thread serialized what `read` answers there: the same function on the same database.
  return FreshJson.fromJson<T>(reply.json);
}

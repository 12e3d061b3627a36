/**
 * The order writer's thread (see writerThread.ts): its own connection to the shop's database, the shop's records
 * alone (its mail goes to the outbox, which the server sends), and the same group commit and writeOrder as the
 * server's thread would run. It imports only what writing an order needs: a thread's modules each take memory
 * of their own, so the mail sender, the webhooks' sender, the limits and the cached answers stay on the server's.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '@nursery/db';
import { queueEmail } from '../mail/queue.ts';
import type { ShopRecords } from '../shop.ts';
import { seasonChanged } from '../stock/levels.ts';
import { groupCommitFor } from './groupCommit.ts';
import { keptReads } from './orderReads.ts';
import { writeOrderAnswer } from './submit.ts';
import {
  errorToProblem,
  type OrderToWrite,
  type WriterLogLine,
  type WriterReply,
  type WriterStart,
  type WrittenOrder,
} from './writerThread.ts';

const port = parentPort;
if (!port) throw new Error('the order writer runs as a worker thread (writerThread.ts starts it)');
const { config, file } = workerData as WriterStart;

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 } as const;
const threshold = LEVELS[config.logLevel];
let log: WriterLogLine[] = [];
const keep =
  (level: WriterLogLine['level']) =>
  (obj: unknown, msg?: string): void => {
    // Lines the server's log would drop are not carried over to it.
    if (LEVELS[level] >= threshold) log.push({ level, obj, msg });
  };

// The server opened, checked and migrated the database before starting this thread.
const database = openDatabase(file, { alreadyOpen: true });
let receivedAt = new Date();
const shop: ShopRecords = {
  config,
  database,
  db: database.db,
  now: () => receivedAt,
  log: { info: keep('info'), warn: keep('warn'), error: keep('error') },
  queueEmail: (email) => queueEmail(database, receivedAt, email),
};
const group = groupCommitFor(database.sqlite);
// This connection writes nothing but orders, so what only staff change is kept between them (orderReads.ts).
const reads = keptReads(database.sqlite);

port.on('message', async (batch: OrderToWrite[]) => {
  // A season started or a backup restored on the server's connection changes the season this minute.
  seasonChanged(shop);
  const settled = await Promise.allSettled(
    batch.map((item) =>
      group.run(() => {
        receivedAt = new Date(item.receivedAt);
        return writeOrderAnswer(shop, item.input, item.claim, reads);
      }),
    ),
  );
  // A refusal, or a batch that did not commit: what was read inside it may include its own undone changes.
  if (settled.some((outcome) => outcome.status === 'rejected')) reads.forget();
  const written = settled.map((outcome, i): WrittenOrder => {
    const id = batch[i]?.id ?? 0;
    if (outcome.status === 'rejected') return { id, ...errorToProblem(outcome.reason) };
    return { id, ...outcome.value };
  });
  const reply: WriterReply = { written, log };
  log = [];
  try {
    port.postMessage(reply);
  } catch (error) {
    // A logged value that cannot cross (a function in it): the answers matter, the log lines can go.
    port.postMessage({
      written,
      log: [{ level: 'warn', obj: { err: String(error) }, msg: "the order writer's log lines were dropped" }],
    } satisfies WriterReply);
  }
});

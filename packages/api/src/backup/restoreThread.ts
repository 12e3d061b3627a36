import { Worker } from 'node:worker_threads';
import type { SeedOptions } from '@nursery/db';
import { ShopError } from '../errors.ts';
import { workerScript } from '../workerScripts.ts';
import type { SwapPaths } from './restoreSwap.ts';

/** What a restore's thread is started with (restoreWorker.ts). */
export interface RestoreThreadStart {
  /** The shop's database file, opened again by the thread for the swap. */
  liveFile: string;
  paths: SwapPaths;
  seed: SeedOptions;
}

/** What the thread answers after each step: done, refused in the owner's words, or failed. */
export type RestoreThreadReply =
  | { done: 'migrated' | 'swapped' }
  | { refusal: string }
  | { error: string; stack?: string | undefined };

/**
 * A restore's heavy database work on a thread of its own: the staged copy migrated as the thread starts
 * (`migrated`), then the copy into the live database and the media swap when asked (`swap`). Refusals come
 * back as the 400 they were on the server's thread.
 */
export class RestoreThread {
  private readonly worker: Worker;
  private waiting: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private ended = false;

  private constructor(start: RestoreThreadStart) {
    this.worker = new Worker(workerScript('restoreWorker'), { workerData: start });
    this.worker.on('message', (reply: RestoreThreadReply) => {
      const waiting = this.take();
      if ('refusal' in reply) waiting?.reject(new ShopError({ kind: 'bad_request', message: reply.refusal }));
      else if ('error' in reply)
        waiting?.reject(Object.assign(new Error(reply.error), { stack: reply.stack }));
      else waiting?.resolve();
    });
    this.worker.once('error', (error) => this.take()?.reject(error));
    this.worker.once('exit', (code) => {
      this.ended = true;
      this.take()?.reject(new Error(`the restore's thread stopped (${code}) before its work was done`));
    });
  }

  private take() {
    const waiting = this.waiting;
    this.waiting = null;
    return waiting;
  }

  private next(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  /** Starts the thread and answers once the staged database is migrated. */
  static async start(start: RestoreThreadStart): Promise<RestoreThread> {
    const thread = new RestoreThread(start);
    try {
      await thread.next();
    } catch (error) {
      await thread.stop();
      throw error;
    }
    return thread;
  }

  /** Copies the staged database into the live one and swaps the media folder in, all or nothing. */
  async swap(): Promise<void> {
    const done = this.next();
    this.worker.postMessage('swap');
    await done;
  }

  /** Ends the thread when it is not swapping (a restore refused or failed before the swap). */
  async stop(): Promise<void> {
    if (!this.ended) await this.worker.terminate();
  }
}

/**
 * The shop's worker threads: each one's script in the source (relative to this folder) under the name the
 * release build bundles it as, beside server.js and the command-line tools (apps/server/scripts/build.ts
 * builds one bundle per entry here, so the two cannot drift apart).
 */
export const WORKER_SCRIPTS = {
  /** The order writer's thread (orders/writerThread.ts). */
  orderWriter: './orders/writerWorker.ts',
  /** A restore's thread, started by server.js and restore.js (backup/restoreThread.ts). */
  restoreWorker: './backup/restoreWorker.ts',
  /** A backup's snapshot thread (backup/service.ts). */
  backupSnapshot: './backup/snapshotWorker.ts',
} as const;

export type WorkerScript = keyof typeof WORKER_SCRIPTS;

/**
 * Where a worker thread's script is. From the source (dev, tests) the worker runs its TypeScript as Node
 * strips it; in the release this module is bundled into server.js (or a tool), and the worker's bundle sits
 * beside it.
 */
export function workerScript(name: WorkerScript): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL(WORKER_SCRIPTS[name], import.meta.url)
    : new URL(`./${name}.js`, import.meta.url);
}

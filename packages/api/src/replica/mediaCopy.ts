import { existsSync } from 'node:fs';
import path from 'node:path';
import { uploadedFiles } from '@nursery/db';
import type { Shop } from '../shop.ts';
import { type ReplicaMediaStore, replicaMediaStore } from './mediaStore.ts';
import type { ReplicaMonitor } from './monitor.ts';
import type { ReplicaTarget } from './targets.ts';

/** How often the media folder's new files are looked for and copied. */
const MEDIA_COPY_INTERVAL_MS = 2000;

/**
 * Copies every file the database lists in uploaded_files (photos, thumbnails, the flyer) to each replica under
 * its checksum, soon after it is saved. The rows travel with the database in Litestream's copy, so a restore to
 * any moment knows which files that moment had and fetches them by checksum.
 */
export function startMediaCopy(
  shop: Shop,
  monitor: ReplicaMonitor,
  targets: readonly ReplicaTarget[],
): {
  close(): Promise<void>;
  /** One pass now (tests, and the stop: what was saved last goes out before the process ends). */
  pass(): Promise<void>;
} {
  const stores: ReplicaMediaStore[] = targets.map(replicaMediaStore);
  const copied = stores.map(() => new Set<string>());
  const missingLogged = new Set<string>();
  let running: Promise<void> | null = null;
  let closed = false;

  async function sweep(): Promise<void> {
    const rows = shop.db
      .select({ path: uploadedFiles.path, sha256: uploadedFiles.sha256 })
      .from(uploadedFiles)
      .all();
    let waiting = 0;
    let error: string | null = null;
    for (const [index, store] of stores.entries()) {
      const done = copied[index] as Set<string>;
      for (const row of rows) {
        if (done.has(row.sha256)) continue;
        const file = path.join(shop.config.mediaDir, ...row.path.split('/'));
        try {
          if (!(await store.has(row.sha256))) {
            if (!existsSync(file)) {
              // Removed meanwhile (the row goes with it) or lost before: nothing to copy, said once.
              if (!missingLogged.has(row.path))
                shop.log.warn({ file }, 'a media file listed in the database is missing');
              missingLogged.add(row.path);
              continue;
            }
            await store.put(row.sha256, file);
          }
          done.add(row.sha256);
        } catch (failure) {
          waiting++;
          error = failure instanceof Error ? failure.message || failure.name : String(failure);
        }
      }
    }
    monitor.mediaProgress(waiting, error);
  }

  function pass(): Promise<void> {
    running ??= sweep()
      .catch((failure: unknown) => monitor.mediaProgress(0, String(failure)))
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => {
    if (!closed) void pass();
  }, MEDIA_COPY_INTERVAL_MS);
  timer.unref();
  void pass();
  return {
    pass,
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}

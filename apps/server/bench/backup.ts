/**
 * Backup and restore at a large shop: `pnpm --filter @nursery/server bench:backup [--orders=100000]`.
 * Builds a demo shop, loads it to the given number of orders with SQL (copies of the demo orders and their
 * lines, as the scale check loads history), then times `writeBackupFile` and `restoreBackupFile` and prints
 * the archive size and the process's peak RSS (from the kernel, getrusage), then the same shop copied by
 * Litestream to a folder and rebuilt from it (`pnpm restore --from-replica`). Prints figures, asserts nothing.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createShop,
  loadConfig,
  parseReplicaAddress,
  ReplicaMonitor,
  restoreBackupFile,
  writeBackupFile,
} from '@nursery/api';
import { DATABASE_FILE_NAME, openDatabase, seedDatabase } from '@nursery/db';
import { restoreFromReplica } from '../src/replicaRestore.ts';
import { litestreamBinary, startReplicator } from '../src/replicator.ts';

const wanted = Number(process.argv.find((a) => a.startsWith('--orders='))?.split('=')[1] ?? 100_000);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nursery-bench-backup-'));
const quiet = { info() {}, warn() {}, error() {} };
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const peakRss = () => process.resourceUsage().maxRSS * 1024;

try {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = openDatabase(path.join(dataDir, DATABASE_FILE_NAME), { replicated: true });
  const shop = createShop({ config, database, log: quiet });
  seedDatabase(database, {
    demo: true,
    now: shop.now(),
    timeZone: config.shop.timeZone,
    seasonStartMonth: config.seasonStartMonth,
    taxRateBasisPoints: config.taxRateBasisPoints,
  });
  const { sqlite } = database;
  const count = () => sqlite.prepare('select count(*) from orders').pluck().get() as number;
  const columns = (table: string, skip: string) =>
    (sqlite.prepare(`pragma table_info(${table})`).all() as { name: string }[])
      .map((c) => c.name)
      .filter((c) => c !== skip);
  const orderColumns = columns('orders', 'order_id').join(', ');
  const lineColumns = columns('order_lines', 'order_product_xref_id').filter((c) => c !== 'order_id');
  const started = Date.now();
  while (count() < wanted) {
    const base = sqlite.prepare('select max(order_id) from orders').pluck().get() as number;
    const batch = Math.min(count(), wanted - count());
    sqlite.transaction(() => {
      sqlite.exec(
        `insert into orders (order_id, ${orderColumns}) select order_id + ${base}, ${orderColumns} from orders order by order_id limit ${batch}`,
      );
      sqlite.exec(
        `insert into order_lines (order_id, ${lineColumns.join(', ')}) select order_id + ${base}, ${lineColumns.join(', ')} from order_lines where order_id in (select order_id from orders order by order_id limit ${batch})`,
      );
    })();
  }
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const dbSize = statSync(path.join(dataDir, DATABASE_FILE_NAME)).size;
  console.log(
    `shop: ${count()} orders, shop.db ${mb(dbSize)} (loaded in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  console.log(`peak RSS before the backup: ${mb(peakRss())}`);

  const t0 = performance.now();
  const { file } = await writeBackupFile(shop, path.join(dataDir, 'bench.zip'));
  const backupMs = performance.now() - t0;
  console.log(
    `backup: ${(backupMs / 1000).toFixed(2)} s, archive ${mb(statSync(file).size)}, peak RSS ${mb(peakRss())}`,
  );

  const t1 = performance.now();
  await restoreBackupFile(shop, file, statSync(file).size);
  const restoreMs = performance.now() - t1;
  console.log(`restore: ${(restoreMs / 1000).toFixed(2)} s, peak RSS ${mb(peakRss())}`);

  // The continuous replica (REPLICA_URL): Litestream copies the shop to a folder, then a new data folder is
  // built from it as `pnpm restore --from-replica` does, checks and all.
  const target = parseReplicaAddress(`file://${path.join(dataDir, 'replica')}`);
  const monitor = new ReplicaMonitor([target], () => new Date(), quiet);
  const replicator = startReplicator({
    databaseFile: database.file,
    dataDir,
    targets: [target],
    binary: litestreamBinary(undefined),
    monitor,
    log: quiet,
  });
  while (!monitor.status().replicas[0]?.lastCopiedAt) await new Promise((r) => setTimeout(r, 100));
  const t2 = performance.now();
  const restored = await restoreFromReplica({
    dataDir: path.join(dataDir, 'from-replica'),
    targets: [target],
    binary: litestreamBinary(undefined),
    at: null,
    checkMs: config.restoreCheckMs,
  });
  console.log(
    `restore from the replica: ${((performance.now() - t2) / 1000).toFixed(2)} s (a new data folder, ${restored.mediaFiles} media files), peak RSS ${mb(peakRss())}`,
  );
  shop.outbox.close();
  database.close();
  await replicator.stop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

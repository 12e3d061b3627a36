import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DATABASE_FILE_NAME, openDatabase } from '@nursery/db';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRestoreCommand } from '../src/cli/restore.ts';
import { rest } from '../src/testing.ts';
import { type ChildServer, childStaffToken, freePort, spawnServer } from './support/childServer.ts';
import { freelyOrderable, type ShownProduct, submitOrder } from './support/orders.ts';
import { uploadFlyer } from './support/shop.ts';

/**
 * The continuous copy end to end with its real parts: Litestream (the binary the shop ships) copying to a
 * local S3-compatible server and to a folder, the shop copying its photos and flyer beside it, the host
 * killed without warning, and the shop rebuilt from the replica into an empty folder, at the latest moment
 * and at an earlier one.
 */

interface ReplicaHealth {
  status: string;
  replica: {
    syncSeconds: number;
    replicas: { name: string; address: string; lastCopiedAt: string | null; failingSince: string | null }[];
    warning: string | null;
  };
}

const PDF = `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n`;
const root = mkdtempSync(path.join(os.tmpdir(), 'nursery-replica-'));
const dataDir = path.join(root, 'data');
const folderReplica = path.join(root, 'second-disk');
let s3: S3rver;
let photoHost: http.Server;
let env: Record<string, string>;
let running: ChildServer | undefined;
let s3Port: number;

beforeAll(async () => {
  s3Port = await freePort();
  s3 = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(root, 's3'),
    configureBuckets: [{ name: 'nursery-backups' }],
  });
  await s3.run();
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a7a3c' } })
    .jpeg()
    .toBuffer();
  photoHost = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg),
  );
  await new Promise<void>((resolve) => photoHost.listen(0, '127.0.0.1', resolve));
  env = {
    DEMO_DATA: 'true',
    ORDERS_PER_CLIENT_PER_HOUR: '10000',
    PHOTO_HOSTS: `127.0.0.1:${(photoHost.address() as AddressInfo).port}`,
    REPLICA_URL: `s3://nursery-backups/shop?endpoint=http://127.0.0.1:${s3Port},file://${folderReplica}`,
    LITESTREAM_ACCESS_KEY_ID: 'S3RVER',
    LITESTREAM_SECRET_ACCESS_KEY: 'S3RVER',
  };
});

afterAll(async () => {
  await running?.kill('SIGKILL');
  await s3?.close();
  await new Promise((resolve) => photoHost?.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

async function health(server: ChildServer): Promise<ReplicaHealth> {
  return (await (await fetch(`${server.url}/health`)).json()) as ReplicaHealth;
}

/** Until both replicas have copied a change made after `after`. */
async function copiedAfter(server: ChildServer, after: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { replica } = await health(server);
    if (replica.replicas.every((r) => r.lastCopiedAt && Date.parse(r.lastCopiedAt) > after)) return;
    if (Date.now() > deadline) throw new Error(`not copied: ${JSON.stringify(replica)}\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Litestream started by this shop (its configuration lies in this data folder): its process id. */
function litestreamPid(): number {
  const listing = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  const line = listing
    .split('\n')
    .find(
      (l) => l.includes(`${dataDir}/litestream.yml`) && !l.includes('/bin/sh') && l.includes(' replicate '),
    );
  if (!line) throw new Error(`no litestream process for ${dataDir}:\n${listing}`);
  return Number(line.trim().split(/\s+/)[0]);
}

async function placeOrders(server: ChildServer, products: ShownProduct[], count: number, inFlight: number) {
  const placed: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const i = next++;
        const product = products[i % products.length] as ShownProduct;
        const answer = await submitOrder(server, [{ productId: product.productId, quantity: 1 + (i % 3) }]);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        placed.push(answer.body.data.orderId);
      }
    }),
  );
  return placed;
}

async function restoreInto(dir: string, at?: Date) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runRestoreCommand(
    ['--from-replica', ...(at ? ['--at', at.toISOString()] : []), dir],
    { ...env, DATA_DIR: dir },
    { out: (l) => out.push(l), err: (l) => err.push(l) },
  );
  expect(code, err.join('\n')).toBe(0);
  return out.join('\n');
}

function ordersIn(dir: string): Set<number> {
  const database = openDatabase(path.join(dir, DATABASE_FILE_NAME), { readonly: true });
  try {
    return new Set(database.sqlite.prepare('SELECT order_id FROM orders').pluck().all() as number[]);
  } finally {
    database.close();
  }
}

describe('continuous replica', () => {
  it('rebuilds the shop from the replica after the host dies, at the latest moment and an earlier one', async () => {
    running = await spawnServer({ dataDir, env });
    const shop = running;
    const token = await childStaffToken(shop, 'owner@example.com', 'Olive Owner');
    const shown = await rest<ShownProduct[]>(shop.url, 'GET', '/api/v1/Products/GetProductsToShow');
    const products = freelyOrderable(shown.body.data);

    // A photo and the flyer, as staff add them.
    const photoProduct = products[0] as ShownProduct;
    const q = new URLSearchParams({
      productId: String(photoProduct.productId),
      flickrUser: 'prairie_lens',
      imageUrl: `http://${env.PHOTO_HOSTS}/oak.jpg`,
    });
    const photo = await rest(shop.url, 'POST', `/api/v1/Uploads/Flickr?${q}`, { token });
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    const flyer = await uploadFlyer(shop, token, PDF, 'Spring flyer.pdf');
    expect(flyer.status).toBe(200);

    // The early orders, copied before the earlier moment.
    const early = await placeOrders(shop, products, 20, 4);
    const earlyDone = Date.now();
    await copiedAfter(shop, earlyDone);
    const earlier = new Date(Date.now() + 1000);
    await new Promise((r) => setTimeout(r, 2000));

    // Orders under load, then the host dies once the sync interval has passed since the last one.
    const late = await placeOrders(shop, products, 120, 12);
    const lastAcknowledged = Date.now();
    const { replica } = await health(shop);
    expect(replica.warning).toBeNull();
    expect(replica.replicas.map((r) => r.address)).toEqual([
      `s3://nursery-backups/shop?endpoint=http://127.0.0.1:${s3Port}`,
      `file://${folderReplica}`,
    ]);
    // What Settings shows, for staff only, without the bucket's keys.
    const settingsView = await rest<ReplicaHealth['replica']>(shop.url, 'GET', '/api/v1/Backup/Replica', {
      token,
    });
    expect(settingsView.status).toBe(200);
    expect(settingsView.body.data.replicas.map((r) => r.address)).toEqual(
      replica.replicas.map((r) => r.address),
    );
    expect(settingsView.body.data.replicas.every((r) => r.lastCopiedAt !== null)).toBe(true);
    expect(JSON.stringify(settingsView.body)).not.toContain('S3RVER');
    expect((await rest(shop.url, 'GET', '/api/v1/Backup/Replica')).status).toBe(401);
    await new Promise((r) => setTimeout(r, (replica.syncSeconds + 1) * 1000));
    expect(Date.now() - lastAcknowledged).toBeGreaterThan(replica.syncSeconds * 1000);
    process.kill(litestreamPid(), 'SIGKILL');
    await shop.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });

    // The latest moment: every acknowledged order, and the photo and flyer with their checksums.
    const latestDir = path.join(root, 'restored-latest');
    const said = await restoreInto(latestDir);
    expect(said).toMatch(/It holds the shop as it was at \d{4}-\d\d-\d\dT/);
    const latestOrders = ordersIn(latestDir);
    expect([...early, ...late].filter((id) => !latestOrders.has(id))).toEqual([]);
    const database = openDatabase(path.join(latestDir, DATABASE_FILE_NAME), { readonly: true });
    const files = database.sqlite.prepare('SELECT path, sha256, kind FROM uploaded_files').all() as {
      path: string;
      sha256: string;
      kind: string;
    }[];
    database.close();
    expect(files.some((f) => f.kind === 'flyer')).toBe(true);
    expect(files.some((f) => f.kind.startsWith('product-photo-'))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(path.join(latestDir, 'media', ...file.path.split('/')));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    }

    // The earlier moment: the early orders and none placed after it.
    const earlierDir = path.join(root, 'restored-earlier');
    const saidEarlier = await restoreInto(earlierDir, earlier);
    const heldAt = Date.parse(saidEarlier.match(/as it was at (\S+)/)?.[1] ?? '');
    expect(heldAt).toBeLessThanOrEqual(earlier.getTime());
    const earlierOrders = ordersIn(earlierDir);
    expect(early.filter((id) => !earlierOrders.has(id))).toEqual([]);
    expect(late.filter((id) => earlierOrders.has(id))).toEqual([]);

    // The restored shop starts and serves the orders and the photo.
    running = await spawnServer({ dataDir: latestDir, env: { DEMO_DATA: 'true' } });
    const restored = running;
    const lastOrder = late.at(-1) as number;
    const lookup = await rest(
      restored.url,
      'GET',
      `/api/v1/Orders/GetOrderById?orderId=${lastOrder}&phoneNumber=5553104477`,
    );
    expect(lookup.status).toBe(200);
    const mediaPath = files.find((f) => f.kind.startsWith('product-photo-'))?.path ?? '';
    expect((await fetch(`${restored.url}/media/${mediaPath}`)).status).toBe(200);
    expect(existsSync(path.join(latestDir, 'media'))).toBe(true);
  }, 90_000);
});

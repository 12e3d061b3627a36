import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESTORE_UNDER_WAY } from '@nursery/api';
import {
  createIntegrationClient,
  listIntegrationClients,
  revokeIntegrationClient,
} from '@nursery/api/integrations';
import {
  createStaffAccount,
  removeStaffAccount,
  resetStaffPassword,
  revokeOidcPayloadsOfAccount,
} from '@nursery/api/staff';
import { openDatabase } from '@nursery/db';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, staffToken, startTestServer, type TestServer } from '../src/testing.ts';
import { outboxRows, type SmtpSink, smtpSink, until } from './support/mail.ts';
import { setProductStatus, submitOrder } from './support/orders.ts';
import { uploadFlyer } from './support/shop.ts';

/** The customer whose orders come in while backups are taken and restored. */
const rita = {
  firstName: 'Rita',
  lastName: 'Lindqvist',
  email: 'rita@example.com',
  confirmEmail: 'rita@example.com',
  phoneNumber: '608-555-0199',
};

const STAFF = 'staff@example.com';
// The allow-list decides who is staff, so a token stays staff when a restore replaces the accounts table.
const env = { STAFF_EMAILS: STAFF };
const PDF = '%PDF-1.4\n% flyer for the backup test\ntrailer <<>>\n%%EOF\n';
const TABLES = [
  'products',
  'product_prices',
  'stock_changes',
  'orders',
  'order_lines',
  'contacts',
  'settings',
  'saved_messages',
  'uploaded_files',
  'email_outbox',
];

let source: TestServer;
let target: TestServer;
let sourceToken: string;
let targetToken: string;
let archive: Buffer;

function tables(server: TestServer): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    out[table] = server.shop.database.sqlite.prepare(`select * from ${table} order by 1`).all();
  }
  return out;
}

function mediaFiles(server: TestServer): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string, prefix: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), relative);
      else out[relative] = readFileSync(path.join(dir, entry.name)).toString('base64');
    }
  };
  walk(server.config.mediaDir, '');
  return out;
}

function backupsWritten(server: TestServer): string[] {
  const dir = path.join(server.dataDir, 'backups');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.zip')) : [];
}

/** Downloads a shop's backup as staff do from Settings. */
function downloadBackup(shop: TestServer, token: string): Promise<Response> {
  return fetch(`${shop.url}/api/v1/BackupAuth`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
}

/** Sends an archive to a shop's restore as staff do from Settings: one file in a multipart form. */
function uploadRestore(
  shop: TestServer,
  token: string,
  bytes: Uint8Array,
  name = 'backup.zip',
): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)], { type: 'application/zip' }), name);
  return fetch(`${shop.url}/api/v1/RestoreAuth`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** Products any number of orders can buy: orderable online, with no stock counted this season. */
async function uncountedOnSale(shop: TestServer, token: string) {
  const products = await rest<{ productId: number; productStatus: number; calculatedStock: number | null }[]>(
    shop.url,
    'GET',
    '/api/v1/Products/GetAllProductsWithStats',
    { token },
  );
  return products.body.data.filter((p) => p.productStatus === 2 && p.calculatedStock === null);
}

/** Restores an archive on the target shop, answering the status and the envelope. */
async function restore(bytes: Uint8Array, token = targetToken, name = 'backup.zip') {
  const response = await uploadRestore(target, token, bytes, name);
  return {
    status: response.status,
    body: (await response.json()) as { success: boolean; message: string; data: unknown },
  };
}

beforeAll(async () => {
  source = await startTestServer(env);
  target = await startTestServer({ ...env, DEMO_DATA: 'false' });
  sourceToken = await staffToken(source, { email: STAFF });
  targetToken = await staffToken(target, { email: STAFF });

  // Give the source shop a flyer, a message and a stock list, so settings and files travel too.
  const upload = await uploadFlyer(source, sourceToken, PDF, 'flyer.pdf');
  expect(upload.status).toBe(200);
  await rest(source.url, 'PUT', '/api/v1/Settings/SetMessage', {
    token: sourceToken,
    body: { html: '<b>Backed up</b>' },
  });
  await rest(source.url, 'PUT', '/api/v1/Settings/SetProductStockEmails', {
    token: sourceToken,
    body: { emails: 'stock@nursery.example' },
  });
}, 120_000);

afterAll(async () => {
  await source?.stop();
  await target?.stop();
});

describe('backup', () => {
  it('answers 401 without a token', async () => {
    expect((await fetch(`${source.url}/api/v1/BackupAuth`, { method: 'POST' })).status).toBe(401);
    expect((await restore(new Uint8Array([1, 2, 3]), 'not-a-token')).status).toBe(401);
  });

  it('downloads one zip with the database, every media file and a manifest of checksums', async () => {
    const response = await downloadBackup(source, sourceToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="backup-\d{4}-\d\d-\d\d-\d{6}\.zip"/,
    );
    archive = Buffer.from(await response.arrayBuffer());
    // Written out as it is zipped (never whole in memory), so its length is not known up front.
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');

    const entries = unzipSync(archive);
    const manifest = JSON.parse(Buffer.from(entries['manifest.json'] as Uint8Array).toString('utf8'));
    expect(manifest).toMatchObject({
      format: 'nursery-shop-backup',
      formatVersion: 1,
      appVersion: expect.any(String),
      schemaVersion: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const names = manifest.files.map((f: { path: string }) => f.path).sort();
    expect(names).toEqual(
      Object.keys(entries)
        .filter((n) => n !== 'manifest.json')
        .sort(),
    );
    expect(names).toContain('shop.db');
    expect(names.filter((n: string) => n.startsWith('media/flyers/'))).toHaveLength(1);
    expect(
      Buffer.from(entries['shop.db'] as Uint8Array)
        .subarray(0, 15)
        .toString(),
    ).toBe('SQLite format 3');
  });
});

describe('restore', () => {
  it('says a form has more than 20 fields when they come before the archive, changing nothing', async () => {
    const before = { tables: tables(target), media: mediaFiles(target), backups: backupsWritten(target) };
    // The archive, written to disk as it arrives, was cut off by the parser's field limit and the call was
    // told "not a readable multipart/form-data form".
    const form = new FormData();
    for (let i = 0; i < 21; i++) form.append(`field${i}`, 'x');
    form.append('file', new Blob([Buffer.from(archive)], { type: 'application/zip' }), 'backup.zip');
    const response = await fetch(`${target.url}/api/v1/RestoreAuth`, {
      method: 'POST',
      headers: { authorization: `Bearer ${targetToken}` },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'The form has more than 20 fields: send the file in a field named file, with only the fields the call names. Nothing was changed.',
    );
    expect({ tables: tables(target), media: mediaFiles(target), backups: backupsWritten(target) }).toEqual(
      before,
    );
    // The part the parser cut off at its start leaves no file behind in the data folder.
    expect(stagingLeft(target)).toEqual([]);
  });

  it('refuses a random file, a truncated archive, a tampered archive and an altered manifest, changing nothing', async () => {
    const before = { tables: tables(target), media: mediaFiles(target), backups: backupsWritten(target) };

    const random = await restore(
      Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
      targetToken,
      'x.zip',
    );
    expect(random.status).toBe(400);
    expect(random.body.message).toBe(
      'This file is not a backup archive. Choose a .zip file made by Download Backup (or pnpm backup).',
    );

    const truncated = await restore(archive.subarray(0, Math.floor(archive.byteLength / 2)));
    expect(truncated.status).toBe(400);
    // In the shop's words only: the zip library's own ("end of central directory record signature not found")
    // tells a person nothing.
    expect(truncated.body.message).toBe(
      'The backup archive is damaged or incomplete and could not be read. Nothing was changed.',
    );

    // The flyer is stored uncompressed, so flipping a byte of its text keeps the zip readable but breaks its checksum.
    const tampered = Buffer.from(archive);
    const at = tampered.indexOf('flyer for the backup test');
    expect(at).toBeGreaterThan(0);
    tampered[at] = 'F'.charCodeAt(0);
    const tamperedAnswer = await restore(tampered);
    expect(tamperedAnswer.status).toBe(400);
    expect(tamperedAnswer.body.message).toMatch(
      /^The backup is damaged: media\/flyers\/.*\.pdf does not match its checksum/,
    );

    const entries = unzipSync(archive);
    const manifest = JSON.parse(Buffer.from(entries['manifest.json'] as Uint8Array).toString('utf8'));

    const newer = await restore(
      zipSync({ ...entries, 'manifest.json': strToU8(JSON.stringify({ ...manifest, schemaVersion: 999 })) }),
    );
    expect(newer.status).toBe(400);
    expect(newer.body.message).toMatch(/^This backup was made by a newer version of the shop/);

    const extra = await restore(zipSync({ ...entries, 'media/evil.html': strToU8('<script></script>') }));
    expect(extra.status).toBe(400);
    expect(extra.body.message).toMatch(/media\/evil\.html, which its manifest does not list/);

    const outside = await restore(zipSync({ ...entries, '../outside.txt': strToU8('x') }));
    expect(outside.status).toBe(400);
    expect(outside.body.message).toMatch(/a name a backup never has/);

    const noManifest = { ...entries };
    delete noManifest['manifest.json'];
    const missing = await restore(zipSync(noManifest));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(
      'The archive has no manifest.json, so it is not a backup of this shop.',
    );

    // A database that is not SQLite at all, with a manifest that vouches for it.
    const junk = strToU8('not a database '.repeat(500));
    const { createHash } = await import('node:crypto');
    const files = manifest.files.map((f: { path: string }) =>
      f.path === 'shop.db'
        ? { path: 'shop.db', size: junk.byteLength, sha256: createHash('sha256').update(junk).digest('hex') }
        : f,
    );
    const badDb = await restore(
      zipSync({
        ...entries,
        'shop.db': junk,
        'manifest.json': strToU8(JSON.stringify({ ...manifest, files })),
      }),
    );
    expect(badDb.status).toBe(400);
    expect(badDb.body.message).toMatch(/^The backup's database could not be read \(file is not a database\)/);

    // The real backup with its central directory claiming shop.db unpacks to 3 GB: refused before allocating it.
    const forged = Buffer.from(zipSync(entries));
    let header = forged.indexOf('PK\x01\x02');
    while (header >= 0 && forged.toString('latin1', header + 46, header + 53) !== 'shop.db') {
      header = forged.indexOf('PK\x01\x02', header + 4);
    }
    expect(header).toBeGreaterThan(0);
    forged.writeUInt32LE(3 * 1024 ** 3, header + 24);
    const huge = await restore(forged);
    expect(huge.status).toBe(400);
    expect(huge.body.message).toMatch(
      /^The backup archive says it unpacks to 3 GB from [\d.]+ [KM]B, far more than a backup made by this shop: it is damaged or was altered\. Nothing was changed\.$/,
    );

    expect(tables(target)).toEqual(before.tables);
    expect(mediaFiles(target)).toEqual(before.media);
    expect(backupsWritten(target)).toEqual(before.backups);
    // The uploads were streamed into the data folder, and are gone with their staging folders.
    expect(stagingLeft(target)).toEqual([]);
    // The shop still answers as before.
    expect((await rest(target.url, 'GET', '/api/v1/Settings/GetAllSettings')).status).toBe(200);
  });

  it('restores into a fresh shop: the same orders, products, settings and files, with a backup of what it replaced', async () => {
    const expected = { tables: tables(source), media: mediaFiles(source) };
    expect(expected.tables.orders?.length).toBeGreaterThan(100);
    const previousOrders = tables(target).orders;

    const answer = await restore(archive);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('The shop was restored from the backup.');
    const settings = answer.body.data as { name: string; value: string }[];
    expect(settings.find((s) => s.name === 'Message')?.value).toBe('<b>Backed up</b>');

    expect(tables(target)).toEqual(expected.tables);
    expect(mediaFiles(target)).toEqual(expected.media);

    // The flyer is served from the restored media folder and the storefront sees the restored catalogue.
    const flyer = settings.find((s) => s.name === 'ActivePdf')?.value ?? '';
    const served = await fetch(`${target.url}${flyer}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(PDF);
    const products = await rest<unknown[]>(target.url, 'GET', '/api/v1/Products/GetProductsToShow');
    expect(products.status).toBe(200);
    expect(products.body.data.length).toBeGreaterThan(10);

    // What the restore replaced was saved first, and is itself a valid backup.
    const safety = backupsWritten(target).filter((f) => f.startsWith('before-restore-'));
    expect(safety).toHaveLength(1);
    const saved = unzipSync(readFileSync(path.join(target.dataDir, 'backups', safety[0] as string)));
    expect(Object.keys(saved)).toContain('shop.db');
    expect(previousOrders).toEqual([]);

    // New orders keep numbering after the restored ones.
    const { sqlite } = target.shop.database;
    const maxId = (sqlite.prepare('select max(order_id) as m from orders').get() as { m: number }).m;
    const seq = (
      sqlite.prepare("select seq from sqlite_sequence where name = 'orders'").get() as { seq: number }
    ).seq;
    expect(seq).toBeGreaterThanOrEqual(maxId);
    expect(
      (sqlite.prepare('pragma integrity_check').get() as { integrity_check: string }).integrity_check,
    ).toBe('ok');
    expect(sqlite.prepare('pragma foreign_keys').get()).toEqual({ foreign_keys: 1 });
  });
});

describe('restore size cap', () => {
  it('refuses an archive over RESTORE_MAX_BYTES with 413 and changes nothing', async () => {
    const small = await startTestServer({ ...env, DEMO_DATA: 'false', RESTORE_MAX_BYTES: '4096' });
    try {
      const token = await staffToken(small, { email: STAFF });
      const before = tables(small);
      const response = await uploadRestore(small, token, archive);
      expect(response.status).toBe(413);
      const body = (await response.json()) as { message: string };
      expect(body.message).toMatch(
        /^The backup is larger than the 4 KB this shop accepts \(RESTORE_MAX_BYTES\)\. Nothing was changed\.$/,
      );
      expect(tables(small)).toEqual(before);
    } finally {
      await small.stop();
    }
  });
});

describe('backup without the media folder', () => {
  it('still downloads, but says so in the manifest, the answer and the log', async () => {
    const lines: string[] = [];
    const shop = await startTestServer({ ...env, DEMO_DATA: 'false' });
    try {
      const token = await staffToken(shop, { email: STAFF });
      const warn = shop.shop.log.warn.bind(shop.shop.log);
      shop.shop.log.warn = (obj: unknown, msg?: string) => {
        lines.push(String(msg ?? obj));
        warn(obj, msg);
      };
      // The disk holding it was not mounted, or someone moved it away.
      rmSync(shop.config.mediaDir, { recursive: true, force: true });
      const response = await downloadBackup(shop, token);
      expect(response.status).toBe(200);
      const warning = decodeURIComponent(response.headers.get('x-shop-warning') ?? '');
      expect(warning).toMatch(
        /^The media folder \(.*media\) was missing, so this backup holds no photos or flyer\./,
      );
      const entries = unzipSync(Buffer.from(await response.arrayBuffer()));
      const manifest = JSON.parse(Buffer.from(entries['manifest.json'] as Uint8Array).toString('utf8'));
      expect(manifest.warnings).toEqual([warning]);
      expect(lines).toContain(warning);
    } finally {
      await shop.stop();
    }
  });
});

describe('restore and staff accounts', () => {
  it('never rolls back who may sign in: a removed person stays out, a reset password stays reset, the restorer stays in', async () => {
    // The shop's own accounts decide who is staff here (no STAFF_EMAILS), as in a default install.
    const shop = await startTestServer({ DEMO_DATA: 'false' });
    try {
      const owner = await staffToken(shop, { email: 'owner@nursery.example' });
      const leaver = await staffToken(shop, { email: 'leaver@nursery.example' });
      const forgetful = await staffToken(shop, { email: 'forgetful@nursery.example' });
      const settings = (token: string) => rest(shop.url, 'GET', '/api/v1/Contact/GetUserComments', { token });
      for (const token of [owner, leaver, forgetful]) expect((await settings(token)).status).toBe(200);

      const download = await downloadBackup(shop, owner);
      const olderBackup = new Uint8Array(await download.arrayBuffer());

      // After the backup: one person leaves, another gets a new password (both as pnpm staff does it).
      const { db } = shop.shop;
      const removed = removeStaffAccount(db, 'leaver@nursery.example');
      revokeOidcPayloadsOfAccount(db, String(removed.staffId));
      const reset = await resetStaffPassword(
        db,
        'forgetful@nursery.example',
        'a new password nobody had before',
      );
      revokeOidcPayloadsOfAccount(db, String(reset.account.staffId));
      const accountsBefore = shop.shop.database.sqlite
        .prepare('select * from staff_accounts order by 1')
        .all();
      expect((await settings(leaver)).status).toBe(403);
      expect((await settings(forgetful)).status).toBe(401);

      const restored = await uploadRestore(shop, owner, olderBackup, 'older.zip');
      expect(restored.status).toBe(200);

      expect(shop.shop.database.sqlite.prepare('select * from staff_accounts order by 1').all()).toEqual(
        accountsBefore,
      );
      expect((await settings(leaver)).status).toBe(403);
      expect((await settings(forgetful)).status).toBe(401);
      expect((await settings(owner)).status).toBe(200);
      // A new account never takes the removed person's id (their old tokens name it).
      const { account } = await createStaffAccount(db, { email: 'newcomer@nursery.example' });
      expect(account.staffId).toBeGreaterThan(removed.staffId);
    } finally {
      await shop.stop();
    }
  }, 60_000);

  it('never rolls back the integration clients: a revoked one stays revoked, one made since keeps working', async () => {
    const shop = await startTestServer({ DEMO_DATA: 'false' });
    try {
      const owner = await staffToken(shop, { email: 'owner@nursery.example' });
      const { db } = shop.shop;
      const leaked = createIntegrationClient(db, { name: 'Label printer', scope: 'write' }, 'Owner');
      const download = await downloadBackup(shop, owner);
      const olderBackup = new Uint8Array(await download.arrayBuffer());

      // After the backup: the printer's secret leaks and is revoked; a nightly export is set up.
      revokeIntegrationClient(db, leaked.client.clientId, 'Owner');
      const nightly = createIntegrationClient(db, { name: 'Nightly export', scope: 'read' }, 'Owner');
      const grant = (client: { client: { clientId: string }; clientSecret: string }) =>
        fetch(`${shop.url}/oidc/token`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${client.client.clientId}:${client.clientSecret}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'grant_type=client_credentials',
        });
      expect((await grant(leaked)).status).toBe(401);
      expect((await grant(nightly)).status).toBe(200);
      const clientsBefore = listIntegrationClients(db);

      const restored = await uploadRestore(shop, owner, olderBackup, 'older.zip');
      expect(restored.status).toBe(200);

      expect(listIntegrationClients(db)).toEqual(clientsBefore);
      expect((await grant(leaked)).status).toBe(401);
      expect((await grant(nightly)).status).toBe(200);
    } finally {
      await shop.stop();
    }
  }, 60_000);
});

/** The source's archive with its database changed by `alter` (as a forger would), the manifest vouching for it. */
function craftedArchive(alter: string): Uint8Array {
  const entries = unzipSync(archive);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nursery-crafted-'));
  try {
    const file = path.join(dir, 'shop.db');
    writeFileSync(file, entries['shop.db'] as Uint8Array);
    const database = openDatabase(file);
    database.sqlite.exec(alter);
    database.close();
    const db = new Uint8Array(readFileSync(file));
    const manifest = JSON.parse(Buffer.from(entries['manifest.json'] as Uint8Array).toString('utf8'));
    manifest.files = manifest.files.map((f: { path: string }) =>
      f.path === 'shop.db'
        ? { path: 'shop.db', size: db.byteLength, sha256: createHash('sha256').update(db).digest('hex') }
        : f,
    );
    return zipSync({ ...entries, 'shop.db': db, 'manifest.json': strToU8(JSON.stringify(manifest)) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function stagingLeft(server: TestServer): string[] {
  return readdirSync(server.dataDir).filter((name) => name.startsWith('.restore-'));
}

describe('restore of a crafted database', () => {
  it('refuses triggers, views, extra tables and columns the shop does not define, before anything in it runs', async () => {
    const before = { tables: tables(target), backups: backupsWritten(target) };
    const cases: [string, RegExp][] = [
      [
        // Would run on the shop's thread when the restore copies settings in.
        `CREATE TRIGGER spy AFTER INSERT ON settings BEGIN
           SELECT count(*) FROM (WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n);
         END`,
        /it has a trigger "spy" this shop does not define/,
      ],
      [
        'CREATE VIEW forever AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n',
        /it has a view "forever" this shop does not define/,
      ],
      ['CREATE TABLE loot (secret text)', /it has a table "loot" this shop does not define/],
      [
        'ALTER TABLE orders ADD COLUMN note text',
        /it has a table "orders" defined differently \(an extra or changed column\?\)/,
      ],
      ['DROP INDEX orders_created_idx', /it has no index "orders_created_idx"/],
    ];
    for (const [alter, message] of cases) {
      const answer = await restore(craftedArchive(alter));
      expect(answer.status, alter).toBe(400);
      expect(answer.body.message).toMatch(
        /^The backup's database is not this shop's database as schema \d+ defines it: /,
      );
      expect(answer.body.message).toMatch(message);
      expect(answer.body.message).toMatch(/It was altered or made by other software; nothing was changed\.$/);
      expect(stagingLeft(target)).toEqual([]);
    }
    expect(tables(target)).toEqual(before.tables);
    expect(backupsWritten(target)).toEqual(before.backups);
  }, 60_000);
});

describe('restore checks off the shop thread', () => {
  it('keeps answering while the database is checked, and refuses a check that runs past its time limit', async () => {
    const slow = await startTestServer({ ...env, DEMO_DATA: 'false', RESTORE_CHECK_SECONDS: '0.001' });
    try {
      const token = await staffToken(slow, { email: STAFF });
      let done = false;
      const answer = uploadRestore(slow, token, archive).then(async (r) => {
        done = true;
        return { status: r.status, body: (await r.json()) as { message: string } };
      });
      let answeredMeanwhile = 0;
      while (!done) {
        const health = await fetch(`${slow.url}/health`);
        if (!done && health.status === 200) answeredMeanwhile++;
      }
      const refused = await answer;
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        "The backup's database took longer than 0 s to check, so it was not restored; nothing was changed. A genuine backup this large can be restored with a longer RESTORE_CHECK_SECONDS.",
      );
      expect(answeredMeanwhile).toBeGreaterThan(0);
      expect(stagingLeft(slow)).toEqual([]);
      expect((await fetch(`${slow.url}/health`)).status).toBe(200);
    } finally {
      await slow.stop();
    }
  }, 60_000);

  it('removes what an interrupted restore left (a staged database with password hashes) at the next start', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nursery-leftover-'));
    try {
      const first = await startTestServer({ DEMO_DATA: 'false' }, { dataDir });
      await first.stop();
      mkdirSync(path.join(dataDir, '.restore-0d1e'), { recursive: true });
      writeFileSync(path.join(dataDir, '.restore-0d1e', 'shop.db'), 'staged database');
      mkdirSync(path.join(dataDir, 'backups', '.snapshot-x1'), { recursive: true });
      // An export's workbook file, left when the server stopped while it was read out.
      writeFileSync(path.join(dataDir, '.export-5e2a.xls'), 'half an export');
      const again = await startTestServer({ DEMO_DATA: 'false' }, { dataDir });
      expect(stagingLeft(again)).toEqual([]);
      expect(readdirSync(dataDir).filter((name) => name.startsWith('.export-'))).toEqual([]);
      expect(readdirSync(path.join(dataDir, 'backups'))).toEqual([]);
      await again.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('restore input', () => {
  it('reads only what the REST upload streamed to disk: a tRPC caller cannot name a file on the server', async () => {
    const response = await fetch(`${target.url}/trpc/backup.restore`, {
      method: 'POST',
      headers: { authorization: `Bearer ${targetToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        file: {
          fileName: 'x.zip',
          contentType: 'application/zip',
          path: path.join(target.dataDir, 'shop.db'),
          size: 1,
        },
      }),
    });
    expect(response.status).toBe(400);
    // Told where a backup is sent instead: the REST call that takes the file.
    const answer = (await response.json()) as { error: { message: string } };
    expect(answer.error.message).toBe(
      'a file is required: send it with POST /api/v1/RestoreAuth as multipart/form-data, in the field named file (a tRPC call cannot carry one).',
    );
  });
});

describe('restore while orders come in', () => {
  it('keeps every order it confirmed: in the restored shop or in the backup of what it replaced', async () => {
    const shop = await startTestServer({ ...env, ORDERS_PER_CLIENT_PER_HOUR: '0' });
    try {
      const token = await staffToken(shop, { email: STAFF });
      const backup = await downloadBackup(shop, token);
      const bytes = new Uint8Array(await backup.arrayBuffer());
      const [product] = await uncountedOnSale(shop, token);
      expect(product).toBeDefined();
      // Photos to copy make the backup of the replaced state take a while, as in a real shop.
      mkdirSync(path.join(shop.config.mediaDir, 'products'), { recursive: true });
      writeFileSync(
        path.join(shop.config.mediaDir, 'products', 'big.jpg'),
        Buffer.alloc(32 * 1024 * 1024, 7),
      );

      const confirmed: string[] = [];
      const refused = new Map<string, number>();
      let restoring = true;
      const customer = async (n: number) => {
        for (let i = 0; restoring && i < 2000; i += 1) {
          const lastName = `During${n}x${i}`;
          const answer = await submitOrder(shop, [{ productId: product?.productId ?? 0, quantity: 1 }], {
            ...rita,
            lastName,
          });
          if (answer.status === 200) confirmed.push(`Rita ${lastName}`);
          else {
            refused.set(answer.body.message, answer.status);
            // A customer told to try again in a minute does not retry at once.
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      };
      const customers = [customer(1), customer(2)];
      // The order writer's thread is running and orders are flowing before the restore starts.
      await expect.poll(() => confirmed.length, { timeout: 30_000 }).toBeGreaterThan(10);
      const answer = await uploadRestore(shop, token, bytes);
      restoring = false;
      await Promise.all(customers);
      expect(answer.status).toBe(200);
      expect(confirmed.length).toBeGreaterThan(0);
      // Refused orders were told why in words a customer can act on (never a 500).
      for (const [message, status] of refused) {
        expect(status, message).toBe(503);
        expect(message).toBe(RESTORE_UNDER_WAY);
      }

      const live = shop.shop.database.sqlite.prepare('select name from orders').pluck().all() as string[];
      const dir = mkdtempSync(path.join(os.tmpdir(), 'nursery-replaced-'));
      try {
        const [safety] = backupsWritten(shop).filter((f) => f.startsWith('before-restore-'));
        const saved = unzipSync(readFileSync(path.join(shop.dataDir, 'backups', safety as string)), {
          filter: (file) => file.name === 'shop.db',
        });
        writeFileSync(path.join(dir, 'shop.db'), saved['shop.db'] as Uint8Array);
        const database = openDatabase(path.join(dir, 'shop.db'));
        const replaced = database.sqlite.prepare('select name from orders').pluck().all() as string[];
        database.close();
        const kept = new Set([...live, ...replaced]);
        expect(confirmed.filter((name) => !kept.has(name))).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } finally {
      await shop.stop();
    }
  }, 120_000);
});

describe('restore and the numbers already handed out', () => {
  it('never gives an order number or a product page a customer already has to another order or product', async () => {
    const shop = await startTestServer(env);
    try {
      const token = await staffToken(shop, { email: STAFF });
      const download = await downloadBackup(shop, token);
      const olderBackup = new Uint8Array(await download.arrayBuffer());
      const [product] = await uncountedOnSale(shop, token);
      const order = (lastName: string) =>
        submitOrder(shop, [{ productId: product?.productId ?? 0, quantity: 1 }], { ...rita, lastName });
      const addProduct = (name: string) =>
        rest<{ product: { productId: number } }>(shop.url, 'POST', '/api/v1/Products/SaveProduct', {
          token,
          body: { name, prices: [{ startQuantity: '1', endQuantity: null, price: 12 }] },
        });

      // After the backup a customer orders and a product is added: both numbers are out in the world
      // (the customer's receipt, a shared link to the product's page).
      const before = await order('Before');
      const added = await addProduct('Pawpaw');
      expect(before.status, before.body.message).toBe(200);
      expect(added.status, added.body.message).toBe(200);

      const restored = await uploadRestore(shop, token, olderBackup, 'older.zip');
      expect(restored.status).toBe(200);

      const after = await order('After');
      const addedAfter = await addProduct('Persimmon');
      expect(after.body.data.orderId).toBeGreaterThan(before.body.data.orderId);
      expect(addedAfter.body.data.product.productId).toBeGreaterThan(added.body.data.product.productId);
    } finally {
      await shop.stop();
    }
  }, 60_000);
});

describe('restore and the e-mails already sent', () => {
  it('never sends a customer the same e-mail twice, and keeps what the shop still has to send', async () => {
    const probe = await smtpSink();
    await probe.close();
    let clock = Date.now();
    const shop = await startTestServer(
      { ...env, SMTP_URL: `smtp://127.0.0.1:${probe.port}` },
      { now: () => new Date(clock) },
    );
    let sink: SmtpSink | null = null;
    try {
      const { sqlite } = shop.shop.database;
      const token = await staffToken(shop, { email: STAFF });
      const [product] = await uncountedOnSale(shop, token);
      const order = async (email: string) => {
        const placed = await submitOrder(shop, [{ productId: product?.productId ?? 0, quantity: 1 }], {
          ...rita,
          email,
          confirmEmail: email,
        });
        expect(placed.status, placed.body.message).toBe(200);
        return placed.body.data.orderId;
      };
      const unsentOf = (orderId: number) =>
        outboxRows(shop).filter((r) => r.order_id === orderId && r.sent_at === null);
      const to = (address: string) => (sink?.messages ?? []).filter((m) => m.to.join().includes(address));

      // The mail server is down: the first order's receipt waits in the outbox when the backup is taken.
      const first = await order('first@example.com');
      await until(() => unsentOf(first).some((r) => r.attempts > 0));
      const download = await downloadBackup(shop, token);
      const olderBackup = new Uint8Array(await download.arrayBuffer());
      expect(unsentOf(first).length).toBeGreaterThan(0);

      // Since the backup: a second order, its receipt not sent yet either; a reminder written for the first.
      const second = await order('second@example.com');
      await until(() => unsentOf(second).some((r) => r.attempts > 0));
      const remind = sqlite.prepare(
        "insert into pick_up_reminders (order_id, pick_up_date, created_at) values (?, '2026-05-02', 0)",
      );
      remind.run(first);
      remind.run(second);
      // The mail server is back and the first order's receipt goes out.
      sink = await smtpSink(probe.port);
      for (const row of unsentOf(first)) await shop.shop.outbox.retry(row.email_id);
      expect(unsentOf(first)).toEqual([]);
      expect(to('first@example.com')).toHaveLength(1);

      const restored = await uploadRestore(shop, token, olderBackup, 'older.zip');
      expect(restored.status).toBe(200);

      // Every retry is due: the first customer hears nothing more, the second gets the receipt still owed.
      clock += 2 * 60 * 60_000;
      await shop.shop.outbox.flushNow();
      expect(to('first@example.com')).toHaveLength(1);
      expect(to('second@example.com')).toHaveLength(1);
      expect(unsentOf(first)).toEqual([]);
      expect(unsentOf(second)).toEqual([]);
      // The first order's reminder was written, so it is not written again; the second order is not in the
      // restored shop, and neither is its reminder (every later backup still restores).
      const reminders = sqlite.prepare('select order_id from pick_up_reminders').pluck().all();
      expect(reminders).toEqual([first]);
      expect(sqlite.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    } finally {
      await shop.stop();
      await sink?.close();
    }
  }, 60_000);
});

describe('backup of a media folder with files put there by hand', () => {
  it('is always restorable: a name restore would refuse is left out, with a warning', async () => {
    const shop = await startTestServer(env);
    try {
      const token = await staffToken(shop, { email: STAFF });
      const media = shop.config.mediaDir;
      const long = path.join('deep', 'a'.repeat(250), `${'b'.repeat(250)}.jpg`);
      for (const name of ['ok.jpg', 'odd:name.jpg', 'back\\slash.jpg', long]) {
        mkdirSync(path.dirname(path.join(media, name)), { recursive: true });
        writeFileSync(path.join(media, name), `photo ${name.length}`);
      }
      const download = await downloadBackup(shop, token);
      expect(download.status).toBe(200);
      const bytes = new Uint8Array(await download.arrayBuffer());

      const restored = await uploadRestore(shop, token, bytes);
      const body = (await restored.json()) as { message: string };
      expect(restored.status, body.message).toBe(200);
      expect(readFileSync(path.join(media, 'ok.jpg'), 'utf8')).toBe('photo 6');

      // The owner is told what was left out, on the screen and in the archive.
      const warning = decodeURIComponent(download.headers.get('x-shop-warning') ?? '');
      expect(warning).toContain('3 files in the media folder were left out of this backup');
      expect(warning).toContain('"odd:name.jpg"');
      const manifest = JSON.parse(Buffer.from(unzipSync(bytes)['manifest.json'] ?? []).toString()) as {
        warnings?: string[];
      };
      expect(manifest.warnings).toEqual([warning]);
    } finally {
      await shop.stop();
    }
  }, 60_000);
});

describe('restore and the waitlist already told', () => {
  /** A shop sending to a fake mail server, with what a test needs to move products and the waitlist. */
  async function waitlistShop(now?: () => Date) {
    const sink = await smtpSink();
    const shop = await startTestServer(
      { ...env, SMTP_URL: `smtp://127.0.0.1:${sink.port}` },
      now ? { now } : {},
    );
    const token = await staffToken(shop, { email: STAFF });
    const ids = (await uncountedOnSale(shop, token)).map((p) => p.productId);
    const setStatus = async (productId: number | undefined, productStatus: number) => {
      const set = await setProductStatus(shop, token, Number(productId), productStatus);
      expect(set.status).toBe(200);
    };
    const join = async (productId: number | undefined, email: string) => {
      const joined = await rest(shop.url, 'POST', '/api/v1/Waitlist/Join', {
        body: { productId, email, quantity: 1 },
      });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    };
    const backup = async () => {
      const download = await downloadBackup(shop, token);
      return new Uint8Array(await download.arrayBuffer());
    };
    const restore = async (archive: Uint8Array) => {
      const restored = await uploadRestore(shop, token, archive, 'older.zip');
      expect(restored.status).toBe(200);
    };
    const to = (address: string) => sink.messages.filter((m) => m.to.join().includes(address));
    const stop = async () => {
      await shop.stop();
      await sink.close();
    };
    /** Staff take an entry off the list, as they do when a customer told once calls to wait again. */
    const removeEntries = async (productId: number | undefined) => {
      const list = await rest<{ entries: { waitlistEntryId: number }[] }>(
        shop.url,
        'GET',
        `/api/v1/Waitlist/GetWaitlist?productId=${productId}`,
        { token },
      );
      for (const entry of list.body.data.entries) {
        const removed = await rest(
          shop.url,
          'DELETE',
          `/api/v1/Waitlist/RemoveEntry?waitlistEntryId=${entry.waitlistEntryId}`,
          { token },
        );
        expect(removed.status).toBe(200);
      }
    };
    return { shop, ids, setStatus, join, removeEntries, backup, restore, to, stop };
  }

  it('never tells a customer twice that the same product is back, and still tells those waiting', async () => {
    const { shop, ids, setStatus, join, backup, restore, to, stop } = await waitlistShop();
    try {
      const [told, waiting] = ids;
      // Both sold out when the backup is taken, with a customer waiting for each.
      await setStatus(told, 3);
      await setStatus(waiting, 3);
      await join(told, 'Early@example.com');
      await join(waiting, 'patient@example.com');
      const olderBackup = await backup();

      // Since the backup: the first product came back and its customer was told.
      await setStatus(told, 2);
      await until(() => to('Early@example.com').length === 1);

      await restore(olderBackup);

      // Both are back in the restored shop: only the customer not told yet hears of it.
      await setStatus(told, 3);
      await setStatus(told, 2);
      await setStatus(waiting, 2);
      await until(() => to('patient@example.com').length === 1);
      await shop.shop.outbox.flushNow();
      expect(to('Early@example.com')).toHaveLength(1);
      expect(outboxRows(shop, 'back-in-stock').map((r) => r.to_address)).toEqual([
        'Early@example.com',
        'patient@example.com',
      ]);
      const entries = shop.shop.database.sqlite
        .prepare('select email, email_id from waitlist_entries order by waitlist_entry_id')
        .all() as { email: string; email_id: number | null }[];
      expect(entries.map((e) => e.email)).toEqual(['Early@example.com', 'patient@example.com']);
      expect(entries[0]?.email_id).toBe(outboxRows(shop, 'back-in-stock')[0]?.email_id);
    } finally {
      await stop();
    }
  }, 60_000);

  it('still tells a customer who joined again after being told, when a newer backup is restored', async () => {
    let clock = Date.now();
    const { shop, ids, setStatus, join, removeEntries, backup, restore, to, stop } = await waitlistShop(
      () => new Date(clock),
    );
    try {
      const [productId] = ids;
      await setStatus(productId, 3);
      await join(productId, 'again@example.com');
      clock += 60_000;
      await setStatus(productId, 2);
      await until(() => to('again@example.com').length === 1);
      const first = await backup();
      // Sold out once more, and the same customer waits again: a join alone changes nothing of an entry
      // already told, so the customer calls and staff take the old entry off; the new join is a new wait, in
      // the second backup.
      clock += 60_000;
      await setStatus(productId, 3);
      await removeEntries(productId);
      await join(productId, 'again@example.com');
      const second = await backup();

      // Back to the first backup (told) and forward to the second: that told mark is from before the new wait.
      await restore(first);
      await restore(second);
      clock += 60_000;
      await setStatus(productId, 2);
      await until(() => to('again@example.com').length === 2);
      await shop.shop.outbox.flushNow();
      expect(to('again@example.com')).toHaveLength(2);
    } finally {
      await stop();
    }
  }, 60_000);
});

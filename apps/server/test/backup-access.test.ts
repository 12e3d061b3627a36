import { BACKUPS_FOR_PEOPLE, isPeopleOnly, restRoutes } from '@nursery/api';
import { UNAUTHORIZED_NO_TOKEN } from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationToken, rest, type TestServer } from '../src/testing.ts';
import { archiveSignature } from './support/archive.ts';
import { signedInShop } from './support/shop.ts';

// Whatever hands out or takes in the whole database is for signed-in people: an integration client is refused
// it whatever its scope, over REST and tRPC alike, while staff keep every one of them.

let server: TestServer;
let staff: string;
let read: string;
let write: string;
let rolloverId: number;
let archive: Uint8Array;

beforeAll(async () => {
  ({ server, token: staff } = await signedInShop());
  read = await integrationToken(server, 'read');
  write = await integrationToken(server, 'write');
  // A new season started by staff, so its automatic backup exists to be downloaded.
  const options = { raisePercent: 0, statuses: {}, stock: 'keep' };
  const preview = await rest<{ token: string }>(server.url, 'POST', '/api/v1/Seasons/Rollover/Preview', {
    token: staff,
    body: options,
  });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const started = await rest<{ record: { rolloverId: number } }>(
    server.url,
    'POST',
    '/api/v1/Seasons/Rollover',
    {
      token: staff,
      body: { options, token: preview.body.data.token },
    },
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  rolloverId = started.body.data.record.rolloverId;
  const download = await fetch(`${server.url}/api/v1/BackupAuth`, {
    method: 'POST',
    headers: { authorization: `Bearer ${staff}` },
  });
  archive = new Uint8Array(await download.arrayBuffer());
}, 60_000);
afterAll(async () => server?.stop());

type Who = 'nobody' | 'read' | 'write' | 'staff';

function bearer(who: Who): Record<string, string> {
  const token = { nobody: null, read, write, staff }[who];
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** Each route that hands out or takes in a database, called as `who` would call it. */
const ROUTES: Record<string, (who: Who) => Promise<Response>> = {
  'POST /api/v1/BackupAuth': (who) =>
    fetch(`${server.url}/api/v1/BackupAuth`, { method: 'POST', headers: bearer(who) }),
  'GET /api/v1/Seasons/Rollover/Backup': (who) =>
    fetch(`${server.url}/api/v1/Seasons/Rollover/Backup?rolloverId=${rolloverId}`, { headers: bearer(who) }),
  'POST /api/v1/RestoreAuth': (who) => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(archive)], { type: 'application/zip' }), 'shop.zip');
    return fetch(`${server.url}/api/v1/RestoreAuth`, { method: 'POST', headers: bearer(who), body: form });
  },
  'tRPC backup.create': (who) =>
    fetch(`${server.url}/trpc/backup.create`, {
      method: 'POST',
      headers: { ...bearer(who), 'content-type': 'application/json' },
      body: '{}',
    }),
  'tRPC seasons.rolloverBackup': (who) =>
    fetch(
      `${server.url}/trpc/seasons.rolloverBackup?input=${encodeURIComponent(JSON.stringify({ rolloverId }))}`,
      {
        headers: bearer(who),
      },
    ),
  'tRPC backup.restore': (who) =>
    fetch(`${server.url}/trpc/backup.restore`, {
      method: 'POST',
      headers: { ...bearer(who), 'content-type': 'application/json' },
      body: JSON.stringify({ file: { path: '/tmp/shop.zip', size: 1 } }),
    }),
};

async function messageOf(response: Response): Promise<string> {
  const body = (await response.json()) as { message?: string; error?: { message?: string } };
  return body.message ?? body.error?.message ?? '';
}

describe('backups are for signed-in people', () => {
  it('marks every REST row that hands out or takes in a database people-only, and tests each of them here', () => {
    const database = restRoutes.filter(
      (r) => r.file?.contentType === 'application/zip' || r.upload?.what === 'backup',
    );
    expect(database.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      Object.keys(ROUTES)
        .filter((name) => !name.startsWith('tRPC'))
        .sort(),
    );
    for (const route of database) expect(isPeopleOnly(route.procedure), route.path).toBe(true);
    for (const name of Object.keys(ROUTES).filter((n) => n.startsWith('tRPC'))) {
      expect(isPeopleOnly(name.slice('tRPC '.length)), name).toBe(true);
    }
  });

  it('answers 401 without a token', async () => {
    for (const [name, call] of Object.entries(ROUTES)) {
      const response = await call('nobody');
      expect(response.status, name).toBe(401);
      expect(await messageOf(response), name).toBe(UNAUTHORIZED_NO_TOKEN);
    }
  });

  it('refuses an integration client with the read scope and with the write scope (403), saying why', async () => {
    for (const who of ['read', 'write'] as const) {
      for (const [name, call] of Object.entries(ROUTES)) {
        const response = await call(who);
        expect(response.status, `${who} ${name}`).toBe(403);
        expect(await messageOf(response), `${who} ${name}`).toBe(BACKUPS_FOR_PEOPLE);
      }
    }
  });

  it('hands staff the backup and the roll-over backup, and restores what staff send', async () => {
    for (const name of ['POST /api/v1/BackupAuth', 'GET /api/v1/Seasons/Rollover/Backup'] as const) {
      const response = await ROUTES[name]?.('staff');
      expect(response?.status, name).toBe(200);
      expect(response?.headers.get('content-type'), name).toBe('application/zip');
      // A zip archive's local file header.
      expect(await archiveSignature(response as Response), name).toBe('PK');
    }
    const restored = await ROUTES['POST /api/v1/RestoreAuth']?.('staff');
    expect(restored?.status, await restored?.clone().text()).toBe(200);
    expect(await messageOf(restored as Response)).toBe('The shop was restored from the backup.');
  }, 60_000);

  it('lets staff past the rule over tRPC (what follows is the procedure, not a refusal)', async () => {
    for (const name of [
      'tRPC backup.create',
      'tRPC seasons.rolloverBackup',
      'tRPC backup.restore',
    ] as const) {
      const response = await ROUTES[name]?.('staff');
      expect([401, 403], `${name} ${await response?.clone().text()}`).not.toContain(response?.status);
    }
  });

  it('sends a backup over REST only: over tRPC its stream would go unread and hold the big jobs’ turns', async () => {
    const expected: Record<string, string> = {
      'tRPC backup.create':
        'This answer is a file, sent as it is made: download it with POST /api/v1/BackupAuth.',
      'tRPC seasons.rolloverBackup': `This answer is a file, sent as it is made: download it with GET /api/v1/Seasons/Rollover/Backup?rolloverId=${rolloverId}.`,
    };
    // More calls than the big staff jobs' turns: an unread backup kept its turn, and the next ones waited for ever.
    for (let round = 0; round < 3; round++) {
      for (const [name, message] of Object.entries(expected)) {
        const response = await ROUTES[name]?.('staff');
        expect(response?.status, name).toBe(400);
        expect(await messageOf(response as Response), name).toBe(message);
      }
    }
    const download = await fetch(`${server.url}/api/v1/BackupAuth`, {
      method: 'POST',
      headers: bearer('staff'),
      signal: AbortSignal.timeout(20_000),
    });
    expect(download.status).toBe(200);
    expect(await archiveSignature(download)).toBe('PK');
  }, 60_000);

  it('keeps where the continuous copies of the database go people-only too, over REST and tRPC', async () => {
    const calls: Record<string, (who: Who) => Promise<Response>> = {
      'GET /api/v1/Backup/Replica': (who) =>
        fetch(`${server.url}/api/v1/Backup/Replica`, { headers: bearer(who) }),
      'tRPC backup.replica': (who) => fetch(`${server.url}/trpc/backup.replica`, { headers: bearer(who) }),
    };
    expect(isPeopleOnly('backup.replica')).toBe(true);
    for (const [name, call] of Object.entries(calls)) {
      for (const who of ['read', 'write'] as const) {
        const response = await call(who);
        expect(response.status, `${who} ${name}`).toBe(403);
        expect(await messageOf(response), `${who} ${name}`).toBe(BACKUPS_FOR_PEOPLE);
      }
      expect((await call('staff')).status, name).toBe(200);
    }
  });

  it('refuses a write-scope client a backup call hidden in a tRPC batch beside an allowed one', async () => {
    const response = await fetch(
      `${server.url}/trpc/seasons.current,seasons.rolloverBackup?batch=1&input=${encodeURIComponent(
        JSON.stringify({ 1: { rolloverId } }),
      )}`,
      { headers: bearer('write') },
    );
    const [allowed, refused] = (await response.json()) as [
      { result?: unknown },
      { error?: { message: string; data: { httpStatus: number } } },
    ];
    expect(allowed.result).toBeDefined();
    expect(refused.error?.data.httpStatus).toBe(403);
    expect(refused.error?.message).toBe(BACKUPS_FOR_PEOPLE);
    expect(JSON.stringify(refused)).not.toContain('base64');
  });

  it('says in the OpenAPI document that these calls are for people', async () => {
    const document = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { description: string; 'x-people-only'?: boolean }>>;
    };
    for (const name of Object.keys(ROUTES).filter((n) => !n.startsWith('tRPC'))) {
      const [method = '', path = ''] = name.split(' ');
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation?.description, name).toContain('For people only');
      expect(operation?.['x-people-only'], name).toBe(true);
    }
    const orders = document.paths['/api/v1/Orders/GetAllOrders']?.get;
    expect(orders?.description).not.toContain('For people only');
  });
});

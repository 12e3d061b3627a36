import { STAFF_JOBS_AT_ONCE, staffJobsWaiting, staffJobTurn } from '@nursery/api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestServer } from '../src/testing.ts';
import { archiveSignature } from './support/archive.ts';
import { signedInShop } from './support/shop.ts';

// The big staff jobs (exports, backups, restores) take turns; a request whose client hangs up while it waits
// leaves the line, so its job never runs for nobody while the ones behind it wait longer.

let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server, token } = await signedInShop());
});
afterAll(async () => server?.stop());

/** Every turn taken, as by long jobs under way: answers the functions that end them. */
async function takeEveryTurn(): Promise<(() => void)[]> {
  const ends: (() => void)[] = [];
  for (let i = 0; i < STAFF_JOBS_AT_ONCE; i++) ends.push(await staffJobTurn(server.shop));
  return ends;
}

describe('big staff jobs waiting for their turn', () => {
  it('drops an export whose client hung up while it waited, and the turn goes to the next in line', async () => {
    const ends = await takeEveryTurn();
    try {
      const hangUp = new AbortController();
      const call = fetch(`${server.url}/Exports/GetStockExport`, {
        headers: { authorization: `Bearer ${token}` },
        signal: hangUp.signal,
      }).catch(() => undefined);
      await vi.waitFor(() => expect(staffJobsWaiting(server.shop)).toBe(1), { timeout: 10_000 });
      hangUp.abort();
      await call;
      await vi.waitFor(() => expect(staffJobsWaiting(server.shop)).toBe(0), { timeout: 10_000 });
      // The turn given back is free for whoever comes next: nobody's export holds it.
      ends.shift()?.();
      ends.push(await staffJobTurn(server.shop));
    } finally {
      for (const end of ends) end();
    }
  });

  it('keeps a backup download waiting while its client waits, though its request body was read long before', async () => {
    const ends = await takeEveryTurn();
    const download = fetch(`${server.url}/api/v1/BackupAuth`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    try {
      await vi.waitFor(() => expect(staffJobsWaiting(server.shop)).toBe(1), { timeout: 10_000 });
    } finally {
      for (const end of ends) end();
    }
    const response = await download;
    expect(response.status).toBe(200);
    expect(await archiveSignature(response)).toBe('PK');
  });
});

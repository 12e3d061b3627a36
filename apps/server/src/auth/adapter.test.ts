import { NEW_SEASON_UNDER_WAY, withServerConnectionHeld } from '@nursery/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';
import { DatabaseAdapter } from './adapter.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

/**
 * A new season written in one transaction across turns of the event loop, which fails after `during` and is
 * rolled back, as applyRollover's is.
 */
async function failedRollover(during: () => void): Promise<void> {
  const sqlite = server.shop.database.sqlite;
  await expect(
    withServerConnectionHeld(server.shop, NEW_SEASON_UNDER_WAY, async () => {
      sqlite.exec('BEGIN IMMEDIATE');
      during();
      // A turn of the event loop, as between the roll-over's pieces.
      await new Promise((resolve) => setImmediate(resolve));
      sqlite.exec('ROLLBACK');
      throw new Error('the new season failed');
    }),
  ).rejects.toThrow('the new season failed');
}

describe("the sign-in's storage while a long write holds the server's connection", () => {
  it('keeps a session, a token consumed and a grant revoked meanwhile when that write is rolled back', async () => {
    const sessions = new DatabaseAdapter(server.shop, 'Session');
    const tokens = new DatabaseAdapter(server.shop, 'RefreshToken');
    await tokens.upsert('old-token', { grantId: 'grant-1', accountId: '1' }, 3600);
    await tokens.upsert('revoked-token', { grantId: 'grant-2', accountId: '1' }, 3600);
    const writes: Promise<void>[] = [];
    await failedRollover(() => {
      writes.push(sessions.upsert('session-1', { accountId: '1' }, 3600));
      writes.push(tokens.consume('old-token'));
      writes.push(tokens.revokeByGrantId('grant-2'));
    });
    await Promise.all(writes);
    expect(await sessions.find('session-1')).toMatchObject({ accountId: '1' });
    expect(await tokens.find('old-token')).toHaveProperty('consumed');
    expect(await tokens.find('revoked-token')).toBeUndefined();
  });
});

describe('revoking a grant', () => {
  it("takes that kind's tokens issued under it and leaves the sign-in in progress that names it", async () => {
    const interactions = new DatabaseAdapter(server.shop, 'Interaction');
    const accessTokens = new DatabaseAdapter(server.shop, 'AccessToken');
    const refreshTokens = new DatabaseAdapter(server.shop, 'RefreshToken');
    // A second person signing in on a phone whose provider session is the first person's: the interaction
    // names the first person's grant, which the provider revokes before it resumes that very interaction.
    await interactions.upsert('signing-in', { uid: 'signing-in', grantId: 'grant-of-cy' }, 3600);
    await accessTokens.upsert('cy-access', { grantId: 'grant-of-cy', accountId: '1' }, 3600);
    await refreshTokens.upsert('cy-refresh', { grantId: 'grant-of-cy', accountId: '1' }, 3600);
    await refreshTokens.upsert('dee-refresh', { grantId: 'grant-of-dee', accountId: '2' }, 3600);

    await accessTokens.revokeByGrantId('grant-of-cy');
    expect(await accessTokens.find('cy-access')).toBeUndefined();
    expect(await refreshTokens.find('cy-refresh')).toMatchObject({ accountId: '1' });
    await refreshTokens.revokeByGrantId('grant-of-cy');
    expect(await refreshTokens.find('cy-refresh')).toBeUndefined();

    expect(await refreshTokens.find('dee-refresh')).toMatchObject({ accountId: '2' });
    expect(await interactions.find('signing-in')).toMatchObject({ uid: 'signing-in' });
  });
});

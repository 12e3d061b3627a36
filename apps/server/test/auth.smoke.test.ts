import { afterAll, beforeAll, expect, it } from 'vitest';
import { nonStaffToken, rest, staffToken, startTestServer, type TestServer } from '../src/testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

it('gets a staff token', async () => {
  const token = await staffToken(server);
  const me = await fetch(`${server.url}/trpc/staff.me`, { headers: { authorization: `Bearer ${token}` } });
  expect(me.status).toBe(200);
  const none = await fetch(`${server.url}/trpc/staff.me`);
  expect(none.status).toBe(401);
  const other = await nonStaffToken(server);
  const forbidden = await fetch(`${server.url}/trpc/staff.me`, {
    headers: { authorization: `Bearer ${other}` },
  });
  expect(forbidden.status).toBe(403);
  void rest;
});

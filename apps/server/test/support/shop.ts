import { afterAll, beforeAll } from 'vitest';
import { rest, staffToken, startTestServer, type TestServer } from '../../src/testing.ts';

/**
 * A test shop started (as startTestServer) with a staff member signed in to it through the embedded provider
 * (as staffToken): how a test file about the back office begins.
 */
export async function signedInShop(
  env: Parameters<typeof startTestServer>[0] = {},
  options: Parameters<typeof startTestServer>[1] = {},
  staff: Parameters<typeof staffToken>[1] = {},
): Promise<{ server: TestServer; token: string }> {
  const server = await startTestServer(env, options);
  return { server, token: await staffToken(server, staff) };
}

/** The shop's owner, the staff member most back-office tests sign in as. */
export const OWNER = { email: 'owner@example.com', name: 'Olive Owner' };

/** Puts a PDF up as the shop's flyer, as staff do in Settings, and answers the shop's raw response. */
export function uploadFlyer(
  server: { url: string },
  token: string,
  pdf: string,
  fileName: string,
): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), fileName);
  return fetch(`${server.url}/api/v1/Settings/SetActivePdf`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** Sends a message from the Contact page as a visitor does, and answers the shop's reply, refused or not. */
export function sendContactMessage<T = { contactSubmissionId: number }>(
  server: { url: string },
  message: { name: string; email: string; comments: string; loadTime: number; subject?: string },
) {
  return rest<T>(server.url, 'POST', '/api/v1/Contact/InsertUserComment', { body: message });
}

/**
 * A test shop started before the tests of the file or describe block it is called in, and stopped after them:
 * read `.server` inside hooks and tests.
 */
export function shopForTests(
  env: Parameters<typeof startTestServer>[0] = {},
  options: Parameters<typeof startTestServer>[1] = {},
): { readonly server: TestServer } {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(env, options);
  });
  afterAll(async () => started?.stop());
  return {
    get server() {
      if (!started) throw new Error('The shop starts in beforeAll: use it inside a hook or a test.');
      return started;
    },
  };
}

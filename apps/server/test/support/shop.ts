import { staffToken, startTestServer, type TestServer } from '../../src/testing.ts';

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

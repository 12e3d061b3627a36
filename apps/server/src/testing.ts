import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type ShopConfig } from '@nursery/api';
import { createIntegrationClient } from '@nursery/api/integrations';
import {
  createStaffAccount,
  findStaffAccountByEmail,
  generatePassword,
  removeStaffAccount,
  resetStaffPassword,
} from '@nursery/api/staff';
import { signInWithPassword } from './auth/signInFlow.ts';
import { createServer, type ShopServer } from './createServer.ts';

export interface TestServer extends ShopServer {
  url: string;
  dataDir: string;
  config: ShopConfig;
}

/**
 * A real server on a free port with its own temp data folder, as every integration test wants.
 * `env` takes the same variables as production (DEMO_DATA, PHOTO_HOSTS, ...).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    now?: () => Date;
    webRoot?: string | null;
    dataDir?: string;
    logStream?: { write(line: string): void };
    stopGraceMs?: number;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'nursery-test-'));
  // A known port before start, so the embedded sign-in's issuer URL is right from the first request.
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // From the source the order writer's thread takes 1-2 s to start (Node strips the TypeScript of every
    // module it loads): one per test server, kept, rather than one per order a few seconds apart.
    ORDER_WRITER_IDLE_SECONDS: '600',
    ...env,
  });
  const shop = await createServer({
    config,
    webRoot: options.webRoot === undefined ? null : options.webRoot,
    ...(options.now ? { now: options.now } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.stopGraceMs !== undefined ? { stopGraceMs: options.stopGraceMs } : {}),
  });
  const url = await shop.start();
  return {
    ...shop,
    url,
    dataDir,
    config,
    async stop() {
      await shop.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls a REST path and answers the status and parsed envelope. */
export async function rest<T = unknown>(
  base: string,
  method: string,
  pathAndQuery: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: { success: boolean; message: string; data: T } }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(`${base}${pathAndQuery}`, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/**
 * Downloads a spreadsheet export as staff and answers its workbook: the envelope's data (ExportWorkbook) with
 * the .xls file decoded from its base64.
 */
export async function exportedWorkbook(
  base: string,
  pathAndQuery: string,
  token: string,
): Promise<{ status: number; contentType: string; fileName: string; bytes: Buffer }> {
  const answer = await rest<{ fileName: string; contentType: string; base64: string } | null>(
    base,
    'GET',
    pathAndQuery,
    { token },
  );
  const data = answer.body.data;
  return {
    status: answer.status,
    contentType: data?.contentType ?? '',
    fileName: data?.fileName ?? '',
    bytes: Buffer.from(data?.base64 ?? '', 'base64'),
  };
}

/** A port nobody listens on right now, for a server that must know its address before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const tokenCache = new WeakMap<TestServer, Map<string, string>>();

/**
 * A genuine access token of a staff member, from the server's embedded provider: the account is created
 * (or its password reset) and signed in through the real authorization-code + PKCE flow and sign-in form.
 * Tokens are reused per server and e-mail, so calling this in every test costs one sign-in.
 */
export async function staffToken(
  server: TestServer,
  options: { email?: string; name?: string } = {},
): Promise<string> {
  // With STAFF_EMAILS set, the first listed address is staff by definition.
  const email = (options.email ?? server.config.oidc.staffEmails[0] ?? 'staff@example.com').toLowerCase();
  const cached = tokenCache.get(server)?.get(email);
  if (cached) return cached;
  const token = await signInAs(server, email, options.name ?? 'Sam Staff');
  if (!tokenCache.has(server)) tokenCache.set(server, new Map());
  tokenCache.get(server)?.set(email, token);
  return token;
}

/**
 * A genuine, unexpired access token of someone who is not staff: signed in like staffToken, then the
 * account is removed, so the token is valid but its holder no longer is staff (403 on admin calls).
 * With STAFF_EMAILS set, choose an e-mail outside the list for the same effect.
 */
export async function nonStaffToken(
  server: TestServer,
  options: { email?: string; name?: string } = {},
): Promise<string> {
  const email = (options.email ?? `visitor-${Date.now().toString(36)}@example.com`).toLowerCase();
  const token = await signInAs(server, email, options.name ?? 'Vera Visitor');
  if (server.config.oidc.staffEmails.length === 0 || server.config.oidc.staffEmails.includes(email)) {
    removeStaffAccount(server.shop.db, email);
  }
  tokenCache.get(server)?.delete(email);
  return token;
}

async function signInAs(server: TestServer, email: string, name: string): Promise<string> {
  if (!server.config.oidc.embedded) throw new Error('staffToken needs the embedded sign-in (no OIDC_ISSUER)');
  const password = generatePassword();
  if (findStaffAccountByEmail(server.shop.db, email))
    await resetStaffPassword(server.shop.db, email, password);
  else await createStaffAccount(server.shop.db, { email, name, password });
  const { accessToken } = await signInWithPassword({
    publicUrl: server.config.publicUrl,
    clientId: server.config.oidc.clientId,
    audience: server.config.oidc.audience,
    email,
    password,
  });
  return accessToken;
}

/**
 * A genuine access token of a new integration client with this scope, from the embedded provider's token
 * endpoint with client_credentials, as a program gets it.
 */
export async function integrationToken(server: TestServer, scope: 'read' | 'write'): Promise<string> {
  const { client, clientSecret } = createIntegrationClient(
    server.shop.db,
    { name: `Test ${scope} client`, scope },
    'Test',
  );
  const response = await fetch(`${server.url}/oidc/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const body = (await response.json()) as { access_token?: string };
  if (response.status !== 200 || !body.access_token) {
    throw new Error(`No token for the ${scope} client: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.access_token;
}

export { type ReceivedEvent, type WebhookReceiver, webhookReceiver } from './webhookReceiver.ts';

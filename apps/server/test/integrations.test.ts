import {
  isPeopleOnly,
  PEOPLE_ONLY,
  PUBLIC_PROCEDURES,
  READ_SCOPE_ONLY_READS,
  restRoutes,
} from '@nursery/api';
import { unauthorizedToken } from '@nursery/domain';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIntegrationsCommand } from '../src/cli/integrations.ts';
import { rest, staffToken, startTestServer, type TestServer } from '../src/testing.ts';
import { OWNER } from './support/shop.ts';

let server: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
  server = await startTestServer(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
});
afterAll(async () => server?.stop());

/** Runs `pnpm -s integrations ...` against the test server's data folder, as staff would type it. */
async function integrations(
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runIntegrationsCommand(
    argv,
    { DATA_DIR: server.dataDir, ...env },
    {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function addClient(
  name: string,
  scope: 'read' | 'write',
): Promise<{ clientId: string; clientSecret: string }> {
  const { code, out } = await integrations(['add', name, '--scope', scope, '--json']);
  expect(code).toBe(0);
  const printed = JSON.parse(out) as Record<string, string>;
  // Exactly the two fields, so a script can read them without knowing anything else.
  expect(Object.keys(printed).sort()).toEqual(['clientId', 'clientSecret']);
  return printed as { clientId: string; clientSecret: string };
}

/** What curl -u id:secret -d grant_type=client_credentials .../oidc/token does. */
async function requestToken(
  clientId: string,
  clientSecret: string,
  options: { target?: TestServer; headers?: Record<string, string>; scope?: string } = {},
): Promise<{ status: number; body: Record<string, unknown>; retryAfter: string | null }> {
  const response = await fetch(`${(options.target ?? server).url}/oidc/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      ...options.headers,
    },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      ...(options.scope === undefined ? {} : { scope: options.scope }),
    }).toString(),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    retryAfter: response.headers.get('retry-after'),
  };
}

async function tokenOf(client: { clientId: string; clientSecret: string }): Promise<string> {
  const { status, body } = await requestToken(client.clientId, client.clientSecret);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.token_type).toBe('Bearer');
  return String(body.access_token);
}

const staffGets = restRoutes.filter(
  (r) =>
    r.method === 'GET' &&
    r.input === 'none' &&
    !PUBLIC_PROCEDURES.has(r.procedure) &&
    !isPeopleOnly(r.procedure),
);

describe('integration clients', () => {
  it('gets an RS256 JWT for the API from the token endpoint with client_credentials and HTTP Basic', async () => {
    const client = await addClient('Nightly order export', 'read');
    expect(client.clientId).toMatch(/^int_[A-Za-z0-9]{20}$/);
    expect(client.clientSecret.length).toBeGreaterThanOrEqual(43);
    const token = await tokenOf(client);
    expect(decodeProtectedHeader(token).alg).toBe('RS256');
    const claims = decodeJwt(token);
    expect(claims.aud).toBe(server.config.oidc.audience);
    expect(claims.iss).toBe(server.config.oidc.issuer);
    expect(claims.sub).toBe(client.clientId);
    expect(claims.client_id).toBe(client.clientId);
  });

  it("gives a token for the client's own scope or less, and refuses any other scope with invalid_scope", async () => {
    const reader = await addClient('Scoped reader', 'read');
    const writer = await addClient('Scoped writer', 'write');
    for (const [client, scope] of [
      [reader, 'read'],
      [writer, 'write'],
      [writer, 'read write'],
    ] as const) {
      const { status, body } = await requestToken(client.clientId, client.clientSecret, { scope });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.access_token).toEqual(expect.any(String));
    }
    for (const [client, scope, own] of [
      [reader, 'write', 'read'],
      [reader, 'read backup', 'read'],
      [writer, 'backup', 'write'],
      [writer, 'openid', 'write'],
    ] as const) {
      const { status, body } = await requestToken(client.clientId, client.clientSecret, { scope });
      expect(status, `${scope}: ${JSON.stringify(body)}`).toBe(400);
      expect(body.error).toBe('invalid_scope');
      expect(body.error_description).toContain(`This client's scope is '${own}'`);
    }
  });

  it('keeps only a hash of the secret and never lists it', async () => {
    const client = await addClient('Label printer', 'read');
    const row = server.shop.database.sqlite
      .prepare('SELECT secret_hash FROM integration_clients WHERE client_id = ?')
      .get(client.clientId) as { secret_hash: string };
    expect(row.secret_hash).toMatch(/^sha256\$/);
    expect(row.secret_hash).not.toContain(client.clientSecret);
    const listed = await integrations(['list']);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(client.clientId);
    expect(listed.out).toContain('Label printer');
    expect(listed.out).not.toContain(client.clientSecret);
    expect(listed.out).not.toContain(row.secret_hash);
  });

  it('refuses a wrong secret, a secret sent as the hash, and the admin app id with 401 invalid_client', async () => {
    const client = await addClient('Guessed', 'read');
    // One character changed (never to itself: a secret may well end in A).
    const last = client.clientSecret.endsWith('A') ? 'B' : 'A';
    const wrong = await requestToken(client.clientId, `${client.clientSecret.slice(0, -1)}${last}`);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    const hash = server.shop.database.sqlite
      .prepare('SELECT secret_hash FROM integration_clients WHERE client_id = ?')
      .get(client.clientId) as { secret_hash: string };
    expect((await requestToken(client.clientId, hash.secret_hash)).status).toBe(401);
    // The admin app is a public client of the authorization-code flow: it has no client_credentials.
    expect((await requestToken(server.config.oidc.clientId, 'x')).status).toBeGreaterThanOrEqual(400);
  });

  it('lets a read client call every staff GET and refuses its writes with 403, REST and tRPC alike', async () => {
    const token = await tokenOf(await addClient('Bookkeeper', 'read'));
    expect(staffGets.length).toBeGreaterThan(3);
    for (const route of staffGets) {
      // The catalogue's spreadsheets answer the file itself, not the envelope: the status is what matters here.
      const answer = await fetch(`${server.url}${route.path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await answer.arrayBuffer();
      expect(answer.status, route.path).toBe(200);
    }
    const detail = await rest(server.url, 'GET', '/api/v1/Orders/GetOrderDetailsById?orderId=1', { token });
    expect(detail.status).toBe(200);

    const before = await rest<Record<string, unknown>>(server.url, 'GET', '/api/v1/Settings/GetAllSettings');
    const write = await rest(server.url, 'PUT', '/api/v1/Settings/SetOrdersClosed?isOpen=false', { token });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe(READ_SCOPE_ONLY_READS);
    const viaTrpc = await fetch(`${server.url}/trpc/settings.setOrdersClosed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ isOpen: false }),
    });
    expect(viaTrpc.status).toBe(403);
    const after = await rest<Record<string, unknown>>(server.url, 'GET', '/api/v1/Settings/GetAllSettings');
    expect(after.body.data).toEqual(before.body.data);
  });

  it('lets a write client change things, naming it in the audit columns and in the log of every call', async () => {
    const client = await addClient('Stock script', 'write');
    const token = await tokenOf(client);
    const deleted = await rest(server.url, 'DELETE', '/api/v1/Orders/DeleteOrder?orderId=2', { token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const row = server.shop.database.sqlite
      .prepare('SELECT deleted_by FROM orders WHERE order_id = 2')
      .get() as { deleted_by: string } | undefined;
    expect(row?.deleted_by).toBe('Stock script (integration)');
    const read = await rest(server.url, 'GET', '/api/v1/Orders/GetAllDeletedOrders', { token });
    expect(read.status).toBe(200);

    const lines = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request' && line.clientId === client.clientId);
    expect(lines.map((line) => `${line.method} ${String(line.url).split('?')[0]}`)).toEqual([
      'DELETE /api/v1/Orders/DeleteOrder',
      'GET /api/v1/Orders/GetAllDeletedOrders',
    ]);
    expect(lines.every((line) => line.integration === 'Stock script (integration)')).toBe(true);
  });

  it('never lets a client, even a write one, make or revoke clients', async () => {
    const token = await tokenOf(await addClient('Ambitious', 'write'));
    const made = await rest(server.url, 'POST', '/api/v1/Integrations/AddIntegrationClient', {
      token,
      body: { name: 'Second', scope: 'write' },
    });
    expect(made.status).toBe(403);
    expect(made.body.message).toBe(PEOPLE_ONLY);
    const listed = await rest(server.url, 'GET', '/api/v1/Integrations/GetIntegrationClients', { token });
    expect(listed.status).toBe(403);
  });

  it('stops a revoked client at once: its token answers 401 and it gets no new one', async () => {
    const client = await addClient('Old export', 'read');
    const token = await tokenOf(client);
    expect((await rest(server.url, 'GET', '/api/v1/Orders/GetAllOrders', { token })).status).toBe(200);

    const revoked = await integrations(['revoke', client.clientId]);
    expect(revoked.code).toBe(0);
    expect(revoked.out).toContain(client.clientId);

    const refused = await rest(server.url, 'GET', '/api/v1/Orders/GetAllOrders', { token });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(
      unauthorizedToken('the integration client behind this token was revoked'),
    );
    const again = await requestToken(client.clientId, client.clientSecret);
    expect(again.status).toBe(401);
    expect(again.body.error).toBe('invalid_client');
    expect((await integrations(['list'])).out).toMatch(new RegExp(`${client.clientId}.*revoked`));
  });

  it('says why a token is refused in WWW-Authenticate, as RFC 6750 writes it', async () => {
    const realm = `Bearer realm="${server.config.publicUrl}/api/v1"`;
    const challenge = async (headers: Record<string, string>, method = 'GET', query = '') => {
      const path = method === 'GET' ? '/api/v1/Orders/GetAllOrders' : '/api/v1/Settings/SetOrdersClosed';
      const answer = await fetch(`${server.url}${path}${query}`, { method, headers });
      await answer.arrayBuffer();
      return { status: answer.status, header: answer.headers.get('www-authenticate') };
    };
    // No token: the bare challenge, without an error.
    expect(await challenge({})).toEqual({ status: 401, header: realm });
    expect(await challenge({ authorization: 'Basic abc' })).toEqual({
      status: 401,
      header: `${realm}, error="invalid_token", error_description="the Authorization header is not a bearer token"`,
    });
    // Shaped like a JWT but not one: a sentence saying what a token must look like, not a library's code.
    expect(await challenge({ authorization: 'Bearer not.a.jwt' })).toEqual({
      status: 401,
      header: `${realm}, error="invalid_token", error_description="the token is not a JWT the shop can read: it must be three base64url parts (a JSON header, JSON claims and a signature) joined by dots, exactly as the token endpoint or the sign-in gave it"`,
    });
    const client = await addClient('Label printer', 'read');
    const token = await tokenOf(client);
    // A read client's write: the scope it lacks.
    expect(await challenge({ authorization: `Bearer ${token}` }, 'PUT', '?isOpen=false')).toEqual({
      status: 403,
      header: `${realm}, error="insufficient_scope", error_description="this client has the read scope", scope="write"`,
    });
    await integrations(['revoke', client.clientId]);
    expect(await challenge({ authorization: `Bearer ${token}` })).toEqual({
      status: 401,
      header: `${realm}, error="invalid_token", error_description="the integration client behind this token was revoked"`,
    });
  });

  it('is managed by staff over REST: add shows the secret once, list never, revoke stops it', async () => {
    const staff = await staffToken(server, OWNER);
    const added = await rest<{ client: { clientId: string; createdBy: string }; clientSecret: string }>(
      server.url,
      'POST',
      '/api/v1/Integrations/AddIntegrationClient',
      { token: staff, body: { name: 'From the admin area', scope: 'read' } },
    );
    expect(added.status).toBe(200);
    expect(added.body.data.client.createdBy).toBe('Olive Owner');
    const token = await tokenOf({
      clientId: added.body.data.client.clientId,
      clientSecret: added.body.data.clientSecret,
    });

    const listed = await rest<unknown[]>(server.url, 'GET', '/api/v1/Integrations/GetIntegrationClients', {
      token: staff,
    });
    expect(listed.status).toBe(200);
    const text = JSON.stringify(listed.body.data);
    expect(text).toContain(added.body.data.client.clientId);
    expect(text).not.toContain(added.body.data.clientSecret);
    expect(text).not.toMatch(/secret/i);

    const revoked = await rest<{ revokedBy: string }>(
      server.url,
      'PUT',
      '/api/v1/Integrations/RevokeIntegrationClient',
      {
        token: staff,
        body: { clientId: added.body.data.client.clientId },
      },
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revokedBy).toBe('Olive Owner');
    expect((await rest(server.url, 'GET', '/api/v1/Orders/GetAllOrders', { token })).status).toBe(401);
  });

  it('answers a person-readable 400 for a bad name, scope or client id', async () => {
    const staff = await staffToken(server, OWNER);
    const noName = await rest(server.url, 'POST', '/api/v1/Integrations/AddIntegrationClient', {
      token: staff,
      body: { name: '  ', scope: 'admin' },
    });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain('Give the integration a name');
    expect(noName.body.message).toContain('Choose the scope');
    const badId = await rest(server.url, 'PUT', '/api/v1/Integrations/RevokeIntegrationClient', {
      token: staff,
      body: { clientId: 'nursery-shop' },
    });
    expect(badId.status).toBe(400);
    const unknown = await integrations(['revoke', 'int_AAAAAAAAAAAAAAAAAAAA']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('There is no integration client int_AAAAAAAAAAAAAAAAAAAA');
    const cli = await integrations(['add', 'X', '--scope', 'admin']);
    expect(cli.code).toBe(1);
    expect(cli.err).toContain('Choose the scope');
  });

  it('refuses to make a client while an external provider signs staff in, saying what to do instead', async () => {
    const external = await integrations(['add', 'Export', '--scope', 'read'], {
      OIDC_ISSUER: 'https://login.example.com/',
      STAFF_ROLE_CLAIM: 'roles:staff',
    });
    expect(external.code).toBe(1);
    expect(external.err).toContain('machine-to-machine client at your provider');
  });
});

describe("the token endpoint's failure limit", () => {
  let guarded: TestServer;
  let client: { clientId: string; clientSecret: string };
  beforeAll(async () => {
    // Behind a proxy, so each request says which client address it comes from.
    guarded = await startTestServer({ TRUST_PROXY: '1' });
    const out: string[] = [];
    const code = await runIntegrationsCommand(
      ['add', 'Bookkeeper', '--scope', 'read', '--json'],
      { DATA_DIR: guarded.dataDir },
      { out: (line) => out.push(line), err: () => {} },
    );
    expect(code).toBe(0);
    client = JSON.parse(out.join('\n')) as typeof client;
  });
  afterAll(async () => guarded?.stop());

  const from = (address: string) => ({ target: guarded, headers: { 'x-forwarded-for': address } });

  it('refuses a client id after 5 wrong secrets with 429 and Retry-After, even the right one from that address', async () => {
    const attacker = from('198.51.100.66');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await requestToken(client.clientId, `guess-${i}`, attacker)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const refused = await requestToken(client.clientId, client.clientSecret, attacker);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toMatch(/^[1-9]\d*$/);
    expect(refused.body).toMatchObject({ error: 'too_many_requests' });
    expect(String(refused.body.error_description)).toMatch(
      /^Too many failed token requests \(a wrong client id or secret\)\. Please wait \d+ minutes? and try again\.$/,
    );

    // The integration itself, at its own address, is slowed down while its id is under attack, never locked out.
    let own = await requestToken(client.clientId, client.clientSecret, from('192.0.2.10'));
    if (own.status === 429) {
      expect(Number(own.retryAfter)).toBeLessThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, Number(own.retryAfter) * 1000));
      own = await requestToken(client.clientId, client.clientSecret, from('192.0.2.10'));
    }
    expect(own.status).toBe(200);
  });

  it('refuses an address after 20 failures across client ids, counting an IPv6 client by its /64', async () => {
    for (let i = 1; i <= 20; i++) {
      const answer = await requestToken(`no-such-client-${i}`, 'guess', from(`2001:db8:5:1::${i}`));
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe('invalid_client');
    }
    const sameHome = await requestToken('no-such-client-x', 'guess', from('2001:db8:5:1:dead:beef:0:1'));
    expect(sameHome.status).toBe(429);
    expect(sameHome.retryAfter).toMatch(/^[1-9]\d*$/);
    expect((await requestToken('no-such-client-x', 'guess', from('2001:db8:5:2::1'))).status).toBe(401);
  });
});

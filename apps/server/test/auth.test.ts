import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appRouter, createShop, loadConfig, PUBLIC_PROCEDURES, restRoutes } from '@nursery/api';
import {
  countStaffAccounts,
  createStaffAccount,
  findStaffAccountByEmail,
  listStaffAccounts,
  resetStaffPassword,
} from '@nursery/api/staff';
import { DATABASE_FILE_NAME, openDatabase } from '@nursery/db';
import { FORBIDDEN, UNAUTHORIZED_NO_TOKEN, unauthorizedToken } from '@nursery/domain';
import Fastify from 'fastify';
import { decodeJwt, generateKeyPair, importJWK, type JWK, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAuth } from '../src/auth/index.ts';
import { OIDC_KEYS_FILE_NAME } from '../src/auth/keys.ts';
import { EXPIRED_SIGN_IN, WRONG_SIGN_IN } from '../src/auth/provider.ts';
import { beginSignIn, signInWithPassword } from '../src/auth/signInFlow.ts';
import { runStaffCommand } from '../src/cli/staff.ts';
import { nonStaffToken, rest, staffToken, startTestServer, type TestServer } from '../src/testing.ts';
import { signedInShop } from './support/shop.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  // Signed in from Vite's dev server too, as under `pnpm dev` (the tests of its origins below).
  ({ server, token } = await signedInShop(
    { DEV_APP_ORIGINS: 'http://localhost:5173,http://127.0.0.1:5173' },
    {},
    { email: 'ada@example.com', name: 'Ada Gardener' },
  ));
});
afterAll(async () => server?.stop());

interface Answer {
  status: number;
  body: { result?: { data?: unknown }; error?: { message?: string } };
}

/** Reads the whole answer, so no connection is left busy when a server stops. */
async function answerOf(response: Promise<Response>): Promise<Answer> {
  const done = await response;
  const text = await done.text();
  return { status: done.status, body: text ? JSON.parse(text) : {} };
}

function trpcGet(pathName: string, bearer?: string, target: TestServer = server): Promise<Answer> {
  return answerOf(
    fetch(`${target.url}/trpc/${pathName}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} }),
  );
}

function trpcError(answer: Answer): string {
  return answer.body.error?.message ?? '';
}

/** The provider's real signing key, to forge tokens that differ from a genuine one in one respect only. */
/** A browser at `origin` exchanging a (made-up) sign-in code at the provider's token endpoint. */
function codeExchangeFrom(target: TestServer, origin: string): Promise<Response> {
  return fetch(`${target.config.oidc.issuer}/token`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: 'x',
      client_id: target.config.oidc.clientId,
    }),
  });
}

/** The start of a sign-in from the Vite dev server: the authorization request with its redirect address. */
function signInFromDevServer(target: TestServer): Promise<Response> {
  const url = new URL(`${target.config.oidc.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: target.config.oidc.clientId,
    response_type: 'code',
    scope: 'openid',
    redirect_uri: 'http://localhost:5173/Admin',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'abc',
  }).toString();
  return fetch(url, { redirect: 'manual' });
}

async function providerKey() {
  const file = JSON.parse(readFileSync(path.join(server.dataDir, OIDC_KEYS_FILE_NAME), 'utf8')) as {
    signingKeys: JWK[];
  };
  const jwk = file.signingKeys[0] as JWK;
  return { key: await importJWK(jwk, 'RS256'), kid: jwk.kid as string };
}

async function forge(
  claims: Record<string, unknown>,
  options: { issuer?: string; audience?: string; exp?: number; nbf?: number; subject?: string } = {},
): Promise<string> {
  const { key, kid } = await providerKey();
  const account = findStaffAccountByEmail(server.shop.db, 'ada@example.com');
  const now = Math.floor(Date.now() / 1000);
  // A genuine token names the sign-in (grant) it belongs to; the forgery copies Ada's and differs in one respect.
  const { gid } = decodeJwt(token);
  const jwt = new SignJWT({ email: 'ada@example.com', gid, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
    .setIssuer(options.issuer ?? server.config.oidc.issuer)
    .setAudience(options.audience ?? server.config.oidc.audience)
    .setSubject(options.subject ?? String(account?.staffId))
    .setIssuedAt(now - 10)
    .setExpirationTime(options.exp ?? now + 600);
  if (options.nbf !== undefined) jwt.setNotBefore(options.nbf);
  return jwt.sign(key);
}

describe('genuine tokens from the embedded provider', () => {
  it('let staff call an admin tRPC procedure and see who they are', async () => {
    const me = await trpcGet('staff.me', token);
    expect(me.status).toBe(200);
    expect(me.body.result?.data).toMatchObject({ email: 'ada@example.com', name: 'Ada Gardener' });

    const list = await trpcGet('staff.list', token);
    expect(list.status).toBe(200);
    const accounts = list.body.result?.data as Array<{ email: string }>;
    expect(accounts.map((a) => a.email)).toContain('ada@example.com');
    expect(JSON.stringify(accounts)).not.toContain('scrypt');
  });

  it('let staff call an admin REST path', async () => {
    const route = restRoutes.find(
      (r) =>
        r.method === 'GET' &&
        r.input === 'none' &&
        r.respond !== 'file' &&
        !PUBLIC_PROCEDURES.has(r.procedure),
    );
    // A JSON answer in the envelope (a file download, such as the catalogue spreadsheet, has none).
    expect(route, 'an admin GET path without input').toBeDefined();
    if (!route) return;
    const answer = await rest(server.url, route.method, route.path, { token });
    expect(answer.status, `${route.method} ${route.path}`).toBe(200);
    expect(answer.body.success).toBe(true);
  });

  it('carry RS256, the issuer, the audience, e-mail and name', async () => {
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>);
    expect(header?.alg).toBe('RS256');
    expect(payload).toMatchObject({
      iss: server.config.oidc.issuer,
      aud: server.config.oidc.audience,
      email: 'ada@example.com',
      name: 'Ada Gardener',
    });
  });

  it('publish discovery and keys at the issuer', async () => {
    const discovery = (await (
      await fetch(`${server.config.oidc.issuer}/.well-known/openid-configuration`)
    ).json()) as {
      issuer: string;
      jwks_uri: string;
      code_challenge_methods_supported: string[];
      end_session_endpoint: string;
    };
    expect(discovery.issuer).toBe(server.config.oidc.issuer);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.end_session_endpoint).toBe(`${server.config.oidc.issuer}/session/end`);
    const jwks = (await (await fetch(discovery.jwks_uri)).json()) as { keys: JWK[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('keep the signing keys in the data folder, readable by the shop only', () => {
    const mode = statSync(path.join(server.dataDir, OIDC_KEYS_FILE_NAME)).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it("allow the Vite dev server's origin on a local shop, and no other origin", async () => {
    const preflight = (origin: string) =>
      fetch(`${server.config.oidc.issuer}/token`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      }).then(async (answer) => {
        await answer.text();
        return answer.headers.get('access-control-allow-origin');
      });
    expect(await preflight('http://localhost:5173')).toBe('http://localhost:5173');
    const evil = await codeExchangeFrom(server, 'https://evil.example');
    expect(evil.status).toBe(400);
    expect(await evil.text()).toContain('not allowed');
    const answer = await signInFromDevServer(server);
    await answer.text();
    expect(answer.headers.get('location')).toMatch(/^\/oidc\/interaction\//);
  });

  it('refuse an authorization request without PKCE', async () => {
    const url = new URL(`${server.config.oidc.issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: server.config.oidc.clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${server.config.publicUrl}/Admin`,
      state: 'abc',
    }).toString();
    const answer = await fetch(url, { redirect: 'manual' });
    await answer.text();
    const location = answer.headers.get('location') ?? '';
    expect(location).toContain('error=invalid_request');
    expect(decodeURIComponent(location)).toContain('PKCE');
  });
});

describe('forged and spoiled tokens', () => {
  it('accept a forged-looking token only when everything is right (the control case)', async () => {
    expect((await trpcGet('staff.me', await forge({}))).status).toBe(200);
  });

  it('allow 60 s of clock difference on expiry and not-before', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await trpcGet('staff.me', await forge({}, { exp: now - 30 }))).status).toBe(200);
    expect((await trpcGet('staff.me', await forge({}, { nbf: now + 30 }))).status).toBe(200);
  });

  const cases: Array<[string, () => Promise<string>]> = [
    ['expired', () => forge({}, { exp: Math.floor(Date.now() / 1000) - 120 })],
    ['not yet valid', () => forge({}, { nbf: Math.floor(Date.now() / 1000) + 300 })],
    ['of another issuer', () => forge({}, { issuer: 'https://evil.example/oidc' })],
    ['for another audience', () => forge({}, { audience: 'https://other.example/api' })],
    [
      'signed with HS256',
      async () => {
        const { kid } = await providerKey();
        return new SignJWT({ email: 'ada@example.com' })
          .setProtectedHeader({ alg: 'HS256', kid })
          .setIssuer(server.config.oidc.issuer)
          .setAudience(server.config.oidc.audience)
          .setSubject('1')
          .setExpirationTime('10m')
          .sign(new TextEncoder().encode('a shared secret an attacker might guess'));
      },
    ],
    [
      "with alg 'none'",
      async () =>
        new UnsecuredJWT({ email: 'ada@example.com' })
          .setIssuer(server.config.oidc.issuer)
          .setAudience(server.config.oidc.audience)
          .setSubject('1')
          .setExpirationTime('10m')
          .encode(),
    ],
    [
      'with a tampered payload',
      async () => {
        const [header, payload, signature] = token.split('.');
        const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<
          string,
          unknown
        >;
        claims.exp = Number(claims.exp) + 86_400;
        return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
      },
    ],
    [
      'with a tampered signature',
      async () => {
        const [header, payload, signature = ''] = token.split('.');
        const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
        return [header, payload, flipped].join('.');
      },
    ],
    [
      'signed by an unknown key',
      async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return new SignJWT({ email: 'ada@example.com' })
          .setProtectedHeader({ alg: 'RS256', kid: 'someone-else' })
          .setIssuer(server.config.oidc.issuer)
          .setAudience(server.config.oidc.audience)
          .setSubject('1')
          .setExpirationTime('10m')
          .sign(privateKey);
      },
    ],
    [
      "signed by another key under the provider's key id",
      async () => {
        const { kid } = await providerKey();
        const { privateKey } = await generateKeyPair('RS256');
        return new SignJWT({ email: 'ada@example.com' })
          .setProtectedHeader({ alg: 'RS256', kid })
          .setIssuer(server.config.oidc.issuer)
          .setAudience(server.config.oidc.audience)
          .setSubject('1')
          .setExpirationTime('10m')
          .sign(privateKey);
      },
    ],
    ['that is not a JWT at all', async () => 'not-a-token'],
    // Shaped like a JWT (three dot-separated parts) but none of them base64url JSON.
    ['that only looks like a JWT', async () => 'aaa.bbb.ccc'],
  ];

  // What the refusal says is wrong with each, in the message and in WWW-Authenticate's error_description.
  const reasons: Record<string, string> = {
    expired: 'token expired',
    'not yet valid': 'token claim nbf is not valid',
    'of another issuer': 'token claim iss is not valid',
    'for another audience': 'token claim aud is not valid',
    'signed with HS256': 'token algorithm not allowed',
    "with alg 'none'": 'token algorithm not allowed',
    'with a tampered payload': 'token signature does not verify',
    'with a tampered signature': 'token signature does not verify',
    'signed by an unknown key': 'token signed by an unknown key',
    "signed by another key under the provider's key id": 'token signature does not verify',
    'that is not a JWT at all': 'the Authorization header is not a bearer token',
    'that only looks like a JWT':
      'the token is not a JWT the shop can read: it must be three base64url parts (a JSON header, JSON claims and a signature) joined by dots, exactly as the token endpoint or the sign-in gave it',
  };

  for (const [name, make] of cases) {
    it(`refuse a token ${name} with 401 on tRPC and REST`, async () => {
      const bad = await make();
      const reason = reasons[name];
      expect(reason, name).toBeDefined();
      const message = unauthorizedToken(reason ?? '');
      const viaTrpc = await trpcGet('staff.list', bad);
      expect(viaTrpc.status).toBe(401);
      expect(trpcError(viaTrpc)).toBe(message);
      const route = restRoutes.find((r) => !PUBLIC_PROCEDURES.has(r.procedure));
      if (route) {
        const viaRest = await rest(server.url, route.method, route.path, { token: bad });
        expect(viaRest.status).toBe(401);
        expect(viaRest.body).toEqual({ success: false, message, data: null });
      }
    });
  }

  it('refuse a non-Bearer Authorization header', async () => {
    const answer = await answerOf(
      fetch(`${server.url}/trpc/staff.list`, { headers: { authorization: `Basic ${token}` } }),
    );
    expect(answer.status).toBe(401);
  });
});

describe('who is staff', () => {
  it('answers 403 for a valid token of someone who is not staff', async () => {
    const other = await nonStaffToken(server);
    const viaTrpc = await trpcGet('staff.list', other);
    expect(viaTrpc.status).toBe(403);
    expect(trpcError(viaTrpc)).toBe(FORBIDDEN);
    for (const route of restRoutes.filter((r) => !PUBLIC_PROCEDURES.has(r.procedure))) {
      const answer = await rest(server.url, route.method, route.path, { token: other });
      expect(answer.status, `${route.method} ${route.path}`).toBe(403);
      expect(answer.body).toEqual({ success: false, message: FORBIDDEN, data: null });
    }
  });

  it('ends the staff rights of a removed account at once', async () => {
    const passing = await staffToken(server, { email: 'leaving@example.com' });
    expect((await trpcGet('staff.me', passing)).status).toBe(200);
    const code = await runStaffCommand(
      ['remove', 'leaving@example.com'],
      { DATA_DIR: server.dataDir },
      silentIo(),
    );
    expect(code).toBe(0);
    expect((await trpcGet('staff.me', passing)).status).toBe(403);
  });

  it('ends the tokens issued before a password reset at once, not an hour later', async () => {
    // A reset is what the owner does when a password leaked: a token taken with it must stop working too.
    const before = await staffToken(server, { email: 'reset.me@example.com' });
    expect((await trpcGet('staff.me', before)).status).toBe(200);
    const env = { DATA_DIR: server.dataDir };
    expect(await runStaffCommand(['reset-password', 'reset.me@example.com'], env, silentIo())).toBe(0);
    const refused = await trpcGet('staff.me', before);
    expect(refused.status).toBe(401);
    expect(trpcError(refused)).toBe(unauthorizedToken('the sign-in behind this token has ended'));
    const restRefused = await fetch(`${server.url}/api/v1/Products/GetAllProductsWithStats`, {
      headers: { authorization: `Bearer ${before}` },
    });
    expect(restRefused.status).toBe(401);

    // A token taken with the new password works, and keeps working.
    const newPassword = silentIo('the-new-secret-words\n');
    expect(
      await runStaffCommand(['reset-password', 'reset.me@example.com', '--password-stdin'], env, newPassword),
    ).toBe(0);
    const after = await signInWithPassword({
      publicUrl: server.config.publicUrl,
      clientId: server.config.oidc.clientId,
      audience: server.config.oidc.audience,
      email: 'reset.me@example.com',
      password: 'the-new-secret-words',
    });
    expect((await trpcGet('staff.me', after.accessToken)).status).toBe(200);
  });

  it('ends the tokens of a sign-in when its person signs out (another tab keeps no working token)', async () => {
    await createStaffAccount(server.shop.db, {
      email: 'two.tabs@example.com',
      password: 'two-tabs-open-here',
    });
    const browser = await beginSignIn({
      publicUrl: server.config.publicUrl,
      clientId: server.config.oidc.clientId,
      audience: server.config.oidc.audience,
    });
    const { accessToken } = await browser.finish(
      await browser.submit('two.tabs@example.com', 'two-tabs-open-here'),
    );
    expect((await trpcGet('staff.me', accessToken)).status).toBe(200);

    const asked = await fetch(
      `${server.config.oidc.issuer}/session/end?client_id=${server.config.oidc.clientId}`,
      {
        headers: { cookie: browser.cookies() },
      },
    );
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await asked.text())?.[1] ?? '';
    const confirmed = await fetch(`${server.config.oidc.issuer}/session/end/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: browser.cookies(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirmed.status).toBeLessThan(400);
    expect((await trpcGet('staff.me', accessToken)).status).toBe(401);
  });

  it('follows STAFF_EMAILS when it is set (case-insensitive)', async () => {
    const listed = await startTestServer({ STAFF_EMAILS: 'Boss@Example.com, hazel@example.com' });
    try {
      expect(
        (await trpcGet2(listed, 'staff.me', await staffToken(listed, { email: 'boss@example.com' }))).status,
      ).toBe(200);
      expect(
        (await trpcGet2(listed, 'staff.me', await staffToken(listed, { email: 'cousin@example.com' })))
          .status,
      ).toBe(403);
    } finally {
      await listed.stop();
    }
  });

  it('works with an external provider through its discovery document and JWKS', async () => {
    // The first server plays Auth0 or Keycloak for a second shop that has no provider of its own.
    const external = await startTestServer({
      OIDC_ISSUER: server.config.oidc.issuer,
      OIDC_AUDIENCE: server.config.oidc.audience,
      STAFF_EMAILS: 'ada@example.com',
    });
    try {
      expect(external.config.oidc.embedded).toBe(false);
      expect((await trpcGet2(external, 'staff.me', token)).status).toBe(200);
      const outsider = await staffToken(server, { email: 'outsider@example.com' });
      expect((await trpcGet2(external, 'staff.me', outsider)).status).toBe(403);
      expect(
        (await trpcGet2(external, 'staff.me', await forge({}, { issuer: 'https://evil.example' }))).status,
      ).toBe(401);
      // Its own /oidc is not a provider.
      expect((await answerOf(fetch(`${external.url}/oidc/.well-known/openid-configuration`))).status).toBe(
        404,
      );
    } finally {
      await external.stop();
    }
  });

  it('follows STAFF_ROLE_CLAIM for external providers', async () => {
    const external = await startTestServer({
      OIDC_ISSUER: server.config.oidc.issuer,
      OIDC_AUDIENCE: server.config.oidc.audience,
      STAFF_ROLE_CLAIM: 'https://shop.example/roles:staff',
    });
    try {
      const withRole = await forge({ 'https://shop.example/roles': ['viewer', 'staff'] });
      const withoutRole = await forge({ 'https://shop.example/roles': ['viewer'] });
      expect((await trpcGet2(external, 'staff.me', withRole)).status).toBe(200);
      expect((await trpcGet2(external, 'staff.me', withoutRole)).status).toBe(403);
    } finally {
      await external.stop();
    }
  });
});

function trpcGet2(target: TestServer, pathName: string, bearer: string): Promise<Answer> {
  return trpcGet(pathName, bearer, target);
}

describe('every admin call is guarded', () => {
  const adminRoutes = restRoutes.filter((r) => !PUBLIC_PROCEDURES.has(r.procedure));
  const adminProcedures = Object.entries(appRouter._def.procedures).filter(
    ([name]) => !PUBLIC_PROCEDURES.has(name),
  );

  it('has admin calls to check', () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
    expect(adminProcedures.length).toBeGreaterThan(0);
  });

  it('answers 401 with the envelope on every admin REST path without a token', async () => {
    for (const route of adminRoutes) {
      const answer = await rest(server.url, route.method, route.path);
      expect(answer.status, `${route.method} ${route.path}`).toBe(401);
      expect(answer.body, `${route.method} ${route.path}`).toEqual({
        success: false,
        message: UNAUTHORIZED_NO_TOKEN,
        data: null,
      });
    }
  });

  it('answers 401 on every admin tRPC procedure without a token', async () => {
    for (const [name, procedure] of adminProcedures) {
      const type = (procedure as unknown as { _def: { type: string } })._def.type;
      const answer = await answerOf(
        type === 'mutation'
          ? fetch(`${server.url}/trpc/${name}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{}',
            })
          : fetch(`${server.url}/trpc/${name}`),
      );
      expect(answer.status, name).toBe(401);
      expect(trpcError(answer), name).toBe(UNAUTHORIZED_NO_TOKEN);
    }
  });

  it('lets anyone call the public procedures without a token', async () => {
    expect((await trpcGet('site.config')).status).toBe(200);
  });

  it('opens any order without its phone number for staff only (GetOrderById)', async () => {
    const order = server.shop.database.sqlite
      .prepare('select order_id as orderId from orders where deleted_at is null limit 1')
      .get() as { orderId: number } | undefined;
    expect(order, 'the demo data has orders').toBeDefined();
    if (!order) return;
    const path = `/api/v1/Orders/GetOrderById?orderId=${order.orderId}`;
    const anonymous = await rest(server.url, 'GET', path);
    expect(anonymous.status).toBe(400);
    const visitor = await rest(server.url, 'GET', path, { token: await nonStaffToken(server) });
    expect(visitor.status).toBe(400);
    const staff = await rest<{ orderId: number }>(server.url, 'GET', path, { token });
    expect(staff.status).toBe(200);
    expect(staff.body.data.orderId).toBe(order.orderId);
  });
});

describe('the sign-in page', () => {
  const begin = (target: TestServer = server) =>
    beginSignIn({
      publicUrl: target.config.publicUrl,
      clientId: target.config.oidc.clientId,
      audience: target.config.oidc.audience,
    });

  const errorOf = (html: string) => /<p class="error"[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? '';

  it('has labelled fields and no script', async () => {
    const pending = await begin();
    expect(pending.page).toContain('<label for="email">E-mail</label>');
    expect(pending.page).toContain('<label for="password">Password</label>');
    expect(pending.page).not.toContain('<script');
    const answer = await fetch(pending.interactionUrl);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(EXPIRED_SIGN_IN);
  });

  it('answers a mangled sign-in address (an id too long to be one) as an expired sign-in, never a 500', async () => {
    const uid = 'a'.repeat(150);
    for (const step of ['', '/login', '/password']) {
      const answer = await fetch(`${server.config.oidc.issuer}/interaction/${uid}${step}`, {
        method: step ? 'POST' : 'GET',
        ...(step ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' } : {}),
      });
      expect(answer.status, step).toBe(400);
      expect(await answer.text(), step).toContain(EXPIRED_SIGN_IN);
    }
  });

  it("lets the form's redirect reach every address the admin app may run at (Chromium checks form-action on redirects)", async () => {
    // A local shop also serves the admin app from Vite's dev server; without its origin in form-action,
    // Chromium refused the sign-in's final redirect to http://localhost:5173/Admin?code=... under `pnpm dev`.
    const answer = await (await begin()).submit('nobody@example.com', 'not-the-password');
    const policy = answer.headers.get('content-security-policy') ?? '';
    const formAction = /form-action ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
    expect(formAction).toContain("'self'");
    expect(formAction).toContain('http://localhost:5173');
    expect(formAction).toContain('http://127.0.0.1:5173');
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('script-src');
  });

  it('registers no dev-server origin unless DEV_APP_ORIGINS names it, even on localhost', async () => {
    const plain = await startTestServer();
    try {
      expect(new URL(plain.config.publicUrl).hostname).toMatch(/^(localhost|127\.0\.0\.1)$/);
      // The token endpoint turns away a call from that origin (the provider answers preflights for anyone and
      // checks the origin on the call itself).
      const fromDevServer = await codeExchangeFrom(plain, 'http://localhost:5173');
      expect(fromDevServer.status).toBe(400);
      expect(await fromDevServer.text()).toContain('not allowed');
      const answer = await signInFromDevServer(plain);
      // The provider refuses the unregistered redirect address instead of sending a code to it.
      expect(answer.headers.get('location') ?? '').not.toContain('localhost:5173');
      expect(answer.status).toBe(400);
    } finally {
      await plain.stop();
    }
  });

  it("lets the sign-out page's form return to the admin app on any of its addresses", async () => {
    await createStaffAccount(server.shop.db, {
      email: 'signing-out@example.com',
      password: 'time-to-go-home',
    });
    const browser = await begin();
    await browser.finish(await browser.submit('signing-out@example.com', 'time-to-go-home'));
    const answer = await fetch(
      `${server.config.oidc.issuer}/session/end?client_id=${server.config.oidc.clientId}&post_logout_redirect_uri=${encodeURIComponent('http://localhost:5173/Admin/Logout')}`,
      { headers: { cookie: browser.cookies() } },
    );
    expect(answer.status).toBe(200);
    const page = await answer.text();
    // The page submits itself through the shop's own script (the spec's logout needs no further click),
    // and keeps a button for browsers without script.
    expect(page).toContain('<script src="/oidc/assets/signout.js"></script>');
    expect(page).toContain('Sign out</button>');
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(/form-action ([^;]*)/.exec(policy)?.[1]?.split(' ')).toContain('http://localhost:5173');
    expect(/script-src ([^;]*)/.exec(policy)?.[1]).toBe("'self'");
    const script = await fetch(`${server.url}/oidc/assets/signout.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain('form.submit()');
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    await createStaffAccount(server.shop.db, { email: 'known@example.com', password: 'the-right-password' });
    const wrongPassword = await (await begin()).submit('known@example.com', 'not-the-password');
    const unknownAccount = await (await begin()).submit('nobody@example.com', 'not-the-password');
    expect(wrongPassword.status).toBe(401);
    expect(unknownAccount.status).toBe(401);
    const a = await wrongPassword.text();
    const b = await unknownAccount.text();
    expect(errorOf(a)).toBe(WRONG_SIGN_IN);
    expect(errorOf(b)).toBe(WRONG_SIGN_IN);
    expect(a.replace('known@example.com', 'X').replace(/interaction\/[^/"]+/g, '')).toBe(
      b.replace('nobody@example.com', 'X').replace(/interaction\/[^/"]+/g, ''),
    );
  });

  it('limits failed attempts per account, even with the right password afterwards', async () => {
    await createStaffAccount(server.shop.db, { email: 'target@example.com', password: 'the-right-password' });
    for (let i = 0; i < 5; i++) {
      expect((await (await begin()).submit('target@example.com', `guess-${i}`)).status).toBe(401);
    }
    const locked = await (await begin()).submit('Target@Example.com', 'the-right-password');
    expect(locked.status).toBe(429);
    expect(errorOf(await locked.text())).toMatch(
      /^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    // Other accounts are not affected by one account's lock.
    const other = await begin();
    const ok = await other.submit('ada@example.com', 'wrong');
    expect(ok.status).toBe(401);
  });

  it('limits failed attempts per address', async () => {
    const fresh = await startTestServer();
    try {
      for (let i = 0; i < 20; i++) {
        expect((await (await begin(fresh)).submit(`person${i}@example.com`, 'guess')).status).toBe(401);
      }
      const blocked = await (await begin(fresh)).submit('someone-new@example.com', 'guess');
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await fresh.stop();
    }
  });
});

describe('sign-in attempts sent at once and lock-outs', () => {
  const begin = (target: TestServer) =>
    beginSignIn({
      publicUrl: target.config.publicUrl,
      clientId: target.config.oidc.clientId,
      audience: target.config.oidc.audience,
    });
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  it('counts guesses sent in parallel one by one: 60 at once get 5 checks on an account and 20 from an address', async () => {
    const fresh = await startTestServer();
    try {
      await createStaffAccount(fresh.shop.db, {
        email: 'target@example.com',
        password: 'the-right-password',
      });
      const pending = await begin(fresh);
      const oneAccount = await Promise.all(
        Array.from(
          { length: 60 },
          async (_, i) => (await pending.submit('target@example.com', `guess-${i}`)).status,
        ),
      );
      expect(count(oneAccount, 401)).toBe(5);
      expect(count(oneAccount, 429)).toBe(55);
      // The address has used 5 of its 20: 60 more guesses at once, each at a different account, get 15.
      const manyAccounts = await Promise.all(
        Array.from(
          { length: 60 },
          async (_, i) => (await pending.submit(`person${i}@example.com`, 'guess')).status,
        ),
      );
      expect(count(manyAccounts, 401)).toBe(15);
      expect(count(manyAccounts, 429)).toBe(45);
    } finally {
      await fresh.stop();
    }
  });

  it("does not lock the owner out because someone else guessed at the owner's e-mail", async () => {
    // Two clients behind a proxy: the attacker and the owner at another address.
    const fresh = await startTestServer({ TRUST_PROXY: '1', OWNER_EMAIL: 'owner@shop.example' });
    try {
      await resetStaffPassword(fresh.shop.db, 'owner@shop.example', 'the owner password');
      const attacker = { 'x-forwarded-for': '198.51.100.66' };
      const owner = { 'x-forwarded-for': '192.0.2.10' };
      const guessing = await begin(fresh);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push((await guessing.submit('owner@shop.example', `guess-${i}`, attacker)).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
      // The attacker's address stays locked out of the account, even with the right password.
      expect((await guessing.submit('owner@shop.example', 'the owner password', attacker)).status).toBe(429);

      // From the owner's address the account is slowed down (one try per 2 s while it is under attack),
      // never locked: after the pause the right password signs in.
      const ownerSignIn = await begin(fresh);
      let answer = await ownerSignIn.submit('owner@shop.example', 'the owner password', owner);
      if (answer.status === 429) {
        const errorText = /<p class="error"[^>]*>([^<]*)<\/p>/.exec(await answer.text())?.[1] ?? '';
        expect(errorText).toMatch(/^Too many sign-in attempts\. Please wait [12] seconds? and try again\.$/);
        await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after')) * 1000));
        answer = await ownerSignIn.submit('owner@shop.example', 'the owner password', owner);
      }
      expect(answer.status).toBe(303);
      const { accessToken } = await ownerSignIn.finish(answer);
      expect((await trpcGet('staff.me', accessToken, fresh)).status).toBe(200);
    } finally {
      await fresh.stop();
    }
  });
});

describe('accounts and restarts', () => {
  it('creates the owner account on the first start, whose one-time password must be replaced', async () => {
    const fresh = await startTestServer({ OWNER_EMAIL: 'Owner@Nursery.example' });
    try {
      expect(listStaffAccounts(fresh.shop.db).map((a) => a.email)).toEqual(['owner@nursery.example']);
      const { password } = await resetStaffPassword(fresh.shop.db, 'owner@nursery.example');
      const pending = await beginSignIn({
        publicUrl: fresh.config.publicUrl,
        clientId: fresh.config.oidc.clientId,
        audience: fresh.config.oidc.audience,
      });
      const asked = await pending.submit('owner@nursery.example', password);
      expect(asked.status).toBe(200);
      const page = await asked.text();
      expect(page).toContain('Choose your password');
      expect(page).toContain('<label for="newPassword">New password</label>');

      const tooShort = await pending.choosePassword('short');
      expect(tooShort.status).toBe(400);
      expect(await tooShort.text()).toContain('at least 10 characters');
      const mismatch = await pending.choosePassword('a long enough password', 'a different password');
      expect(await mismatch.text()).toContain('The two passwords do not match.');
      const same = await pending.choosePassword(password);
      expect(await same.text()).toContain('Choose a password different from the one-time password.');

      const done = await pending.finish(await pending.choosePassword('prairie smoke in june'));
      expect((await trpcGet('staff.me', done.accessToken, fresh)).status).toBe(200);
      // The one-time password is gone; the chosen one works.
      await expect(
        signInWithPassword({
          publicUrl: fresh.config.publicUrl,
          clientId: fresh.config.oidc.clientId,
          audience: fresh.config.oidc.audience,
          email: 'owner@nursery.example',
          password,
        }),
      ).rejects.toThrow('the sign-in was refused');
      const chosen = await signInWithPassword({
        publicUrl: fresh.config.publicUrl,
        clientId: fresh.config.oidc.clientId,
        audience: fresh.config.oidc.audience,
        email: 'owner@nursery.example',
        password: 'prairie smoke in june',
      });
      expect(chosen.accessToken).toBeTruthy();
    } finally {
      await fresh.stop();
    }
  });

  it('prints the first account and its one-time password once', async () => {
    const dataDir = `${server.dataDir}-announce`;
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', OWNER_EMAIL: 'first@example.com' });
    const printed: string[] = [];
    for (let start = 0; start < 2; start++) {
      const app = Fastify();
      const database = openDatabase(path.join(dataDir, DATABASE_FILE_NAME));
      const shop = createShop({ config, database, log: app.log });
      await registerAuth(app, shop, { announce: (text) => printed.push(text) });
      await app.close();
      database.close();
    }
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('first@example.com');
    expect(printed[0]).toMatch(/One-time password: +\S{23}/);
  });

  it('keeps keys, accounts and tokens across a restart', async () => {
    const first = await startTestServer({}, { dataDir: server.dataDir.replace(/$/, '-restart') });
    const dataDir = first.dataDir;
    const before = await staffToken(first);
    const port = String(first.config.port);
    await first.stop();
    const second = await startTestServer({ PORT: port }, { dataDir });
    try {
      expect(countStaffAccounts(second.shop.db)).toBe(2);
      expect((await trpcGet2(second, 'staff.me', before)).status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});

function silentIo(stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out: (text: string) => void out.push(text),
    err: (text: string) => void err.push(text),
    stdin: async () => stdin,
    output: out,
    errors: err,
  };
}

describe('pnpm staff', () => {
  it('adds, lists, resets and removes accounts on the running shop', async () => {
    const env = { DATA_DIR: server.dataDir };
    const add = silentIo('a-password-from-stdin\n');
    expect(
      await runStaffCommand(
        ['add', 'New.Hire@Example.com', '--name', 'New Hire', '--password-stdin'],
        env,
        add,
      ),
    ).toBe(0);
    expect(add.output.join('')).toContain('Added staff account new.hire@example.com (New Hire).');
    expect(add.output.join('')).not.toContain('a-password-from-stdin');

    const signedIn = await signInWithPassword({
      publicUrl: server.config.publicUrl,
      clientId: server.config.oidc.clientId,
      audience: server.config.oidc.audience,
      email: 'new.hire@example.com',
      password: 'a-password-from-stdin',
    });
    expect((await trpcGet('staff.me', signedIn.accessToken)).status).toBe(200);

    const twice = silentIo();
    expect(await runStaffCommand(['add', 'new.hire@example.com'], env, twice)).toBe(1);
    expect(twice.errors.join('')).toContain('A staff account for new.hire@example.com already exists.');

    const list = silentIo();
    expect(await runStaffCommand(['list'], env, list)).toBe(0);
    expect(list.output.join('')).toMatch(/new\.hire@example\.com\s+New Hire/);

    const reset = silentIo();
    expect(await runStaffCommand(['reset-password', 'new.hire@example.com'], env, reset)).toBe(0);
    const generated = /One-time password \(shown only now\): (\S+)/.exec(reset.output.join(''))?.[1] ?? '';
    expect(generated).toMatch(/^[\w]{5}(-[\w]{5}){3}$/);
    const again = await beginSignIn({
      publicUrl: server.config.publicUrl,
      clientId: server.config.oidc.clientId,
      audience: server.config.oidc.audience,
    });
    const asked = await again.submit('new.hire@example.com', generated);
    expect(await asked.text()).toContain('Choose your password');
    const finished = await again.finish(await again.choosePassword('my own garden password'));
    expect(finished.accessToken).toBeTruthy();

    const remove = silentIo();
    expect(await runStaffCommand(['remove', 'new.hire@example.com'], env, remove)).toBe(0);
    expect(findStaffAccountByEmail(server.shop.db, 'new.hire@example.com')).toBeUndefined();
    const missing = silentIo();
    expect(await runStaffCommand(['remove', 'new.hire@example.com'], env, missing)).toBe(1);
    expect(missing.errors.join('')).toContain('There is no staff account for new.hire@example.com.');
  });

  it('refuses a short password and a bad e-mail with a message', async () => {
    const env = { DATA_DIR: server.dataDir };
    const short = silentIo('short');
    expect(await runStaffCommand(['add', 'x@example.com', '--password-stdin'], env, short)).toBe(1);
    expect(short.errors.join('')).toContain('at least 10 characters');
    const bad = silentIo();
    expect(await runStaffCommand(['add', 'not-an-email'], env, bad)).toBe(1);
    expect(bad.errors.join('')).toContain('valid e-mail');
    const usage = silentIo();
    expect(await runStaffCommand(['remove'], env, usage)).toBe(2);
  });

  it('refuses to remove the last account, which would lock everybody out of the admin area', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nursery-last-staff-'));
    const env = { DATA_DIR: dataDir };
    const add = silentIo('only-one-gardener');
    expect(await runStaffCommand(['add', 'Only@Example.com', '--password-stdin'], env, add)).toBe(0);
    const last = silentIo();
    expect(await runStaffCommand(['remove', 'only@example.com'], env, last)).toBe(1);
    expect(last.errors.join('')).toContain(
      'only@example.com is the only staff account: without it nobody can sign in to the admin area.',
    );
    const list = silentIo();
    await runStaffCommand(['list'], env, list);
    expect(list.output.join('')).toContain('only@example.com');

    // With a second account the first may go.
    expect(await runStaffCommand(['add', 'second@example.com'], env, silentIo())).toBe(0);
    expect(await runStaffCommand(['remove', 'ONLY@example.com'], env, silentIo())).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { appRouter, PUBLIC_PROCEDURES, type RestRoute, restRoutes } from '@nursery/api';
import { FORBIDDEN, UNAUTHORIZED_NO_TOKEN, unauthorizedToken } from '@nursery/domain';
import { generateKeyPair, importJWK, type JWK, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_KEYS_FILE_NAME } from '../src/auth/keys.ts';
import { nonStaffToken, rest, type TestServer } from '../src/testing.ts';
import { changedTables, databaseFingerprint } from './support/fingerprint.ts';
import { customer, freelyOrderable, type ShownProduct, submitOrder } from './support/orders.ts';
import { rawRequest } from './support/rawRequest.ts';
import { signedInShop } from './support/shop.ts';

/**
 * What someone with a script and bad intentions tries: walking order numbers, flooding the contact form,
 * posting huge bodies, and calling staff-only paths with no token, a forged one or someone else's.
 * (Sign-in attempts are limited per account and per address: test/auth.test.ts proves it on the form.)
 */

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription' };
}
const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;
const adminRoutes = restRoutes.filter((r) => !PUBLIC_PROCEDURES.has(r.procedure));
const adminProcedures = Object.keys(procedures).filter((name) => !PUBLIC_PROCEDURES.has(name));

let server: TestServer;
let token: string;
/** The default budget (README: ORDERS_PER_CLIENT_PER_HOUR). */
const ORDERS_PER_CLIENT_PER_HOUR = 100;

beforeAll(async () => {
  // Behind a proxy the client is the X-Forwarded-For address, so one test can play several clients.
  ({ server, token } = await signedInShop(
    { DEMO_DATA: 'true', TRUST_PROXY: 'true' },
    {},
    { email: 'olive@example.com', name: 'Olive Owner' },
  ));
});
afterAll(async () => server?.stop());

const from = (address: string) => ({ 'x-forwarded-for': address });

async function inPool<T>(count: number, limit: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

describe('what is not limited per client', () => {
  it('serves 300 quick product lists and takes a burst of 100 orders from one address', async () => {
    const address = { headers: from('203.0.113.7') };
    const lists = await inPool(300, 20, async (i) =>
      i % 2 === 0
        ? (await rest(server.url, 'GET', '/api/v1/Products/GetProductsToShow', address)).status
        : (await fetch(`${server.url}/trpc/catalog.productsToShow`, address)).status,
    );
    expect(lists.filter((s) => s !== 200)).toEqual([]);

    const shown = await rest<ShownProduct[]>(server.url, 'GET', '/api/v1/Products/GetProductsToShow');
    const products = freelyOrderable(shown.body.data);
    const orders = await inPool(ORDERS_PER_CLIENT_PER_HOUR, 20, async (i) => {
      const answer = await submitOrder(
        server,
        [{ productId: (products[i % products.length] as ShownProduct).productId, quantity: 1 }],
        customer,
        address.headers,
      );
      return answer.status;
    });
    expect(orders.filter((s) => s !== 200)).toEqual([]);
  }, 90_000);
});

describe('the order budget per client', () => {
  it('answers 429 past the hourly budget from one address, over REST and tRPC, in parallel too, and leaves other clients alone', async () => {
    const budget = server.shop.limiters.orders.perHour;
    expect(budget).toBe(ORDERS_PER_CLIENT_PER_HOUR);
    const productId = await anyOrderableProduct();
    const order = { ...customer, orderProductXrefs: [{ productId, quantity: 1 }] };
    const script = from('198.51.100.40');
    const ordersBefore = (
      server.shop.database.sqlite.prepare('select count(*) as n from orders').get() as { n: number }
    ).n;
    // Sent all at once, so a budget checked after the order was written would let them all through.
    const statuses = await inPool(budget + 30, 30, async (i) =>
      i % 2 === 0
        ? (await submitOrder(server, order.orderProductXrefs, customer, script)).status
        : (
            await fetch(`${server.url}/trpc/orders.submit`, {
              method: 'POST',
              headers: { ...script, 'content-type': 'application/json' },
              body: JSON.stringify(order),
            })
          ).status,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(budget);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const ordersAfter = (
      server.shop.database.sqlite.prepare('select count(*) as n from orders').get() as { n: number }
    ).n;
    expect(ordersAfter - ordersBefore).toBe(budget);

    const refused = await submitOrder(server, order.orderProductXrefs, customer, script);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, data: null });
    expect(refused.body.message).toMatch(
      /^Too many orders from your connection: 100 an hour is the most we take online\. Please wait \d+ minutes?, or call us to place a larger order\.$/,
    );
    const refusedRaw = await fetch(`${server.url}/api/v1/Orders/Submit`, {
      method: 'POST',
      headers: { ...script, 'content-type': 'application/json' },
      body: JSON.stringify(order),
    });
    expect(refusedRaw.status).toBe(429);
    const wait = Number(refusedRaw.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(60);
    expect(wait).toBeLessThanOrEqual(3600);
    const neighbour = await submitOrder(server, order.orderProductXrefs, customer, from('198.51.100.41'));
    expect(neighbour.status).toBe(200);
  }, 90_000);
});

describe('tRPC batches', () => {
  it('refuses a batch of more than 10 procedures before any runs, and takes one of 10', async () => {
    const productId = await anyOrderableProduct();
    const order = { ...customer, orderProductXrefs: [{ productId, quantity: 1 }] };
    const count = () =>
      (server.shop.database.sqlite.prepare('select count(*) as n from orders').get() as { n: number }).n;
    const before = count();
    const batchOf = (n: number) =>
      fetch(`${server.url}/trpc/${Array.from({ length: n }, () => 'orders.submit').join(',')}?batch=1`, {
        method: 'POST',
        headers: { ...from('198.51.100.50'), 'content-type': 'application/json' },
        body: JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), order]))),
      });
    const refused = await batchOf(35);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { message: string; data: { code: string } } };
    expect(body.error.data.code).toBe('BAD_REQUEST');
    expect(body.error.message).toBe(
      'This request asks for 35 procedures at once; the most one request may carry is 10. Send them in several requests.',
    );
    expect((await batchOf(11)).status).toBe(400);
    expect(count()).toBe(before);

    const taken = await batchOf(10);
    expect(taken.status).toBe(200);
    expect(count()).toBe(before + 10);
    const reads = await fetch(
      `${server.url}/trpc/${Array.from({ length: 10 }, () => 'site.config').join(',')}?batch=1&input=${encodeURIComponent('{}')}`,
    );
    expect(reads.status).toBe(200);
  });
});

describe('caching of tRPC answers', () => {
  it("says no-store on a public procedure's answer to a signed-in caller, which holds what visitors never see", async () => {
    const staff = await fetch(`${server.url}/trpc/settings.all`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('cache-control')).toBe('no-store');
    // A visitor's answer is left as it was.
    const visitor = await fetch(`${server.url}/trpc/settings.all`);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('order lookups', () => {
  it('answers 429 past the limit a minute from one client, over REST and tRPC alike, and leaves other clients alone', async () => {
    const ORDER_LOOKUPS_PER_MINUTE = server.shop.limiters.orderLookup.points;
    expect(ORDER_LOOKUPS_PER_MINUTE).toBe(20);
    const walker = from('198.51.100.20');
    const lookups: number[] = [];
    for (let id = 1; id <= ORDER_LOOKUPS_PER_MINUTE; id++) {
      // Half over each API: the limit counts the client, not the door it came in by.
      const status =
        id % 2 === 0
          ? (
              await rest(
                server.url,
                'GET',
                `/api/v1/Orders/GetOrderById?orderId=${id}&phoneNumber=5550000000`,
                { headers: walker },
              )
            ).status
          : (
              await fetch(
                `${server.url}/trpc/orders.byId?input=${encodeURIComponent(JSON.stringify({ orderId: id, phoneNumber: '5550000000' }))}`,
                { headers: walker },
              )
            ).status;
      lookups.push(status);
    }
    expect(lookups.every((s) => s === 404)).toBe(true);

    const refused = await rest(
      server.url,
      'GET',
      '/api/v1/Orders/GetOrderById?orderId=1&phoneNumber=5550000000',
      {
        headers: walker,
      },
    );
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, data: null });
    expect(refused.body.message).toMatch(
      /^Too many order lookups from your connection\. Please wait \d+ seconds? and try again\.$/,
    );
    const viaTrpc = await fetch(
      `${server.url}/trpc/orders.byId?input=${encodeURIComponent(JSON.stringify({ orderId: 1, phoneNumber: '5550000000' }))}`,
      { headers: walker },
    );
    expect(viaTrpc.status).toBe(429);
    // Programs read the wait from Retry-After, as people read it in the message (neither transport sent it).
    expect(Number(viaTrpc.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const refusedRaw = await fetch(
      `${server.url}/api/v1/Orders/GetOrderById?orderId=1&phoneNumber=5550000000`,
      {
        headers: walker,
      },
    );
    expect(refusedRaw.status).toBe(429);
    const wait = Number(refusedRaw.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);

    // Another customer at another address still finds an order.
    const placed = await submitOrder(
      server,
      [{ productId: await anyOrderableProduct(), quantity: 1 }],
      customer,
      from('198.51.100.21'),
    );
    expect(placed.status).toBe(200);
    const found = await rest(
      server.url,
      'GET',
      `/api/v1/Orders/GetOrderById?orderId=${placed.body.data.orderId}&phoneNumber=${encodeURIComponent(customer.phoneNumber)}`,
      { headers: from('198.51.100.21') },
    );
    expect(found.status).toBe(200);
    // Staff open any order without the phone number and without counting against any limit.
    const staff = await rest(
      server.url,
      'GET',
      `/api/v1/Orders/GetOrderById?orderId=${placed.body.data.orderId}`,
      {
        headers: walker,
        token,
      },
    );
    expect(staff.status).toBe(200);
  });
});

async function anyOrderableProduct(): Promise<number> {
  const shown = await rest<ShownProduct[]>(server.url, 'GET', '/api/v1/Products/GetProductsToShow');
  return (freelyOrderable(shown.body.data)[0] as ShownProduct).productId;
}

describe('the contact form', () => {
  it('answers 429 past the limit of messages a minute from one client, keeping none of the refused', async () => {
    const CONTACT_MESSAGES_PER_MINUTE = server.shop.limiters.contact.points;
    expect(CONTACT_MESSAGES_PER_MINUTE).toBe(5);
    const flooder = from('198.51.100.30');
    const message = {
      name: 'Flood',
      email: 'flood@example.com',
      comments: 'Hello',
      loadTime: Date.now() - 30_000,
    };
    const count = () =>
      (server.shop.database.sqlite.prepare('select count(*) as n from contacts').get() as { n: number }).n;
    const before = count();
    for (let i = 0; i < CONTACT_MESSAGES_PER_MINUTE; i++) {
      const answer = await rest(server.url, 'POST', '/api/v1/Contact/InsertUserComment', {
        headers: flooder,
        body: message,
      });
      expect(answer.status).toBe(200);
    }
    for (let i = 0; i < 3; i++) {
      const refused = await rest(server.url, 'POST', '/api/v1/Contact/InsertUserComment', {
        headers: flooder,
        body: message,
      });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(
        /^Too many messages from your connection\. Please wait \d+ seconds? and try again\.$/,
      );
      const viaTrpc = await fetch(`${server.url}/trpc/contacts.insert`, {
        method: 'POST',
        headers: { ...flooder, 'content-type': 'application/json' },
        body: JSON.stringify(message),
      });
      expect(viaTrpc.status).toBe(429);
    }
    expect(count()).toBe(before + CONTACT_MESSAGES_PER_MINUTE);
    const neighbour = await rest(server.url, 'POST', '/api/v1/Contact/InsertUserComment', {
      headers: from('198.51.100.31'),
      body: { ...message, name: 'Neighbour' },
    });
    expect(neighbour.status).toBe(200);
  });
});

describe('an upload past its own cap', () => {
  let flyerOnly: TestServer;
  let flyerToken: string;
  beforeAll(async () => {
    // A small flyer cap beside the default 1 GB restore cap: the flyer route must stop at its own.
    ({ server: flyerOnly, token: flyerToken } = await signedInShop({
      DEMO_DATA: 'false',
      PDF_MAX_BYTES: '50000',
    }));
  });
  afterAll(async () => flyerOnly?.stop());

  it('is refused with 413 in the envelope while it is still being sent, not read on to the largest cap', async () => {
    const boundary = 'shop-upload-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
    const declared = 200 * 1024 * 1024;
    let written = 0;
    const answer = await rawRequest(
      `${flyerOnly.url}/api/v1/Settings/SetActivePdf`,
      {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${flyerToken}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(declared),
        },
      },
      (request) => {
        request.write(head);
        // 64 KB at a time, a little over a megabyte in all, then nothing: the other 199 MB never come.
        const chunk = Buffer.alloc(64 * 1024, 0x41);
        const send = () => {
          if (request.destroyed || written >= 1024 * 1024) return;
          written += chunk.length;
          request.write(chunk, () => setTimeout(send, 5));
        };
        send();
      },
    );
    expect(written).toBeLessThan(declared);
    expect(answer.status).toBe(413);
    const body = JSON.parse(answer.text) as { success: boolean; message: string; data: null };
    expect(body).toEqual({
      success: false,
      message: 'The flyer is larger than the 49 KB this shop accepts (PDF_MAX_BYTES). Nothing was changed.',
      data: null,
    });
  });
});

describe('oversized bodies', () => {
  let small: TestServer;
  let smallToken: string;
  beforeAll(async () => {
    // Small upload caps, so proving them costs kilobytes rather than the real 20 MB and 1 GB.
    ({ server: small, token: smallToken } = await signedInShop({
      DEMO_DATA: 'false',
      PDF_MAX_BYTES: '50000',
      RESTORE_MAX_BYTES: '80000',
      CATALOG_SHEET_MAX_BYTES: '60000',
    }));
  });
  afterAll(async () => small?.stop());

  const twoMegabytes = JSON.stringify({ comments: 'x'.repeat(2 * 1024 * 1024), products: [], emails: '' });

  it('answers 413 with the envelope on every REST path that takes a body', async () => {
    const withBody = restRoutes.filter((r) => r.input === 'body');
    expect(withBody.length).toBeGreaterThan(5);
    const before = databaseFingerprint(small.shop.database.sqlite);
    for (const route of withBody) {
      const answer = await rest(small.url, route.method, route.path, {
        body: twoMegabytes,
        token: smallToken,
      });
      expect(answer.status, `${route.method} ${route.path}`).toBe(413);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toMatch(/too large/i);
    }
    expect(changedTables(before, databaseFingerprint(small.shop.database.sqlite))).toEqual([]);
  });

  it('answers 413 with the envelope to an upload past its cap', async () => {
    const uploads = restRoutes.filter((r) => r.input === 'multipart');
    expect(uploads.map((r) => r.path)).toContain('/api/v1/Settings/SetActivePdf');
    for (const route of uploads) {
      const form = new FormData();
      const bytes = new Uint8Array(120_000).fill(0x41);
      bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
      form.set('file', new Blob([bytes], { type: 'application/pdf' }), 'big.pdf');
      const response = await fetch(`${small.url}${route.path}`, {
        method: route.method,
        headers: { authorization: `Bearer ${smallToken}` },
        body: form,
      });
      const body = (await response.json()) as { success: boolean; message: string };
      expect(response.status, `${route.method} ${route.path}: ${body.message}`).toBe(413);
      expect(body.success).toBe(false);
      expect(body.message.length).toBeGreaterThan(0);
    }
  });

  it('answers 413 on every tRPC procedure that takes a body', async () => {
    const mutations = Object.keys(procedures).filter((n) => procedures[n]?._def.type === 'mutation');
    for (const name of mutations) {
      const response = await fetch(`${small.url}/trpc/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${smallToken}` },
        body: twoMegabytes,
      });
      expect(response.status, name).toBe(413);
      // The body is refused before tRPC sees it, so the answer is the shop's envelope, as on REST.
      const body = (await response.json()) as { success: boolean; message: string; data: unknown };
      expect(body.success, name).toBe(false);
      expect(body.message, name).toMatch(/too large/i);
    }
  });
});

describe('staff-only paths', () => {
  /** The provider's real signing key, read from the data folder, for tokens wrong in one respect only. */
  async function providerKey() {
    const file = JSON.parse(readFileSync(path.join(server.dataDir, OIDC_KEYS_FILE_NAME), 'utf8')) as {
      signingKeys: JWK[];
    };
    const jwk = file.signingKeys[0] as JWK;
    return { key: await importJWK(jwk, 'RS256'), kid: jwk.kid as string };
  }

  const claims = () => ({ email: 'olive@example.com', name: 'Olive Owner' });
  const genuineSubject = () =>
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub as string;

  /** Each forged token and what the refusal says is wrong with it. */
  async function forgeries(): Promise<[string, string, string][]> {
    const { key, kid } = await providerKey();
    const { issuer, audience } = server.config.oidc;
    const sub = genuineSubject();
    const stranger = await generateKeyPair('RS256');
    return [
      [
        'signed with HS256 under the real key id',
        await new SignJWT(claims())
          .setProtectedHeader({ alg: 'HS256', kid })
          .setIssuer(issuer)
          .setAudience(audience)
          .setSubject(sub)
          .setExpirationTime('10m')
          .sign(new TextEncoder().encode('a-shared-secret-somebody-guessed!')),
        'token algorithm not allowed',
      ],
      [
        "with alg 'none'",
        new UnsecuredJWT(claims())
          .setIssuer(issuer)
          .setAudience(audience)
          .setSubject(sub)
          .setExpirationTime('10m')
          .encode(),
        'token algorithm not allowed',
      ],
      [
        'of another issuer (signed by the real key)',
        await new SignJWT(claims())
          .setProtectedHeader({ alg: 'RS256', kid })
          .setIssuer('https://evil.example/oidc')
          .setAudience(audience)
          .setSubject(sub)
          .setExpirationTime('10m')
          .sign(key),
        'token claim iss is not valid',
      ],
      [
        'signed by another RSA key under the real key id',
        await new SignJWT(claims())
          .setProtectedHeader({ alg: 'RS256', kid })
          .setIssuer(issuer)
          .setAudience(audience)
          .setSubject(sub)
          .setExpirationTime('10m')
          .sign(stranger.privateKey),
        'token signature does not verify',
      ],
    ];
  }

  async function callRest(route: RestRoute, bearer?: string) {
    const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
    let body: FormData | string | undefined;
    if (route.input === 'multipart') {
      const form = new FormData();
      form.set(
        'file',
        new Blob([new TextEncoder().encode('%PDF-1.7\n%%EOF')], { type: 'application/pdf' }),
        'x.pdf',
      );
      body = form;
    } else if (route.method !== 'GET') {
      headers['content-type'] = 'application/json';
      body = route.input === 'body' && route.path.includes('StockUpdates') ? '[]' : '{}';
    }
    const response = await fetch(`${server.url}${route.path}`, {
      method: route.method,
      headers,
      ...(body ? { body } : {}),
    });
    // Downloads (workbooks, backups) answer with the file itself; everything else with the envelope.
    const json = response.headers.get('content-type')?.includes('json') ?? false;
    return {
      status: response.status,
      body: json ? ((await response.json()) as unknown) : await response.arrayBuffer(),
    };
  }

  async function callTrpc(name: string, bearer?: string) {
    const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
    const mutation = procedures[name]?._def.type === 'mutation';
    const response = await fetch(`${server.url}/trpc/${name}`, {
      method: mutation ? 'POST' : 'GET',
      headers: mutation ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(mutation ? { body: '{}' } : {}),
    });
    const body = (await response.json()) as { error?: { message: string; data: { httpStatus: number } } };
    return { status: response.status, message: body.error?.message, result: 'result' in body };
  }

  /** A bearer value that is no token at all, and the 401 message for it or for no token. */
  const NOT_A_TOKEN = 'not-a-token';
  const refusedFor = (bearer: string | undefined) =>
    bearer === undefined
      ? UNAUTHORIZED_NO_TOKEN
      : unauthorizedToken('the Authorization header is not a bearer token');

  it('has every staff-only path and procedure in its lists', () => {
    expect(adminRoutes.length).toBeGreaterThan(20);
    expect(adminProcedures.length).toBeGreaterThan(25);
    for (const name of [
      'orders.update',
      'catalog.save',
      'settings.setMessage',
      'backup.restore',
      'staff.list',
    ])
      expect(adminProcedures).toContain(name);
  });

  it('refuses forged tokens with 401 on every staff-only REST path and tRPC procedure, changing nothing', async () => {
    const before = databaseFingerprint(server.shop.database.sqlite);
    for (const [kind, forged, reason] of await forgeries()) {
      const message = unauthorizedToken(reason);
      for (const route of adminRoutes) {
        const answer = await callRest(route, forged);
        expect(answer.status, `${kind}: ${route.method} ${route.path}`).toBe(401);
        expect(answer.body, kind).toEqual({ success: false, message, data: null });
      }
      for (const name of adminProcedures) {
        const answer = await callTrpc(name, forged);
        expect(answer.status, `${kind}: ${name}`).toBe(401);
        expect(answer.message, kind).toBe(message);
        expect(answer.result).toBe(false);
      }
    }
    expect(changedTables(before, databaseFingerprint(server.shop.database.sqlite))).toEqual([]);
  });

  it('answers 401 to a caller without a valid token before reading the body, whatever the body', async () => {
    // Fastify parsed a JSON body before the handler ran: a broken body was answered 400 with the parser's words
    // and a large one 413 (after reading up to 1 MB), to someone who may not call the path at all.
    const withBody = adminRoutes.filter((r) => r.method !== 'GET');
    expect(withBody.length).toBeGreaterThan(20);
    const before = databaseFingerprint(server.shop.database.sqlite);
    for (const route of withBody) {
      const bodies: [string, string][] = [
        ['broken JSON', '{"orderId": 1,'],
        ['2 MB of JSON', JSON.stringify({ comments: 'x'.repeat(2 * 1024 * 1024) })],
      ];
      for (const [kind, body] of bodies) {
        for (const bearer of [undefined, NOT_A_TOKEN]) {
          const response = await fetch(`${server.url}${route.path}`, {
            method: route.method,
            headers: {
              'content-type': 'application/json',
              ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
            },
            body,
          });
          expect(response.status, `${kind}, ${bearer ?? 'no token'}: ${route.method} ${route.path}`).toBe(
            401,
          );
          expect(await response.json()).toEqual({ success: false, message: refusedFor(bearer), data: null });
        }
      }
    }
    expect(changedTables(before, databaseFingerprint(server.shop.database.sqlite))).toEqual([]);
    // A staff member still hears what is wrong with the body.
    const broken = await fetch(`${server.url}/api/v1/Orders/Update`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{"orderId": 1,',
    });
    expect(broken.status).toBe(400);
  });

  it('answers 401 to a tRPC call of staff-only procedures without a valid token before reading the body', async () => {
    // The tRPC route's JSON body was parsed before tRPC's guard ran: a 2 MB body without a token was answered
    // 413 and 1 MB of it read, to someone who may not call the procedure at all.
    const mutations = adminProcedures.filter((name) => procedures[name]?._def.type === 'mutation');
    expect(mutations.length).toBeGreaterThan(20);
    const twoMegabytes = JSON.stringify({ comments: 'x'.repeat(2 * 1024 * 1024) });
    const refusal = (path: string, bearer?: string) => ({
      error: {
        message: refusedFor(bearer),
        code: -32001,
        data: { code: 'UNAUTHORIZED', httpStatus: 401, path },
      },
    });
    const post = (address: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/trpc/${address}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const before = databaseFingerprint(server.shop.database.sqlite);
    for (const name of mutations) {
      for (const [kind, body] of [
        ['broken JSON', '{"orderId": 1,'],
        ['2 MB of JSON', twoMegabytes],
      ] as const) {
        for (const bearer of [undefined, NOT_A_TOKEN]) {
          const response = await post(name, body, bearer ? { authorization: `Bearer ${bearer}` } : {});
          const label = `${kind}, ${bearer ?? 'no token'}: ${name}`;
          expect(response.status, label).toBe(401);
          expect(response.headers.get('cache-control'), label).toBe('no-store');
          expect(await response.json(), label).toEqual(refusal(name, bearer));
        }
      }
    }
    // A batch of staff-only calls: each refused, as tRPC answers a batch.
    const batch = await post('orders.update,catalog.save?batch=1', twoMegabytes);
    expect(batch.status).toBe(401);
    expect(await batch.json()).toEqual([refusal('orders.update'), refusal('catalog.save')]);
    // Someone signed in who is not staff: 403, also before the body.
    const outsider = await nonStaffToken(server, { email: 'big-body@example.com' });
    const forbidden = await post('orders.update', twoMegabytes, { authorization: `Bearer ${outsider}` });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { error: { message: string } }).error.message).toBe(FORBIDDEN);
    expect(changedTables(before, databaseFingerprint(server.shop.database.sqlite))).toEqual([]);

    // Public procedures still take a visitor's call, and a large body there is still its 413; so is a batch
    // with a public call in it, whose body is read for that call.
    for (const address of ['contacts.insert', 'orders.submit', 'contacts.insert,orders.update?batch=1']) {
      const large = await post(address, twoMegabytes);
      expect(large.status, address).toBe(413);
      expect(((await large.json()) as { message: string }).message, address).toMatch(/too large/i);
    }
    const contact = await post(
      'contacts.insert',
      JSON.stringify({
        name: 'Vera Visitor',
        email: 'vera@example.com',
        comments: 'Do you have milkweed?',
        loadTime: Date.now() - 30_000,
      }),
      from('198.51.100.40'),
    );
    expect(contact.status).toBe(200);
    // Staff still hear what is wrong with the body, from tRPC.
    const broken = await post('orders.update', '{"orderId": 1,', { authorization: `Bearer ${token}` });
    expect(broken.status).toBe(400);
  });

  it('refuses a genuine token of someone who is not staff with 403 everywhere, changing nothing', async () => {
    const outsider = await nonStaffToken(server, { email: 'visitor@example.com' });
    const before = databaseFingerprint(server.shop.database.sqlite);
    for (const route of adminRoutes) {
      const answer = await callRest(route, outsider);
      expect(answer.status, `${route.method} ${route.path}`).toBe(403);
      expect(answer.body).toEqual({ success: false, message: FORBIDDEN, data: null });
    }
    for (const name of adminProcedures) {
      const answer = await callTrpc(name, outsider);
      expect(answer.status, name).toBe(403);
      expect(answer.message).toBe(FORBIDDEN);
    }
    expect(changedTables(before, databaseFingerprint(server.shop.database.sqlite))).toEqual([]);
  });

  it('lets the genuine staff token through the same gate (the control case)', async () => {
    for (const route of adminRoutes.filter((r) => r.method === 'GET')) {
      const answer = await callRest(route, token);
      expect([401, 403], `${route.method} ${route.path}`).not.toContain(answer.status);
    }
    for (const name of adminProcedures.filter((n) => procedures[n]?._def.type === 'query')) {
      const answer = await callTrpc(name, token);
      expect([401, 403], name).not.toContain(answer.status);
    }
  });
});

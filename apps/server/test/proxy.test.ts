import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beginSignIn } from '../src/auth/signInFlow.ts';
import { freePort, startTestServer, type TestServer } from '../src/testing.ts';
import { type RunningNginx, startNginx } from './support/nginx.ts';
import { customer, freelyOrderable, type ShownProduct } from './support/orders.ts';
import { rawRequest } from './support/rawRequest.ts';

/**
 * The shop behind Debian's nginx running docs/deploy.md's recipe and TRUST_PROXY=1, as deployed. nginx
 * appends the address it saw to whatever X-Forwarded-For the client sent, so a client forging a new address
 * with every request must still be counted as the one client it is.
 */

let server: TestServer;
let nginx: RunningNginx;

beforeAll(async () => {
  const proxyPort = await freePort();
  const shopPort = await freePort();
  server = await startTestServer({
    PORT: String(shopPort),
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    TRUST_PROXY: '1',
    DEMO_DATA: 'true',
  });
  nginx = await startNginx({ upstreamPort: shopPort, port: proxyPort });
});
afterAll(async () => {
  await nginx?.stop();
  await server?.stop();
});

let forged = 0;
/** A different made-up client address on every call, as the attacker sends. */
const forgedAddress = () => ({ 'x-forwarded-for': `203.0.113.${(forged++ % 250) + 1}` });

/**
 * A request to nginx from a given loopback address (every 127.x.y.z is this machine), so nginx sees
 * several real clients; `headers` may carry what a client forges.
 */
async function fromClient(
  localAddress: string,
  method: string,
  pathAndQuery: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  const { status, text } = await rawRequest(
    `${nginx.url}${pathAndQuery}`,
    { method, localAddress, headers: options.headers ?? {} },
    (request) => request.end(options.body),
  );
  return { status, body: text };
}

const ATTACKER = '127.0.0.2';
const NEIGHBOUR = '127.0.0.3';

describe('behind nginx with TRUST_PROXY=1, a forged X-Forwarded-For per request', () => {
  it('still meets the limit on order lookups, and another real client is not counted with it', async () => {
    const lookup = (from: string, id: number, headers: Record<string, string> = {}) =>
      fromClient(from, 'GET', `/api/v1/Orders/GetOrderById?orderId=${id}&phoneNumber=5550000000`, {
        headers,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await lookup(ATTACKER, i + 1, forgedAddress())).status);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    // The shop sees nginx's own view of each client, not one address for everybody behind the proxy.
    expect((await lookup(NEIGHBOUR, 1)).status).toBe(404);
    // The attacker cannot pass for the neighbour either: naming its address is one more forgery.
    expect((await lookup(ATTACKER, 1, { 'x-forwarded-for': NEIGHBOUR })).status).toBe(429);
  });

  it('still meets the limit on contact messages', async () => {
    const message = (from: string, headers: Record<string, string>) =>
      fromClient(from, 'POST', '/api/v1/Contact/InsertUserComment', {
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Flood',
          email: 'flood@example.com',
          comments: 'Hello',
          loadTime: Date.now() - 30_000,
        }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await message(ATTACKER, forgedAddress())).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect((await message(NEIGHBOUR, {})).status).toBe(200);
  });

  it('still meets the limit on failed sign-ins, on a provider reached through the proxy', async () => {
    const pending = await beginSignIn({
      publicUrl: nginx.url,
      clientId: server.config.oidc.clientId,
      audience: server.config.oidc.audience,
    });
    const action = new URL(`${pending.interactionUrl}/login`).pathname;
    const attempt = (from: string, email: string, headers: Record<string, string> = {}) =>
      fromClient(from, 'POST', action, {
        headers: {
          ...headers,
          cookie: pending.cookies(),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ email, password: 'wrong' }).toString(),
      });
    const statuses: number[] = [];
    // A new account name every time, so only the per-address limit (20) can stop it.
    for (let i = 0; i < 24; i++) {
      statuses.push((await attempt(ATTACKER, `guess${i}@example.com`, forgedAddress())).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
    expect((await attempt(NEIGHBOUR, 'someone@example.com')).status).toBe(401);
  });
});

describe('the sign-in discovery document behind nginx', () => {
  it('names only PUBLIC_URL, whatever Host or X-Forwarded-Host the client sends', async () => {
    const answer = await fromClient(NEIGHBOUR, 'GET', '/oidc/.well-known/openid-configuration', {
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    });
    expect(answer.status).toBe(200);
    const discovery = JSON.parse(answer.body) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${nginx.url}/oidc`);
    const addresses = Object.values(discovery).filter(
      (v): v is string => typeof v === 'string' && /^https?:/.test(v),
    );
    expect(addresses.length).toBeGreaterThan(4);
    for (const address of addresses)
      expect(`${address}/`.startsWith(`${nginx.url}/oidc/`), address).toBe(true);
    expect(answer.body).not.toContain('evil.example');
  });
});

describe("the deploy recipe's rate limit on orders", () => {
  it('lets a burst of 30 orders from one client through and turns the rest away at the proxy with 429', async () => {
    const list = await fromClient('127.0.0.4', 'GET', '/api/v1/Products/GetProductsToShow');
    const [product] = freelyOrderable((JSON.parse(list.body) as { data: ShownProduct[] }).data);
    if (!product) throw new Error('the demo shop has no freely orderable product');
    const count = () =>
      (server.shop.database.sqlite.prepare('select count(*) as n from orders').get() as { n: number }).n;
    const before = count();
    const statuses = await Promise.all(
      Array.from(
        { length: 45 },
        async () =>
          (
            await fromClient('127.0.0.4', 'POST', '/api/v1/Orders/Submit', {
              headers: { 'content-type': 'application/json', ...forgedAddress() },
              body: JSON.stringify({
                ...customer,
                orderProductXrefs: [{ productId: product.productId, quantity: 1 }],
              }),
            })
          ).status,
      ),
    );
    const placed = statuses.filter((s) => s === 200).length;
    // nginx's burst of 30 past the first, give or take a request that the steady rate lets through.
    expect(placed).toBeGreaterThanOrEqual(30);
    expect(placed).toBeLessThanOrEqual(32);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45 - placed);
    expect(count() - before).toBe(placed);
    // Another client still orders.
    const other = await fromClient('127.0.0.5', 'POST', '/api/v1/Orders/Submit', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...customer,
        orderProductXrefs: [{ productId: product.productId, quantity: 1 }],
      }),
    });
    expect(other.status).toBe(200);
  });
});

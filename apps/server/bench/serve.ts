/**
 * The product-list benchmark's server, run as its own process so the load generator never shares its
 * event loop: the shop's real server (createServer, as in production) plus a plain Fastify route in the same
 * process answering the very same bytes from memory, the anchor the real routes are measured against.
 * Tells its parent (over IPC) the URL and the answer sizes once it listens.
 */
import http from 'node:http';
import { loadConfig } from '@nursery/api';
import { createServer } from '../src/createServer.ts';
import { growCatalogue } from './catalogue.ts';

const config = loadConfig(process.env);
const shop = await createServer({ config });
const products = Number(process.env.BENCH_PRODUCTS ?? '0');
if (products > 0) {
  growCatalogue(shop.shop.database.sqlite, products);
  shop.shop.catalogCache.invalidate();
}

const ANCHORED = {
  rest: '/api/v1/Products/GetProductsToShow',
  trpc: '/trpc/catalog.productsToShow',
} as const;
/** What Chromium asks for; the anchor then answers the same compressed bytes the real route sends. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';
const anchors = new Map<string, { bytes: Buffer; encoding: string | undefined }>();

shop.server.get<{ Params: { name: string } }>('/bench/anchor/:name', async (request, reply) => {
  const anchor = anchors.get(request.params.name);
  if (!anchor) return reply.status(404).send({ success: false, message: 'no such anchor', data: null });
  reply.header('content-type', 'application/json; charset=utf-8');
  if (anchor.encoding) reply.header('content-encoding', anchor.encoding).header('vary', 'accept-encoding');
  return reply.send(anchor.bytes);
});

/** The raw bytes on the wire (fetch would decompress them). */
function rawGet(url: string): Promise<{ bytes: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
          const encoding = response.headers['content-encoding'];
          resolve({
            bytes: Buffer.concat(chunks),
            encoding: typeof encoding === 'string' ? encoding : undefined,
          });
        });
      })
      .on('error', reject);
  });
}

const url = await shop.start();
for (const [name, path] of Object.entries(ANCHORED)) {
  anchors.set(name, await rawGet(`${url}${path}`));
}
// Standard output carries the request log (to a file, as on a host); the parent hears of readiness by IPC.
process.send?.({
  url,
  answers: [...anchors.values()].map((a) => `${a.bytes.length}:${a.encoding ?? 'identity'}`),
});

process.on('SIGTERM', () => {
  void shop.stop().then(() => process.exit(0));
});

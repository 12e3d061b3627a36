/**
 * The product-list benchmark's server, run as its own process so the load generator never shares its
 * event loop: the shop's real server (createServer, as in production) plus a plain Fastify route in the same
 * process answering the very same bytes from memory, the anchor the real routes are measured against.
 * Prints `READY <url>` on standard output when it listens.
 */
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
const anchors = new Map<string, Buffer>();

shop.server.get<{ Params: { name: string } }>('/bench/anchor/:name', async (request, reply) => {
  const bytes = anchors.get(request.params.name);
  if (!bytes) return reply.status(404).send({ success: false, message: 'no such anchor', data: null });
  return reply.header('content-type', 'application/json; charset=utf-8').send(bytes);
});

const url = await shop.start();
for (const [name, path] of Object.entries(ANCHORED)) {
  const res = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'identity' } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  anchors.set(name, Buffer.from(await res.arrayBuffer()));
}
process.stdout.write(`READY ${url} ${[...anchors.values()].map((b) => b.length).join(' ')}\n`);

process.on('SIGTERM', () => {
  void shop.stop().then(() => process.exit(0));
});

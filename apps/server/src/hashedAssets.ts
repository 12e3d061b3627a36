import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, type EarlyAnswer, type Encoding } from './rest/cachedAnswer.ts';

/**
 * The web build's /assets/ files (scripts and styles whose names carry their content hash), answered from
 * memory. @fastify/static stats and streams each one from disk on every request, about four times the CPU
 * of the same bytes from memory; a hashed file never changes under its name, so it is read once, with the
 * .br and .gz twins the build writes beside it, on its first request. A file that appears later (a new
 * build under a running server) is read when first asked for; a name that is not on disk is not kept.
 */
export interface HashedAssets {
  send(request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply): FastifyReply;
  /**
   * The same answer from the server's one onRequest hook, before Fastify's route lifecycle: a GET of
   * /assets/{name} without a query for a file that is there. True when it answered; anything else (HEAD, a
   * query string, a missing file and its 404) is left to the route.
   */
  answerEarly: EarlyAnswer;
}

const PREFIX = '/assets/';

interface Asset {
  readonly type: string;
  readonly etag: string;
  readonly lastModified: string;
  readonly bodies: Partial<Record<Encoding, Buffer>>;
}

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.map': 'application/json; charset=utf-8',
};

/** Vite's output names: letters, digits, dash, underscore and dots; nothing that could leave the folder. */
const ASSET_NAME = /^[\w-]+(\.[\w-]+)+$/;

const TWIN_SUFFIX: Readonly<Record<Exclude<Encoding, 'identity'>, string>> = { br: '.br', gzip: '.gz' };

export function createHashedAssets(assetsDir: string): HashedAssets {
  const assets = new Map<string, Asset>();

  function load(name: string): Asset | null {
    const known = assets.get(name);
    if (known) return known;
    const type = TYPES[path.extname(name)];
    if (!ASSET_NAME.test(name) || type === undefined) return null;
    const file = path.join(assetsDir, name);
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(file);
    } catch {
      return null;
    }
    if (!stats.isFile()) return null;
    const asset: Asset = {
      type,
      // The same weak validator @fastify/static (send) gives, so a browser's cached copy stays valid.
      etag: `W/"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}"`,
      lastModified: stats.mtime.toUTCString(),
      bodies: { identity: readFileSync(file) },
    };
    for (const encoding of ['br', 'gzip'] as const) {
      try {
        asset.bodies[encoding] = readFileSync(`${file}${TWIN_SUFFIX[encoding]}`);
      } catch {
        // Not every file has twins (the build skips files too small to gain); identity serves them.
      }
    }
    assets.set(name, asset);
    return asset;
  }

  function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset): FastifyReply {
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding')
      .header('etag', asset.etag)
      .header('last-modified', asset.lastModified)
      .type(asset.type);
    if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
    const wanted = chooseEncoding(request.headers['accept-encoding']);
    const body = asset.bodies[wanted];
    if (body && wanted !== 'identity') {
      reply.header('content-encoding', wanted);
      return reply.send(body);
    }
    return reply.send(asset.bodies.identity);
  }

  return {
    send(request, reply) {
      const asset = load(request.params['*']);
      if (!asset) {
        reply.callNotFound();
        return reply;
      }
      return sendAsset(request, reply, asset);
    },
    answerEarly(request, reply) {
      if (request.method !== 'GET' || !request.url.startsWith(PREFIX) || request.url.includes('?'))
        return false;
      const asset = load(request.url.slice(PREFIX.length));
      if (!asset) return false;
      sendAsset(request, reply, asset);
      return true;
    },
  };
}

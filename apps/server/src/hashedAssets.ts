import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FrontRead } from './frontDoor.ts';
import { chooseEncoding, type Encoding, type ReadyAnswer, sendReady } from './rest/cachedAnswer.ts';

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
   * The same answer from the front door (frontDoor.ts), before Fastify: a GET of /assets/{name} without a
   * query for a file that is there. Anything else (HEAD, a query string, a missing file and its 404) is left
   * to the route.
   */
  read: FrontRead;
}

const PREFIX = '/assets/';

interface Asset {
  readonly etag: string;
  /** Per encoding there is a file for (identity always). */
  readonly answers: Partial<Record<Encoding, ReadyAnswer>>;
  /** To a browser whose copy is current (If-None-Match). */
  readonly notModified: ReadyAnswer;
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
    const etag = `W/"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}"`;
    const headers = {
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'accept-encoding',
      // The same weak validator @fastify/static (send) gives, so a browser's cached copy stays valid.
      etag,
      'last-modified': stats.mtime.toUTCString(),
      'content-type': type,
    };
    const asset: Asset = {
      etag,
      answers: { identity: { status: 200, headers, body: readFileSync(file) } },
      notModified: { status: 304, headers, body: null },
    };
    for (const encoding of ['br', 'gzip'] as const) {
      try {
        asset.answers[encoding] = {
          status: 200,
          headers: { ...headers, 'content-encoding': encoding },
          body: readFileSync(`${file}${TWIN_SUFFIX[encoding]}`),
        };
      } catch {
        // Not every file has twins (the build skips files too small to gain); identity serves them.
      }
    }
    assets.set(name, asset);
    return asset;
  }

  function answerOf(request: IncomingMessage, asset: Asset): ReadyAnswer {
    if (request.headers['if-none-match'] === asset.etag) return asset.notModified;
    const wanted = chooseEncoding(request.headers['accept-encoding']);
    return asset.answers[wanted] ?? (asset.answers.identity as ReadyAnswer);
  }

  return {
    send(request, reply) {
      const asset = load(request.params['*']);
      if (!asset) {
        reply.callNotFound();
        return reply;
      }
      return sendReady(reply, answerOf(request.raw, asset));
    },
    read(request) {
      const url = request.url ?? '';
      if (!url.startsWith(PREFIX) || url.includes('?')) return undefined;
      const asset = load(url.slice(PREFIX.length));
      return asset ? answerOf(request, asset) : undefined;
    },
  };
}

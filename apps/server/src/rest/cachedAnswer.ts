import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { RawJson } from '@nursery/api';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * A cached answer sent from the server's one onRequest hook, before Fastify's route lifecycle (the storefront's
 * REST reads, the hashed assets): true when it answered, false to leave the request to its route.
 */
export type EarlyAnswer = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * Bytes of one cached answer in each encoding, made on first demand. Keyed by the RawJson instance, which
 * the catalogue cache replaces on every change, so a stale list can never be served and nothing is freed by hand.
 */
const bodies = new WeakMap<RawJson<unknown>, Map<string, Partial<Record<Encoding, Buffer>>>>();

/** Browsers send a handful of Accept-Encoding values: each is read once (bounded, for clients that vary it). */
const chosen = new Map<string, Encoding>();

/** The encoding to send: brotli, then gzip, when the client accepts it (a q=0 refuses it). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (acceptEncoding === undefined) return 'identity';
  let encoding = chosen.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = readAcceptEncoding(acceptEncoding);
    if (chosen.size >= 64) chosen.clear();
    chosen.set(acceptEncoding, encoding);
  }
  return encoding;
}

function readAcceptEncoding(acceptEncoding: string): Encoding {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/** The text's bytes in the encoding chooseEncoding picked (brotli at quality 5, gzip at 6). */
export function encode(text: string, encoding: Encoding): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (encoding === 'br') {
    // Quality 5: nearly the size of 11 at a fraction of the time, since the list is rebuilt after every order.
    return brotliCompressSync(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  }
  if (encoding === 'gzip') return gzipSync(bytes, { level: 6 });
  return bytes;
}

/**
 * Sends a cached answer wrapped as `head + json + tail`, compressed once per encoding instead of once per
 * request: the storefront's product list is the shop's most requested answer and does not change between
 * orders, so the work per request is a map lookup and a socket write.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: RawJson<unknown>,
  head: string,
  tail: string,
): FastifyReply {
  return sendCached(
    request,
    reply,
    answer,
    head,
    'application/json; charset=utf-8',
    () => `${head}${answer.json}${tail}`,
  );
}

/** A cached text answer (the sitemap) sent as it is, compressed once per encoding like the JSON ones. */
export function sendCachedText(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: RawJson<string>,
  contentType: string,
): FastifyReply {
  return sendCached(request, reply, answer, '', contentType, () => answer.value);
}

/** Sends one form of an answer (`form` tells its wrappings apart), its bytes made once per encoding. */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: RawJson<unknown>,
  form: string,
  contentType: string,
  text: () => string,
): FastifyReply {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  let forms = bodies.get(answer);
  if (!forms) {
    forms = new Map();
    bodies.set(answer, forms);
  }
  // By the form's own string (the callers pass the same string each time, whose hash V8 keeps with it).
  let encoded = forms.get(form);
  if (!encoded) {
    encoded = {};
    forms.set(form, encoded);
  }
  let body = encoded[encoding];
  if (!body) {
    body = encode(text(), encoding);
    encoded[encoding] = body;
  }
  reply.header('vary', 'accept-encoding').header('content-type', contentType);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}

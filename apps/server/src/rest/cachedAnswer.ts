import { promisify } from 'node:util';
import {
  type BrotliOptions,
  brotliCompress,
  brotliCompressSync,
  gzip,
  gzipSync,
  type ZlibOptions,
  constants as zlibConstants,
} from 'node:zlib';
import type { RawJson } from '@nursery/api';
import type { FastifyReply } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * An answer known whole before any request object exists: what the front door (frontDoor.ts) writes straight
 * to Node's response, and what a route sends through Fastify for the requests the front door leaves to it.
 * Header names are in lower case, as Fastify writes them; the security headers and Content-Length are added by
 * whoever sends it.
 */
export interface ReadyAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Null for an answer without a body (a 304). */
  readonly body: Buffer | null;
}

/** A ready answer, or one whose compressed bytes are still being made off the server's thread. */
export type Answering = ReadyAnswer | Promise<ReadyAnswer>;

/** Sends a ready answer through Fastify: the route's way for HEAD, a query string, a token. */
export function sendReady(reply: FastifyReply, answer: ReadyAnswer): FastifyReply;
export function sendReady(reply: FastifyReply, answer: Answering): FastifyReply | Promise<FastifyReply>;
export function sendReady(reply: FastifyReply, answer: Answering): FastifyReply | Promise<FastifyReply> {
  if (answer instanceof Promise) return answer.then((ready) => sendReady(reply, ready));
  reply.status(answer.status).headers(answer.headers);
  return answer.body === null ? reply.send() : reply.send(answer.body);
}

/**
 * The ready answers of one cached answer, per form and encoding, made on first demand. Keyed by the RawJson
 * instance, which the catalogue cache replaces on every change, so a stale list can never be served and nothing
 * is freed by hand.
 */
const readyAnswers = new WeakMap<RawJson<unknown>, Map<string, Partial<Record<Encoding, Answering>>>>();

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

/** Quality 5: nearly the size of 11 at a fraction of the time, since the list is rebuilt after every order. */
const brotliOptions = (bytes: Buffer): BrotliOptions => ({
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  },
});
const GZIP_OPTIONS: ZlibOptions = { level: 6 };

/** The text's bytes in the encoding chooseEncoding picked (brotli at quality 5, gzip at 6). */
export function encode(text: string, encoding: Encoding): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (encoding === 'br') return brotliCompressSync(bytes, brotliOptions(bytes));
  if (encoding === 'gzip') return gzipSync(bytes, GZIP_OPTIONS);
  return bytes;
}

/**
 * Above this many bytes a cached answer is compressed on libuv's thread pool instead of the server's thread:
 * the product list of 5,000 more products (4.3 MB) took brotli 19-41 ms in one go, and the first list after
 * every change made it; 256 KB took 0.9-1.5 ms on the thread and 1.1-2.1 ms through the pool (busy machine,
 * apps/server/bench/NOTES.md), so smaller answers keep the quicker way.
 */
export const COMPRESSED_OFF_THE_THREAD_BYTES = 256 * 1024;

const brotliOffTheThread = promisify(brotliCompress);
const gzipOffTheThread = promisify(gzip);

/** encode, with the compression of a large text on the thread pool. */
function encodeAnswer(text: string, encoding: Encoding): Buffer | Promise<Buffer> {
  if (encoding === 'identity' || text.length < COMPRESSED_OFF_THE_THREAD_BYTES) return encode(text, encoding);
  const bytes = Buffer.from(text, 'utf8');
  return encoding === 'br'
    ? brotliOffTheThread(bytes, brotliOptions(bytes))
    : gzipOffTheThread(bytes, GZIP_OPTIONS);
}

/** How one cached answer is sent: its wrapping and the headers that go with it. */
export interface CachedForm {
  /** Before the JSON (also what tells the forms of one answer apart). */
  readonly head: string;
  readonly tail: string;
  readonly contentType: string;
  /** Headers before Vary and Content-Type (a REST read's Cache-Control). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * A cached answer wrapped as `head + json + tail`, compressed once per encoding instead of once per request: the
 * storefront's product list is the shop's most requested answer and does not change between orders, so the work
 * per request is a map lookup and a socket write.
 */
export function cachedJsonAnswer(
  answer: RawJson<unknown>,
  form: CachedForm,
  acceptEncoding: string | undefined,
): Answering {
  return cachedAnswer(answer, form, acceptEncoding, () => `${form.head}${answer.json}${form.tail}`);
}

/** A cached text answer (the sitemap) as it is, compressed once per encoding like the JSON ones. */
export function cachedTextAnswer(
  answer: RawJson<string>,
  form: CachedForm,
  acceptEncoding: string | undefined,
): Answering {
  return cachedAnswer(answer, form, acceptEncoding, () => answer.value);
}

/**
 * One form of an answer in the encoding the client accepts, its bytes and headers made once. A large one is
 * compressed off the server's thread: the requests that come meanwhile wait for that one compression, and
 * then every later one has the bytes at once. A changed answer is a new RawJson, so a compression under way
 * for the old one only ever answers the requests that came before the change.
 */
function cachedAnswer(
  answer: RawJson<unknown>,
  form: CachedForm,
  acceptEncoding: string | undefined,
  text: () => string,
): Answering {
  const encoding = chooseEncoding(acceptEncoding);
  let forms = readyAnswers.get(answer);
  if (!forms) {
    forms = new Map();
    readyAnswers.set(answer, forms);
  }
  // By the form's own head string (the callers pass the same string each time, whose hash V8 keeps with it).
  let encoded = forms.get(form.head);
  if (!encoded) {
    encoded = {};
    forms.set(form.head, encoded);
  }
  const kept = encoded[encoding];
  if (kept) return kept;
  const headers = {
    ...form.headers,
    vary: 'accept-encoding',
    'content-type': form.contentType,
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
  };
  const body = encodeAnswer(text(), encoding);
  if (!(body instanceof Promise)) {
    const ready: ReadyAnswer = { status: 200, headers, body };
    encoded[encoding] = ready;
    return ready;
  }
  const own = encoded;
  const making = body.then(
    (bytes) => {
      const ready: ReadyAnswer = { status: 200, headers, body: bytes };
      own[encoding] = ready;
      return ready;
    },
    (error: unknown) => {
      // Tried again by the next request rather than kept as a failure.
      delete own[encoding];
      throw error;
    },
  );
  encoded[encoding] = making;
  return making;
}

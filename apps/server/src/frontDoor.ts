import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyServerOptions, RawServerDefault } from 'fastify';
import { redactedUrl } from './requestLog.ts';
import type { Answering, ReadyAnswer } from './rest/cachedAnswer.ts';
import type { SecurityHeaders } from './security.ts';

/**
 * A public read the front door may answer from what is already cached, by the request's address and headers:
 * undefined leaves the request to Fastify (and its route), which then answers it the same way or differently.
 * A promise is an answer whose compressed bytes are still being made (cachedAnswer.ts); should it fail, Fastify
 * is given the request.
 */
export type FrontRead = (request: IncomingMessage) => Answering | undefined;

/**
 * The storefront's hottest reads (the product list by REST and tRPC, the settings, /health, the hashed
 * scripts and styles) answered before Fastify sees the request. Fastify builds a request, a reply and a child
 * logger for every request, runs its hook chain and sends through its own pipeline: for an answer whose bytes
 * and headers are already made, that was most of the CPU a request cost (on 28 Nov the same br product list
 * measured 22,955-23,618 answers a second through bare Fastify and 29,387-30,615 from a plain handler in front
 * of it, on the same core, with the same pino line a request).
 *
 * Only a visitor's plain GET is taken: no token, no body, nothing Fastify would answer differently. The answer
 * carries the same security headers as every other (computed once at start) and the same log line, with
 * the request id from Fastify's own sequence (`nextRequestId`). Everything else, and everything while the
 * server stops (Fastify then answers 503), goes to Fastify untouched.
 */
export interface FrontDoor {
  /** What Fastify's `serverFactory` option is given: the HTTP server, with the front door before Fastify. */
  serverFactory: NonNullable<FastifyServerOptions['serverFactory']>;
  /** Fastify's `genReqId`: one sequence of request ids for the lines of both. */
  nextRequestId(): string;
  /** Opens the door once the shop can answer: the reads by exact path, then the ones by prefix. */
  open(options: {
    log: FastifyBaseLogger;
    reads: ReadonlyMap<string, FrontRead>;
    readsByPrefix: ReadonlyArray<readonly [prefix: string, read: FrontRead]>;
  }): void;
  /** From the start of a stop on, every request goes to Fastify. */
  close(): void;
}

export const NO_HOST =
  'The request has no Host header: HTTP/1.1 requires one, naming the site asked for (such as Host: shop.example.com).';

type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** The client's address as Fastify's `request.ip` gives it for the same trust setting. */
function clientAddress(trust: TrustProxy): (request: IncomingMessage) => string | undefined {
  if (trust === false) return (request) => request.socket.remoteAddress;
  const trusted =
    trust === true ? () => true : typeof trust === 'function' ? trust : proxyAddr.compile(trust);
  return (request) => {
    const addresses = proxyAddr.all(request, trusted);
    return addresses[addresses.length - 1];
  };
}

export function createFrontDoor(options: {
  securityHeaders: SecurityHeaders;
  trustProxy: TrustProxy;
}): FrontDoor {
  const security = Object.fromEntries(options.securityHeaders);
  const ipOf = clientAddress(options.trustProxy);
  // Fastify's own default: req-1, req-2, ... wrapping before it would lose precision.
  let requestCount = 0;
  const nextRequestId = () => {
    requestCount = (requestCount + 1) & 2147483647;
    return `req-${requestCount}`;
  };
  let log: FastifyBaseLogger | null = null;
  let reads: ReadonlyMap<string, FrontRead> = new Map();
  let readsByPrefix: ReadonlyArray<readonly [string, FrontRead]> = [];
  // The headers written for each ready answer, made once: ready answers are themselves kept per cached answer.
  const written = new WeakMap<ReadyAnswer, OutgoingHttpHeaders>();

  function headersOf(answer: ReadyAnswer): OutgoingHttpHeaders {
    let headers = written.get(answer);
    if (!headers) {
      headers = { ...security, ...answer.headers };
      if (answer.body !== null) headers['content-length'] = String(answer.body.length);
      written.set(answer, headers);
    }
    return headers;
  }

  function readFor(request: IncomingMessage): FrontRead | undefined {
    const url = request.url ?? '';
    const read = reads.get(url);
    if (read) return read;
    for (const [prefix, byPrefix] of readsByPrefix) if (url.startsWith(prefix)) return byPrefix;
    return undefined;
  }

  /** True when it answered, or will: Fastify's `handler` then answers only a ready answer that failed. */
  function answer(
    request: IncomingMessage,
    response: ServerResponse,
    handler: (request: IncomingMessage, response: ServerResponse) => void,
  ): boolean {
    if (log === null || request.method !== 'GET') return false;
    const headers = request.headers;
    // A token: staff see more, and the route checks it. A body on a GET: Fastify's rules for it apply.
    if (
      headers.authorization !== undefined ||
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined
    ) {
      return false;
    }
    const read = readFor(request);
    if (!read) return false;
    const started = performance.now();
    let ready: Answering | undefined;
    try {
      ready = read(request);
    } catch {
      // Thrown here it would be the process's (no framework around this handler): the route meets the
      // same failure and answers it, in the envelope, with its log line.
      return false;
    }
    if (!ready) return false;
    if (!(ready instanceof Promise)) {
      send(request, response, ready, started, log);
      return true;
    }
    ready.then(
      // A stop begun while the answer was being made: Fastify answers it (503), as every request from then on.
      (made) => (log === null ? handler(request, response) : send(request, response, made, started, log)),
      () => handler(request, response),
    );
    return true;
  }

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    ready: ReadyAnswer,
    started: number,
    requestLog: FastifyBaseLogger,
  ): void {
    const requestId = nextRequestId();
    // Written when the answer is out (or the client gone), as Fastify times its own line.
    response.once('close', () => {
      requestLog.info(
        {
          reqId: requestId,
          method: 'GET',
          url: redactedUrl(request.url ?? ''),
          status: ready.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          ip: ipOf(request),
        },
        'request',
      );
    });
    response.writeHead(ready.status, headersOf(ready));
    if (ready.body === null) response.end();
    else response.end(ready.body);
  }

  function refuseWithoutHost(response: ServerResponse): void {
    const body = JSON.stringify({ success: false, message: NO_HOST, data: null });
    response.writeHead(400, {
      ...security,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    });
    response.end(body);
  }

  return {
    // The server Fastify would make itself (lib/server.js for HTTP/1), with its settings.
    serverFactory: (handler, settings) => {
      // Node would answer an HTTP/1.1 request without Host with a bare 400 of its own (no security headers, no
      // words); the shop answers it instead, as it answers every request it cannot take.
      const server = http.createServer(
        { ...(settings.http ?? {}), requireHostHeader: false },
        (request, response) => {
          if (request.headers.host === undefined && request.httpVersion === '1.1') {
            refuseWithoutHost(response);
            return;
          }
          if (!answer(request, response, handler)) handler(request, response);
        },
      );
      const { keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } = settings;
      if (typeof keepAliveTimeout === 'number') server.keepAliveTimeout = keepAliveTimeout;
      if (typeof requestTimeout === 'number') server.requestTimeout = requestTimeout;
      if (typeof connectionTimeout === 'number') server.setTimeout(connectionTimeout);
      // Zero is Node's default (no limit), as Fastify treats it.
      if (typeof maxRequestsPerSocket === 'number' && maxRequestsPerSocket > 0) {
        server.maxRequestsPerSocket = maxRequestsPerSocket;
      }
      return server satisfies RawServerDefault;
    },
    nextRequestId,
    open(opened) {
      log = opened.log;
      reads = opened.reads;
      readsByPrefix = opened.readsByPrefix;
    },
    close() {
      log = null;
    },
  };
}

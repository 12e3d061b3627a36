import { existsSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  type ApiContext,
  appRouter,
  createShop,
  firstStorefrontProduct,
  type PickUpReminders,
  PUBLIC_PROCEDURES,
  procedureType,
  productsToShow,
  ReplicaMonitor,
  removeBackupLeftovers,
  restRoutes,
  retryAfterOf,
  robotsTxt,
  type Shop,
  type ShopConfig,
  type ShopError,
  sitemapXml,
  startMediaCopy,
  startOrderWriterThread,
  startPickUpReminders,
  storefrontProduct,
  TRPC_CODE_OF,
} from '@nursery/api';
import {
  checkDatabaseIntegrity,
  DATABASE_FILE_NAME,
  type DataFolderLock,
  lockDataFolder,
  openDatabase,
  seedDatabase,
} from '@nursery/db';
import { TRPC_MAX_BATCH, TRPC_PREFIX } from '@nursery/domain';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import Fastify, {
  type ConnectionError,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import pino from 'pino';
import { registerAuth } from './auth/index.ts';
import { type CachedProcedureHook, cachedProcedures } from './cachedProcedures.ts';
import { type CreateContext, contextOf, refusalsBeforeBody } from './contextBeforeBody.ts';
import { createFrontDoor, type FrontRead } from './frontDoor.ts';
import { createHashedAssets } from './hashedAssets.ts';
import { createIndexPage } from './indexPage.ts';
import { litestreamBinary, type Replicator, startReplicator } from './replicator.ts';
import { loggedUrl, noteIntegrationCall, OneLinePerRequest } from './requestLog.ts';
import { type CachedForm, cachedTextAnswer, type ReadyAnswer, sendReady } from './rest/cachedAnswer.ts';
import { errorEnvelope, JSON_BODY_LIMIT, registerRestRoutes, restPathMiss } from './rest/handler.ts';
import { buildOpenApi } from './rest/openapi.ts';
import {
  type SecurityHeaders,
  securityHeaderLines,
  securityHeaderSetter,
  securityHeaders,
} from './security.ts';
import { webManifest } from './webManifest.ts';

export interface CreateServerOptions {
  config: ShopConfig;
  /** Folder of the built web app; found beside the server when not given. */
  webRoot?: string | null;
  /** Clock override for tests that need a given season. */
  now?: () => Date;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** How long stop() lets requests in flight finish before it closes their connections (STOP_GRACE_MS). */
  stopGraceMs?: number;
}

export interface ShopServer {
  server: FastifyInstance;
  shop: Shop;
  /** The day-before pick-up reminders: an hourly pass (tests call `checkNow` with their own clock). */
  reminders: PickUpReminders;
  /** Listens on the configured host and port (0 picks a free port) and answers the base URL. */
  start(): Promise<string>;
  stop(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

function findWebRoot(): string | null {
  const candidates = [path.join(here, 'public'), path.join(here, '..', '..', 'web', 'dist')];
  return candidates.find((c) => existsSync(path.join(c, 'index.html'))) ?? null;
}

// Paths the single-page app never owns: a miss there is a real 404, never index.html. A missing /assets/ file
// (a page cached before a deploy asking for an old chunk) must fail as a script, not parse HTML as one.
const API_PREFIXES = ['/api/', '/trpc/', '/Exports/', '/media/', '/oidc/', '/health', '/assets/'];

/**
 * Node answers a request it cannot parse (headers over its limit, a broken request line, a request that
 * never finished arriving) before any route runs; Fastify's default sends {error, statusCode}. Said here in the
 * shop's envelope, with what the caller can do about it, and with the security headers of every answer.
 */
function clientErrorHandler(securityLines: string) {
  return function onClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    let status: number;
    let message: string;
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      status = 431;
      message = `The request headers are too large (the limit is ${Math.round(http.maxHeaderSize / 1024)} KB). Shorten the address or its query string, or clear this site's cookies, and try again.`;
    } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      status = 408;
      message = REQUEST_TOO_SLOW;
    } else {
      status = 400;
      message = 'The request is not valid HTTP: check the request line and headers.';
    }
    this.log.debug({ err: error }, 'client error before routing');
    answerAndClose(socket, securityLines, status, message, error);
  };
}

/** Writes an answer in the shop's envelope straight to the socket and closes it (no route will answer). */
function answerAndClose(
  socket: Socket,
  securityLines: string,
  status: number,
  message: string,
  error?: Error,
) {
  if (socket.writable) {
    const body = JSON.stringify({ success: false, message, data: null });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${securityLines}` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * What stop() gives requests in flight. A client that stopped reading a long answer (or a stalled upload,
 * within its own deadline) would otherwise hold the shutdown, and with it the database's close, until the
 * service manager kills the process.
 */
export const STOP_GRACE_MS = 10_000;

export const REQUEST_TOO_SLOW = 'The request took too long to arrive. Check the connection and try again.';
/** The headers of a request must have arrived within this time. */
const HEADERS_TIMEOUT_MS = 15_000;
/**
 * The backstop for every request, uploads included: a staff member's backup restore over a slow line may take
 * minutes, a body that has not arrived after this never will.
 */
const UPLOAD_TIMEOUT_MS = 15 * 60_000;

/**
 * A request body that trickles in (a byte every few seconds) kept its connection for minutes, and 250 of them
 * stopped the shop. Every request must have arrived whole within REQUEST_BODY_TIMEOUT_SECONDS (30 s): bodies
 * other than uploads are at most 1 MB. An upload (multipart) gets Node's longer backstop while a staff route
 * reads it; once it has been answered (401 to a visitor, 413 past the cap) the rest of it gets the same short
 * deadline. Past it the answer is 408 and the connection is closed.
 */
function slowBodyGuard(timeoutMs: number, securityLines: string) {
  return (request: FastifyRequest, reply: FastifyReply): void => {
    const raw = request.raw;
    // A request without a body (every GET the storefront sends) has nothing left to trickle in.
    const hasBody =
      raw.headers['content-length'] !== undefined || raw.headers['transfer-encoding'] !== undefined;
    if (raw.complete || !hasBody) return;
    const timer = setTimeout(() => {
      if (raw.complete || raw.socket.destroyed) return;
      if (isUpload(raw.headers['content-type']) && !reply.sent) {
        timer.refresh(); // an upload being read: asked again later, until it is answered or whole
        return;
      }
      request.log.info({ url: loggedUrl(request) }, 'request body too slow: connection closed');
      // Already answered (a 401 or 413 before the body was read): only the rest of the body is left to refuse.
      if (reply.sent) raw.socket.destroy();
      else answerAndClose(raw.socket, securityLines, 408, REQUEST_TOO_SLOW);
    }, timeoutMs);
    timer.unref();
    // Node pulls an unread body off the wire once the answer is out, but not one a parser began reading: a
    // form refused at its 21st field or an upload past its cap was left paused. The client could not finish
    // sending, so it never read the answer, and the connection was reset at the deadline above. Read on and
    // discarded instead, within that deadline, and the connection serves its next request.
    reply.raw.once('finish', () => {
      if (raw.complete || raw.destroyed) return;
      raw.unpipe();
      raw.resume();
    });
    // On the request, not its socket: a kept-alive socket carries thousands of requests, and a listener each
    // on it stayed until the connection closed (with the request and reply it held).
    raw.once('close', () => clearTimeout(timer));
    raw.once('end', () => clearTimeout(timer));
  };
}

/**
 * Aborted when the client hangs up before its answer is out: the response closes unfinished. From the response,
 * not the request, whose 'close' comes once a body has been read (long before a restore's answer).
 */
function hangUpSignal(reply: FastifyReply): AbortSignal {
  const hungUp = new AbortController();
  const response = reply.raw;
  response.once('close', () => {
    if (!response.writableFinished) hungUp.abort();
  });
  return hungUp.signal;
}

/** A multipart form (what @fastify/multipart parses): the only kind of body allowed the long backstop. */
function isUpload(contentType: string | undefined): boolean {
  return contentType !== undefined && /^multipart\/form-data(?:;|\s|$)/i.test(contentType);
}

/**
 * Fastify answers an address it cannot route (a broken %-escape: 400; a path parameter over maxParamLength:
 * 414) before any hook runs, so without this the answer would lack the security headers and the shop's envelope.
 */
function frameworkErrors(headers: SecurityHeaders) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const status = error.statusCode ?? 400;
    const message =
      status === 414
        ? 'The address is too long. Shorten it and try again.'
        : 'The address is not valid: check its %-escapes (a % must be followed by two hex digits).';
    for (const [name, value] of headers) reply.header(name, value);
    void reply.status(status).send({ success: false, message, data: null });
  };
}

/**
 * TRUST_PROXY in the form Fastify takes. Fastify 5 answers a bare hop count by trusting nothing (so behind
 * nginx every customer would share nginx's address and one limit); the count is said here as the function
 * proxy-addr calls for each hop from the socket inward: the socket and the next hops-1 entries are proxies,
 * the entry after them is the client, and whatever the client wrote further left is never read.
 */
export function trustedProxies(
  setting: ShopConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (_address, hop) => hop < hops;
}

/**
 * A tRPC batch of more than TRPC_MAX_BATCH procedures is refused before any of them runs, in tRPC's own error
 * shape, with a message that says what to do: one request placed 35 orders, and a batch costs one request of
 * every per-request defence.
 */
function refuseLongBatch(request: FastifyRequest, reply: FastifyReply): boolean {
  const procedures = batchLength(request.url);
  if (procedures <= TRPC_MAX_BATCH) return false;
  const message = `This request asks for ${procedures} procedures at once; the most one request may carry is ${TRPC_MAX_BATCH}. Send them in several requests.`;
  void reply
    .status(400)
    .header('cache-control', 'no-store')
    .send({ error: { message, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } } });
  return true;
}

/** How many procedures a tRPC batch request (a /trpc/ address) names (0 when it is not a batch). */
function batchLength(url: string): number {
  const query = url.indexOf('?');
  if (query < 0 || !/(?:^|&)batch=1(?:&|$)/.test(url.slice(query + 1))) return 0;
  return url.slice('/trpc/'.length, query).split(',').length;
}

/**
 * The procedures a tRPC call with a body names when every one of them is staff-only, else null (a public
 * procedure in it, an unknown name, tRPC answers as it does). The adapter's route has routed it: its `path`
 * parameter is decoded, and `?batch=1` makes it a comma-separated list, as tRPC reads them.
 */
function staffOnlyProcedures(request: FastifyRequest): string[] | null {
  const path = (request.params as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string') return null;
  const batch = (request.query as { batch?: unknown } | undefined)?.batch === '1';
  const procedures = batch ? path.split(',') : [path];
  const staffOnly = procedures.every((p) => procedureType(p) !== undefined && !PUBLIC_PROCEDURES.has(p));
  return staffOnly ? procedures : null;
}

/**
 * A tRPC call with a body (a mutation) to staff-only procedures is refused before its body is read, as a
 * staff-only REST path is (contextBeforeBody.ts): without a token a 2 MB body was answered 413 and a broken one
 * 400, not 401. The refusal is sent in tRPC's own shape (the guard's, trpc.ts), one per procedure of a batch;
 * tRPC's createContext reuses the context otherwise. A failure to resolve the caller is left to tRPC.
 */
function trpcRefusalBeforeBody(createContext: CreateContext) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const procedures = staffOnlyProcedures(request);
    if (!procedures) {
      done();
      return;
    }
    refusalsBeforeBody(request, reply, createContext, procedures).then(
      (refusals) => {
        if (refusals) sendTrpcRefusals(request, reply, procedures, refusals);
        done();
      },
      () => done(),
    );
  };
}

function sendTrpcRefusals(
  request: FastifyRequest,
  reply: FastifyReply,
  procedures: readonly string[],
  refusals: readonly ShopError[],
): void {
  const answers = refusals.map((refusal, i) => {
    const code = TRPC_CODE_OF[refusal.kind];
    return {
      error: {
        message: refusal.message,
        code: TRPC_ERROR_CODES_BY_KEY[code],
        data: { code, httpStatus: refusal.status, path: procedures[i] },
      },
    };
  });
  const statuses = new Set(refusals.map((refusal) => refusal.status));
  // As tRPC answers a batch: its calls' status when they share one, else 207 Multi-Status.
  const status = statuses.size === 1 ? (refusals[0]?.status ?? 401) : 207;
  const batch = (request.query as { batch?: unknown } | undefined)?.batch === '1';
  void reply
    .status(status)
    .header('cache-control', 'no-store')
    .send(batch ? answers : answers[0]);
}

export async function createServer(options: CreateServerOptions): Promise<ShopServer> {
  const { config } = options;
  // Before anything reads or writes the data folder: a second shop on it stops here with a message.
  const lock = lockDataFolder(config.dataDir, 'this shop');
  try {
    return await createServerHoldingLock(options, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function createServerHoldingLock(
  options: CreateServerOptions,
  lock: DataFolderLock,
): Promise<ShopServer> {
  const { config } = options;
  // Worked out once: nothing in them depends on the request.
  const headers = securityHeaders(config);
  const setSecurityHeaders = securityHeaderSetter(headers);
  // The log is written on pino's asynchronous destination: a line a request is the operators' record, and
  // writing each synchronously held the event loop for a write(2) per answer. Lines still pending are
  // written at stop (below) and, should the process exit another way, by pino's own exit handler.
  const logDestination =
    config.logLevel === 'silent' || options.logStream ? null : pino.destination({ dest: 1, sync: false });
  const logStream = options.logStream ?? logDestination;
  const trustProxy = trustedProxies(config.trustProxy);
  const frontDoor = createFrontDoor({ securityHeaders: headers, trustProxy });
  const app = Fastify({
    serverFactory: frontDoor.serverFactory,
    genReqId: frontDoor.nextRequestId,
    logger: logStream && config.logLevel !== 'silent' ? { level: config.logLevel, stream: logStream } : false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy,
    routerOptions: { maxParamLength: 500 },
    // A JSON body with a __proto__ or constructor key is valid JSON: drop those keys instead of refusing it
    // as "not valid JSON", which would mislead the caller.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    logController: new OneLinePerRequest(),
    clientErrorHandler: clientErrorHandler(securityHeaderLines(headers)),
    frameworkErrors: frameworkErrors(headers),
    requestTimeout: UPLOAD_TIMEOUT_MS,
    // Node checks the deadlines every second (its default of 30 s would let a slow request overstay by that).
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
  });
  const guardSlowBody = slowBodyGuard(config.requestBodyTimeoutMs, securityHeaderLines(headers));
  // Set below, once the callers can be resolved: the tRPC fast path for cached answers, and the refusal of a
  // staff-only call before its body is read.
  let cachedProcedure: CachedProcedureHook = (_request, _reply, done) => done();
  let refuseBeforeBody: ReturnType<typeof trpcRefusalBeforeBody> = (_request, _reply, done) => done();
  // One callback hook for what every request the front door leaves needs before its route: the security
  // headers, the body deadline, and for tRPC the batch cap and the cached answers of calls with a token or an
  // input. Each was a hook of its own (Fastify calls each through its hook runner), and the shop's CPU per
  // answer was 11-20 µs over bare Fastify's.
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request, reply);
    guardSlowBody(request, reply);
    if (!request.url.startsWith('/trpc/')) return done();
    // After a reply is sent Fastify runs no further hook nor the route: done() only ends this hook.
    if (refuseLongBatch(request, reply)) return done();
    if (request.method !== 'GET') return refuseBeforeBody(request, reply, done);
    cachedProcedure(request, reply, done);
  });

  mkdirSync(config.mediaDir, { recursive: true });
  // An interrupted restore leaves a staged database (password hashes included); the lock is held, so
  // nothing else is using it.
  const leftovers = removeBackupLeftovers(config.dataDir);
  if (leftovers.length > 0)
    app.log.warn({ removed: leftovers }, 'removed what an interrupted restore or backup left');
  const database = openDatabase(path.join(config.dataDir, DATABASE_FILE_NAME), {
    replicated: config.replica !== null,
  });
  database.damage = checkDatabaseIntegrity(database);
  const shop = createShop({ config, database, log: app.log, ...(options.now ? { now: options.now } : {}) });
  if (database.damage) {
    // The shop still opens, so the owner can download what is left and restore from the admin screen.
    app.log.error(database.damage);
  } else {
    seedDatabase(database, {
      demo: config.demoData,
      now: shop.now(),
      timeZone: config.shop.timeZone,
      seasonStartMonth: config.seasonStartMonth,
      taxRateBasisPoints: config.taxRateBasisPoints,
    });
  }
  // After the seed, so the first pass sees the shop's tables; a damaged database skips every pass.
  const reminders = startPickUpReminders(shop);
  // The continuous copy (REPLICA_URL): Litestream for the database, the media copy for photos and the flyer.
  let replication: { replicator: Replicator; media: ReturnType<typeof startMediaCopy> } | null = null;
  if (config.replica) {
    const monitor = new ReplicaMonitor(config.replica.targets, () => new Date(), app.log);
    shop.replica = monitor;
    replication = {
      replicator: startReplicator({
        databaseFile: database.file,
        dataDir: config.dataDir,
        targets: config.replica.targets,
        binary: litestreamBinary(config.replica.litestreamPath),
        monitor,
        log: app.log,
      }),
      media: startMediaCopy(shop, monitor, config.replica.targets),
    };
  }
  // Storefront orders that come together are written and committed on a thread of their own
  // (packages/api/src/orders/writerThread.ts); one that comes alone, on this one (submit.ts).
  shop.orderWriter = startOrderWriterThread({
    config,
    file: database.file,
    log: app.log,
    idleMs: config.orderWriterIdleMs,
  });

  app.setErrorHandler((error, request, reply) => {
    const { status, body } = errorEnvelope(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    reply.status(status).send(body);
  });

  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
  // A multipart body is parsed only by the routes that take uploads (below); anywhere else it is left unread
  // as @fastify/multipart leaves it, and the route refuses it (415 on a JSON route).
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));

  const auth = await registerAuth(app, shop);

  /** A header sent twice is no one key: joined by a line break, which no key may hold (refused with 400). */
  const headerText = (value: string | string[] | undefined) =>
    Array.isArray(value) ? value.join('\n') : value;

  // The index page reads settings through a caller and starts no staff job: it has no reply to give.
  async function createContext(request: FastifyRequest, reply?: FastifyReply): Promise<ApiContext> {
    const caller = await auth.resolveCaller(request.headers.authorization);
    if (caller.kind === 'staff') noteIntegrationCall(request, caller.identity);
    return {
      shop,
      caller,
      staff: null,
      clientIp: request.ip,
      requestId: String(request.id),
      idempotency: { sent: headerText(request.headers['idempotency-key']), replayed: false },
      signal: reply ? hangUpSignal(reply) : undefined,
    };
  }

  const cachedCalls = cachedProcedures(shop, createContext);
  cachedProcedure = cachedCalls.hook;
  refuseBeforeBody = trpcRefusalBeforeBody(createContext);
  // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits an async plugin (register's documented form); the rule reads its callback overload
  await app.register(async (trpc) => {
    // tRPC answers with a fetch Response; @fastify/compress would send only its body and drop its status and
    // headers (a 401 went out as 200), so unwrap it first. Instance hooks run before compress's route hook;
    // only tRPC's routes pay for it.
    trpc.addHook('onSend', (_request, reply, payload, done) => {
      if (!(payload instanceof Response)) return done(null, payload);
      reply.status(payload.status);
      payload.headers.forEach((value, key) => {
        if (key !== 'content-length') reply.header(key, value);
      });
      done(null, payload.body ?? '');
    });
    await trpc.register(fastifyTRPCPlugin, {
      prefix: TRPC_PREFIX,
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }) => contextOf(req, res, createContext),
        // A staff answer (an order, a customer's phone number) must not be kept by the browser's cache or a proxy,
        // nor may a refusal of one; the storefront's public reads keep whatever caching they had.
        // A public procedure answered to a signed-in caller is private too (settings.all then holds the staff's
        // own addresses).
        responseMeta({ paths, ctx, errors }) {
          const staffOnly = (paths ?? []).some((procedurePath) => !PUBLIC_PROCEDURES.has(procedurePath));
          const signedIn = ctx !== undefined && ctx.caller.kind !== 'anonymous';
          const headers: Record<string, string> =
            staffOnly || signedIn || paths === undefined ? { 'cache-control': 'no-store' } : {};
          // A rate limit's wait, as REST sends it (rest/handler.ts): the longest of a batch's refusals.
          for (const error of errors) {
            const seconds = retryAfterOf(error);
            if (seconds !== undefined && seconds > Number(headers['retry-after'] ?? 0)) {
              headers['retry-after'] = String(seconds);
            }
          }
          return { headers };
        },
        onError({ error, path: procedurePath, req }) {
          if (error.code === 'INTERNAL_SERVER_ERROR')
            req.log.error({ err: error, procedure: procedurePath }, 'tRPC call failed');
        },
      } satisfies FastifyTRPCPluginOptions<typeof appRouter>['trpcOptions'],
    });
  });

  // @fastify/multipart adds an async onResponse hook (a promise for every request) to every route of the
  // instance it is registered on: only the routes that take an upload get it.
  const takesUpload = (route: (typeof restRoutes)[number]) => route.input === 'multipart';
  // biome-ignore lint/nursery/noMisusedPromises: Fastify awaits an async plugin (register's documented form); the rule reads its callback overload
  await app.register(async (uploads) => {
    uploads.removeContentTypeParser('multipart/form-data');
    await uploads.register(fastifyMultipart, {
      limits: { fileSize: Math.max(config.restoreMaxBytes, config.pdfMaxBytes), files: 1, fields: 20 },
      throwFileSizeLimit: true,
    });
    registerRestRoutes(uploads, shop, restRoutes.filter(takesUpload), createContext);
  });
  const restReads = registerRestRoutes(
    app,
    shop,
    restRoutes.filter((route) => !takesUpload(route)),
    createContext,
  );

  const openApi = buildOpenApi(restRoutes, {
    title: `${config.shop.name} API`,
    version: '1.0.0',
    publicUrl: config.publicUrl,
    contact: { name: config.shop.name, email: config.shop.email },
    tokenUrl: config.oidc.embedded ? `${config.oidc.issuer}/token` : null,
  });
  app.get('/api/v1/openapi.json', async () => openApi);
  // A load balancer or systemd watchdog asks this: it answers ok only while the database answers a query
  // and passed its integrity check at start (a damaged one says so, with what to do).
  const healthQuery = database.sqlite.prepare('SELECT 1 AS ok').pluck();
  // Its answer is a few bytes, never worth compressing: no compression hook on the busiest probe, and its
  // text is made once.
  const noStoreJson = { 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' };
  const healthy: ReadyAnswer = {
    status: 200,
    headers: noStoreJson,
    body: Buffer.from(JSON.stringify({ status: 'ok' })),
  };
  /**
   * Healthy, or undefined: the route answers a damaged or silent database and logs why (a query that throws
   * here is handed on to it by the front door too).
   */
  const healthRead: FrontRead = () =>
    !shop.replica && !database.damage && healthQuery.get() === 1 ? healthy : undefined;
  app.get('/health', { compress: false, decompress: false }, (request, reply) => {
    reply.headers(noStoreJson);
    if (database.damage) {
      return reply.status(503).send({ status: 'damaged', message: database.damage });
    }
    try {
      if (healthQuery.get() !== 1) throw new Error('no row');
      // The shop still takes orders while its copy fails (200), but says so for whoever watches.
      if (shop.replica) return reply.send({ status: 'ok', replica: shop.replica.status() });
      return sendReady(reply, healthy);
    } catch (error) {
      request.log.error({ err: error }, 'health check: the database does not answer');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  // For search engines: the pages and products (kept with the catalogue's cached answers, so a product
  // change drops it) and what not to crawl. Never cached by the browser: a product change shows at once.
  const sitemapForm: CachedForm = {
    head: '',
    tail: '',
    contentType: 'application/xml; charset=utf-8',
    headers: { 'cache-control': 'no-cache' },
  };
  app.get('/sitemap.xml', (request, reply) =>
    sendReady(reply, cachedTextAnswer(sitemapXml(shop), sitemapForm, request.headers['accept-encoding'])),
  );
  const robots = robotsTxt(config);
  app.get('/robots.txt', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(robots),
  );
  // What makes the shop installable, named as it is configured; checked again on each visit (a renamed shop).
  const manifest = JSON.stringify(webManifest(config));
  app.get('/manifest.webmanifest', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/manifest+json; charset=utf-8').send(manifest),
  );

  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    // Media file names carry their content hash, so they never change under the same name.
    maxAge: '365d',
    immutable: true,
  });

  const webRoot = options.webRoot === undefined ? findWebRoot() : options.webRoot;
  let assetRead: FrontRead | undefined;
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      wildcard: false,
      index: false,
      // The hashed scripts and styles are answered from memory below.
      globIgnore: ['assets/**'],
      // release/public carries .br and .gz twins made at build time: no compression work per request.
      preCompressed: true,
      // setHeaders below decides the cache lifetime; the plugin's own header would replace it with max-age=0.
      cacheControl: false,
      // The service worker (sw.js) above all: a new release must reach the next visit, so no browser or proxy
      // between may answer it from a copy without asking.
      setHeaders(res) {
        res.setHeader('cache-control', 'no-cache');
      },
    });
    const hashedAssets = createHashedAssets(path.join(webRoot, 'assets'));
    assetRead = hashedAssets.read;
    // Already compressed at build time: no compression hook.
    app.get<{ Params: { '*': string } }>('/assets/*', { compress: false }, (request, reply) =>
      hashedAssets.send(request, reply),
    );
  }

  const indexPage = webRoot
    ? createIndexPage(webRoot, createContext, {
        publicUrl: config.publicUrl,
        shopName: config.shop.name,
        product: (productId) => storefrontProduct(shop, productId),
        firstProduct: () => firstStorefrontProduct(shop),
        products: () => productsToShow(shop).value,
      })
    : null;
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // A REST path with another method or letter case: said before the web app's fallback, which would
    // answer GET /API/V1/... with its page.
    const miss = restPathMiss(restRoutes, request.method, url);
    if (miss) {
      if (miss.allow) reply.header('allow', miss.allow);
      return reply.status(miss.status).send(miss.body);
    }
    const isApi = API_PREFIXES.some((p) => url.startsWith(p));
    if (!isApi && indexPage && (request.method === 'GET' || request.method === 'HEAD')) {
      // Every other path belongs to the single-page app: its page, answered 404 where the app's router shows
      // its not-found page (indexPage.ts pageStatus).
      return indexPage.send(request, reply);
    }
    return reply
      .status(404)
      .send({ success: false, message: `Not found: ${request.method} ${url}`, data: null });
  });

  frontDoor.open({
    log: app.log,
    reads: new Map([...restReads, ['/health', healthRead]]),
    readsByPrefix: [['/trpc/', cachedCalls.read], ...(assetRead ? [['/assets/', assetRead] as const] : [])],
  });

  let stopped = false;
  return {
    server: app,
    shop,
    reminders,
    async start() {
      const address = await app.listen({ port: config.port, host: config.host });
      return address.replace('[::1]', 'localhost');
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Fastify answers what arrives from now on (503 while it closes).
      frontDoor.close();
      // Fastify stops listening, lets requests in flight finish, then the database folds its WAL and closes.
      const graceMs = options.stopGraceMs ?? STOP_GRACE_MS;
      const grace = setTimeout(() => {
        app.log.warn(
          {},
          `requests still in flight ${graceMs / 1000} s after the stop began: their connections are closed`,
        );
        app.server.closeAllConnections();
      }, graceMs);
      try {
        await app.close();
      } finally {
        clearTimeout(grace);
      }
      await shop.orderWriter?.close();
      reminders.close();
      shop.outbox.close();
      await shop.webhooks.close();
      // What was saved last goes to the replica before the database closes; Litestream copies the last
      // changes as it stops, after the shop's connection is gone.
      await replication?.media.pass();
      await replication?.media.close();
      database.close();
      await replication?.replicator.stop();
      lock.release();
      logDestination?.flushSync();
    },
  };
}

import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ANONYMOUS_READS,
  type BearerChallenge,
  createCaller,
  DIRECT_CALLS,
  type FileAnswer,
  FreshJson,
  inputErrorMessages,
  PagedList,
  PUBLIC_PROCEDURES,
  procedureKind,
  RawJson,
  type RestRoute,
  refusalOf,
  retryAfterOf,
  type Shop,
  type ShopConfig,
  ShopError,
  StoredUpload,
  sizeText,
} from '@nursery/api';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type CreateContext, contextOf, refusalsBeforeBody } from '../contextBeforeBody.ts';
import type { FrontRead } from '../frontDoor.ts';
import { type CachedForm, cachedJsonAnswer, sendReady } from './cachedAnswer.ts';
import { sendWholeList } from './wholeList.ts';

export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
}

type Procedure = (input: unknown) => Promise<unknown>;

/** Looks a dotted procedure path up on a server-side caller. */
function procedureOf(caller: ReturnType<typeof createCaller>, path: string): Procedure {
  let node: unknown = caller;
  for (const part of path.split('.')) {
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'function') throw new Error(`REST route names an unknown procedure: ${path}`);
  return node as Procedure;
}

class UploadTooLarge extends Error {}

/**
 * The file's bytes, refused as soon as they pass `cap`: the parser alone would discard the rest of an
 * oversize part only after it had all arrived (a 1 GB upload to a 20 MB route was read to its end first).
 */
async function readUpTo(file: AsyncIterable<Buffer>, cap: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += chunk.length;
    // Leaving the loop destroys the file stream; the answer goes out while the client is still sending.
    if (size > cap) throw new UploadTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The same, written to `target` as it arrives: a backup of any size never sits in memory. */
async function writeUpTo(file: AsyncIterable<Buffer>, cap: number, target: string): Promise<number> {
  let size = 0;
  // Opened before the first byte: a stream that opened the file itself could create it after a refusal at the
  // start of the part had already swept it away, and leave it behind in the data folder.
  const handle = await open(target, 'wx');
  await pipeline(
    file,
    async function* capped(source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > cap) throw new UploadTooLarge();
        yield chunk;
      }
    },
    handle.createWriteStream(),
  );
  return size;
}

/** Uploads of `toDisk` routes go here, in the data folder; swept at start if a call never ended. */
const DISK_UPLOAD_PREFIX = '.restore-upload-';

async function readInput(
  route: RestRoute,
  request: FastifyRequest,
  config: ShopConfig,
  written: string[],
): Promise<unknown> {
  switch (route.input) {
    case 'none':
      return undefined;
    case 'query':
      return { ...(request.query as object) };
    case 'body': {
      // fetch() sends a string body as text/plain unless told otherwise, and a form posts multipart: both
      // reach here unparsed, and would otherwise be answered as if every field were missing.
      const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      if (type && type !== 'application/json') {
        throw new ShopError({ kind: 'unsupported_media_type', message: JSON_BODY_ONLY });
      }
      return request.body ?? {};
    }
    case 'multipart': {
      if (!request.isMultipart()) {
        throw new ShopError({
          kind: 'bad_request',
          message: 'Send the file as multipart/form-data in a field named file.',
        });
      }
      const fields: Record<string, unknown> = { ...(request.query as object) };
      // The route's own cap, not the largest of all uploads: a flyer past 20 MB is refused there, not read on
      // to the restore's 1 GB first.
      const cap = route.upload ? config[route.upload.maxBytes] : undefined;
      // One byte past the cap reaches the loop below, which refuses there and then.
      const parts = request.parts(cap ? { limits: { fileSize: cap + 1 } } : {});
      try {
        // Read by hand, not with for await, which would close the parser on a throw: parserReason asks it on.
        for (let next = await parts.next(); !next.done; next = await parts.next()) {
          const part = next.value;
          if (part.type === 'file' && part.fieldname === 'file' && cap && route.upload?.toDisk) {
            const target = path.join(config.dataDir, `${DISK_UPLOAD_PREFIX}${randomUUID()}`);
            written.push(target);
            const size = await writeUpTo(part.file, cap, target);
            fields.file = new StoredUpload(part.filename, part.mimetype, target, size);
          } else if (part.type === 'file') {
            const data = cap ? await readUpTo(part.file, cap) : await part.toBuffer();
            if (part.fieldname === 'file') {
              fields.file = {
                fileName: part.filename,
                contentType: part.mimetype,
                data: new Uint8Array(data),
              };
            }
          } else if (part.fieldname === 'file') {
            throw new ShopError({ kind: 'bad_request', message: FILE_SENT_AS_TEXT });
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (caught) {
        const error = await parserReason(parts, caught);
        // The parser's limits on how many files and fields a form has answer 413 like its size limit: said
        // for what they are, not as the file being too large.
        const code = (error as { code?: string }).code;
        const countLimit = code === undefined ? undefined : MULTIPART_COUNT_LIMITS[code];
        if (countLimit) throw new ShopError({ kind: 'bad_request', message: countLimit, cause: error });
        // The parser's size limit carries its status (413); anything else it throws ("Multipart: Boundary
        // not found" for a content type without a boundary) is a form the client broke, not our failure.
        const status = (error as { statusCode?: number }).statusCode;
        if ((error instanceof UploadTooLarge || status === 413) && route.upload && cap) {
          const { what, variable } = route.upload;
          throw new ShopError({
            kind: 'too_large',
            message: `The ${what} is larger than the ${sizeText(cap)} this shop accepts (${variable}). Nothing was changed.`,
            cause: error,
          });
        }
        if (error instanceof ShopError || (typeof status === 'number' && status < 500)) throw error;
        throw new ShopError({
          kind: 'bad_request',
          message:
            'The upload is not a readable multipart/form-data form. Send the file in a field named file.',
          cause: error,
        });
      }
      // A `file` from the query string is text too: only a file part makes one.
      if (typeof fields.file === 'string')
        throw new ShopError({ kind: 'bad_request', message: FILE_SENT_AS_TEXT });
      if (!fields.file) {
        throw new ShopError({
          kind: 'bad_request',
          message: 'Send the file in a multipart field named file.',
        });
      }
      return fields;
    }
  }
}

/**
 * Why the parser cut a file part short. Past a limit it met before the file (the 21st field of a form whose
 * file comes last), @fastify/multipart destroys the file stream as it starts, and the read of the file fails
 * only with "Premature close"; the limit's own error is then the parser's next answer, queued as the stream was
 * destroyed. Any other failure is its own reason.
 */
async function parserReason(parts: AsyncIterator<unknown>, error: unknown): Promise<unknown> {
  if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') return error;
  try {
    await parts.next();
  } catch (reason) {
    return reason;
  }
  return error;
}

const FILE_SENT_AS_TEXT =
  'The multipart field named file must carry the file itself (a file part with a filename), not text.';

/** What each of @fastify/multipart's count limits (createServer.ts: one file, 20 fields) means to the caller. */
const MULTIPART_COUNT_LIMITS: Readonly<Record<string, string>> = {
  FST_FILES_LIMIT: 'Send one file, in the multipart field named file. Nothing was changed.',
  FST_FIELDS_LIMIT:
    'The form has more than 20 fields: send the file in a field named file, with only the fields the call names. Nothing was changed.',
  FST_PARTS_LIMIT:
    'The form has too many parts: send the file in a field named file, with only the fields the call names. Nothing was changed.',
};

export const JSON_BODY_ONLY =
  'Send the body as JSON with the header Content-Type: application/json (file uploads: multipart/form-data).';

const status400 = (error: unknown) => (error as { statusCode?: number }).statusCode === 400;

/** What is wrong with a body Fastify's JSON parser refused, in words; null for any other error. */
function bodyParseProblem(error: unknown): string | null {
  const code = (error as { code?: string }).code;
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return 'The body is empty: send the input as JSON with Content-Type: application/json.';
  }
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && status400(error))) {
    // The parser's own words say where it stopped reading (Fastify keeps them as the cause).
    const cause = (error as { cause?: unknown }).cause;
    const detail = cause instanceof Error ? cause.message : error instanceof SyntaxError ? error.message : '';
    return `The body is not valid JSON${detail ? ` (${detail})` : ''}. Send the input as one JSON value with Content-Type: application/json.`;
  }
  return null;
}

/** The largest JSON body any call accepts; uploads have their own limits. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export function errorEnvelope(error: unknown): {
  status: number;
  body: Envelope<{ errors?: string[] } | null>;
} {
  if (error instanceof ShopError) {
    return { status: error.status, body: { success: false, message: error.message, data: null } };
  }
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (error.cause instanceof z.ZodError) {
      const errors = inputErrorMessages(error.cause);
      return { status: 400, body: { success: false, message: errors.join('\n'), data: { errors } } };
    }
    // 503 is a message written for the caller (a damaged database): said as it is, unlike a 500.
    if (status >= 500 && error.code !== 'SERVICE_UNAVAILABLE')
      return {
        status: 500,
        body: { success: false, message: 'Something went wrong on our side.', data: null },
      };
    return { status, body: { success: false, message: error.message, data: null } };
  }
  const status = (error as { statusCode?: number }).statusCode;
  if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return {
      status: 413,
      body: {
        success: false,
        message: `The request body is too large: the limit is ${JSON_BODY_LIMIT / (1024 * 1024)} MB.`,
        data: null,
      },
    };
  }
  // The JSON parser's refusals are a refused input like any other: their problem in data.errors.
  const jsonProblem = bodyParseProblem(error);
  if (jsonProblem) {
    return { status: 400, body: { success: false, message: jsonProblem, data: { errors: [jsonProblem] } } };
  }
  if ((error as { code?: string }).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 415, body: { success: false, message: JSON_BODY_ONLY, data: null } };
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { success: false, message: (error as Error).message, data: null } };
  }
  return { status: 500, body: { success: false, message: 'Something went wrong on our side.', data: null } };
}

/**
 * A list that grows with the shop. With `limit`: that page in the usual envelope, and when more follow a
 * `Link: <...>; rel="next"` header (RFC 8288) to the same address with `after` set to the last row's id.
 * Without: the whole list, written out a chunk of rows at a time as it is read (wholeList.ts), the same
 * envelope byte for byte.
 */
function sendPagedList(
  request: FastifyRequest,
  reply: FastifyReply,
  list: PagedList<unknown>,
  route: RestRoute,
): FastifyReply {
  const head = envelopeHead(route);
  const { limit } = list.input;
  if (limit !== undefined) {
    const { rows, next } = list.page(limit);
    if (next !== null) {
      const query = new URLSearchParams(request.query as Record<string, string>);
      query.set('limit', String(limit));
      query.set('after', String(next));
      reply.header('link', `<${route.path}?${query.toString()}>; rel="next"`);
    }
    return reply.type('application/json; charset=utf-8').send(`${head}${JSON.stringify(rows)}}`);
  }
  return sendWholeList(request, reply, list, { open: `${head}[`, close: ']}' });
}

/**
 * A spreadsheet export: the specification's base64 body, as the envelope's data {fileName, contentType, base64}
 * (the ExportWorkbook the OpenAPI document names). The base64 text is written out piece by piece as it is read
 * from the workbook's file, never whole in memory; a read that fails cuts the answer off, as a broken
 * connection would (the status went out with the first bytes).
 */
function sendWorkbook(reply: FastifyReply, route: RestRoute, file: FileAnswer): FastifyReply {
  const head = `${envelopeHead(route)}{"fileName":${JSON.stringify(file.fileName)},"contentType":${JSON.stringify(file.contentType)},"base64":"`;
  const { body } = file;
  async function* text(): AsyncGenerator<string> {
    yield head;
    if (typeof body === 'string') yield body;
    else if (body instanceof Uint8Array) yield Buffer.from(body).toString('base64');
    else
      for await (const piece of body) {
        // Bytes cut at any length would not join into one base64 text: the workbook is read out as base64.
        if (typeof piece !== 'string')
          throw new Error(`${route.path}: a workbook is read out as base64 text`);
        yield piece;
      }
    yield '"}}';
  }
  return reply
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(Readable.from(text(), { highWaterMark: 1 }));
}

const envelopeHeads = new WeakMap<RestRoute, string>();

/** The envelope's text before a cached answer's data, made once per route (it keys the answer's bytes). */
function envelopeHead(route: RestRoute): string {
  let head = envelopeHeads.get(route);
  if (head === undefined) {
    head = `{"success":true,"message":${JSON.stringify(route.successMessage ?? '')},"data":`;
    envelopeHeads.set(route, head);
  }
  return head;
}

const cachedForms = new WeakMap<RestRoute, CachedForm>();

/** How a read's cached answer is sent: in the envelope, never kept by the browser (stock changes). */
function cachedForm(route: RestRoute): CachedForm {
  let form = cachedForms.get(route);
  if (form === undefined) {
    form = {
      head: envelopeHead(route),
      tail: '}',
      contentType: 'application/json; charset=utf-8',
      headers: { 'cache-control': 'no-store' },
    };
    cachedForms.set(route, form);
  }
  return form;
}

/** Sends a procedure's answer in the envelope: a cached RawJson spliced in as it is, anything else serialized. */
function sendEnvelope(
  request: FastifyRequest,
  reply: FastifyReply,
  route: RestRoute,
  data: unknown,
): FastifyReply | Promise<FastifyReply> {
  if (data instanceof PagedList) {
    return sendPagedList(request, reply.header('cache-control', 'no-store'), data, route);
  }
  if (data instanceof FreshJson) {
    // Read for this request in pieces and never kept: its text as it is, compressed (when asked) by
    // the route's hook as a stream, a piece at a time.
    return reply
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(`${envelopeHead(route)}${data.json}}`);
  }
  if (data instanceof RawJson) {
    // Already serialized: spliced into the envelope instead of stringified again.
    const head = envelopeHead(route);
    if (route.method !== 'GET') {
      // A write's answer (a placed order) is its own and sent once: compressed, if at all, by the route's hook.
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(`${head}${data.json}}`);
    }
    // A read's is cached: compressed once per encoding and kept with it (see cachedAnswer.ts).
    return sendReady(reply, cachedJsonAnswer(data, cachedForm(route), request.headers['accept-encoding']));
  }
  if (compressesItself(route)) {
    // No compression hook on this route (below): every answer goes through the cached path, which
    // compresses; this one is kept only as long as this request holds it.
    return sendReady(
      reply,
      cachedJsonAnswer(new RawJson(data ?? null), cachedForm(route), request.headers['accept-encoding']),
    );
  }
  const envelope: Envelope = { success: true, message: route.successMessage ?? '', data: data ?? null };
  return reply.header('cache-control', 'no-store').send(envelope);
}

/**
 * The storefront's reads (an anonymous read: the product list, the settings) are answered from cached
 * bytes, compressed once per encoding: they run without @fastify/compress's per-request hooks, and
 * sendEnvelope compresses whatever else such a route answers (a staff member's settings) itself.
 */
function compressesItself(route: RestRoute): boolean {
  return route.method === 'GET' && route.respond !== 'file' && ANONYMOUS_READS.has(route.procedure);
}

/** The bearer challenge a refusal carries, thrown as it is or wrapped by tRPC (its cause). */
function bearerChallengeOf(error: unknown): BearerChallenge | undefined {
  if (error instanceof ShopError) return error.challenge;
  return error instanceof Error && error.cause instanceof ShopError ? error.cause.challenge : undefined;
}

/** RFC 6750 section 3: `Bearer realm="...", error="...", error_description="...", scope="..."`. */
export function wwwAuthenticate(challenge: BearerChallenge, realm: string): string {
  const quoted = (value: string) => `"${value.replace(/["\\]/g, '')}"`;
  return [
    `Bearer realm=${quoted(realm)}`,
    ...(challenge.error ? [`error=${quoted(challenge.error)}`] : []),
    ...(challenge.description ? [`error_description=${quoted(challenge.description)}`] : []),
    ...(challenge.scope ? [`scope=${quoted(challenge.scope)}`] : []),
  ].join(', ');
}

/** A failed call in the envelope, with its status; the shop's own failures are logged. */
function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  route: RestRoute,
  error: unknown,
  realm: string,
): FastifyReply {
  const { status, body } = errorEnvelope(error);
  if (status >= 500) request.log.error({ err: error, path: route.path }, 'REST call failed');
  // A rate limit's wait, or an Idempotency-Key's first request still under way (409), for programs as the
  // message says it for people (RFC 9110 Retry-After).
  const retryAfter = status === 429 || status === 409 ? retryAfterOf(error) : undefined;
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  const challenge = status === 401 || status === 403 ? bearerChallengeOf(error) : undefined;
  if (challenge) reply.header('www-authenticate', wwwAuthenticate(challenge, realm));
  return reply.status(status).send(body);
}

/**
 * Registers the REST routes and returns the front door's reads (frontDoor.ts) by path: a visitor's GET of a
 * storefront read (no token, no query string), from cached bytes as tRPC's cached answers are. The route's
 * handler answers the same way for HEAD and anything the front door leaves.
 */
export function registerRestRoutes(
  app: FastifyInstance,
  shop: Shop,
  routes: readonly RestRoute[],
  createContext: CreateContext,
): ReadonlyMap<string, FrontRead> {
  const frontReads = new Map<string, FrontRead>();
  // The protection space of every bearer challenge (RFC 6750): this shop's API.
  const realm = `${shop.config.publicUrl}/api/v1`;
  // Fail at start, not at the first request, when a row names a procedure that does not exist.
  for (const route of routes) {
    const kind = procedureKind(route.procedure);
    if (!kind) throw new Error(`REST ${route.path} names unknown procedure ${route.procedure}`);
    // What a visitor without a token or a query string gets: read straight from the shop, no caller built.
    const anonymousRead = route.method === 'GET' ? ANONYMOUS_READS.get(route.procedure) : undefined;
    const visitorRead = anonymousRead
      ? (request: FastifyRequest, reply: FastifyReply) => {
          try {
            return sendEnvelope(request, reply, route, anonymousRead(shop));
          } catch (error) {
            return sendError(request, reply, route, error, realm);
          }
        }
      : undefined;
    if (anonymousRead) {
      // A read that throws is handed on by the front door: the route answers the failure in the envelope.
      frontReads.set(route.path, (request) => {
        const data = anonymousRead(shop);
        return data instanceof RawJson
          ? cachedJsonAnswer(data, cachedForm(route), request.headers['accept-encoding'])
          : undefined;
      });
    }
    const type = kind.type;
    const directCall = type === 'mutation' ? DIRECT_CALLS.get(route.procedure) : undefined;
    const answer = async (request: FastifyRequest, reply: FastifyReply) => {
      const written: string[] = [];
      try {
        const ctx = await contextOf(request, reply, createContext);
        // Staff-only paths refuse before reading the body: nobody uploads a file only to hear "Unauthorized".
        const refusal = refusalOf(ctx.caller, route.procedure, kind);
        if (refusal) throw refusal;
        if (route.respond === 'file') ctx.sendsFiles = true;
        const input = await readInput(route, request, shop.config, written);
        // A visitor's order submit runs its procedure's steps directly (DIRECT_CALLS), without a tRPC caller.
        const data =
          directCall && ctx.caller.kind === 'anonymous'
            ? await directCall(ctx, input)
            : await procedureOf(createCaller(ctx), route.procedure)(input);
        // The answer kept for this Idempotency-Key, sent again (Stripe's header says so).
        if (ctx.idempotency?.replayed) reply.header('idempotent-replayed', 'true');
        if (route.respond === 'workbook') return sendWorkbook(reply, route, data as FileAnswer);
        if (route.respond === 'file') {
          const file = data as FileAnswer;
          const encoded = encodeURIComponent(file.fileName);
          // Header values are Latin-1: the words go percent-encoded, as the file name's do.
          if (file.warning) reply.header('x-shop-warning', encodeURIComponent(file.warning));
          return reply
            .header('content-type', file.contentType)
            .header(
              'content-disposition',
              `attachment; filename="${file.fileName.replace(/[^\w .-]/g, '_')}"; filename*=UTF-8''${encoded}`,
            )
            .header('cache-control', 'no-store')
            .send(
              typeof file.body === 'string'
                ? file.body
                : file.body instanceof Uint8Array
                  ? Buffer.from(file.body)
                  : Readable.from(file.body),
            );
        }
        return await sendEnvelope(request, reply, route, data);
      } catch (error) {
        return sendError(request, reply, route, error, realm);
      } finally {
        for (const file of written) rmSync(file, { force: true });
      }
    };
    // A JSON body is parsed by Fastify before any handler runs: the caller of a staff-only path is checked
    // before (contextBeforeBody.ts), and the handler reuses it. Public paths (order submits) do without.
    const refuseBeforeBody =
      route.method !== 'GET' && !PUBLIC_PROCEDURES.has(route.procedure)
        ? async (request: FastifyRequest, reply: FastifyReply) => {
            try {
              const refusals = await refusalsBeforeBody(request, reply, createContext, [route.procedure]);
              if (refusals?.[0]) return sendError(request, reply, route, refusals[0], realm);
            } catch (error) {
              return sendError(request, reply, route, error, realm);
            }
            return undefined;
          }
        : undefined;
    app.route({
      method: route.method,
      url: route.path,
      ...(refuseBeforeBody ? { onRequest: refuseBeforeBody } : {}),
      ...(compressesItself(route) ? { compress: false, decompress: false } : {}),
      // Not async: a visitor's read is answered without a promise made for it.
      handler: (request: FastifyRequest, reply: FastifyReply) => {
        if (visitorRead && request.headers.authorization === undefined && !request.url.includes('?')) {
          return visitorRead(request, reply);
        }
        return answer(request, reply);
      },
    });
  }
  // By the address exactly as sent: another letter case or a query string is left to the route (and its 404).
  return frontReads;
}

/**
 * The answer to a request no route took whose path is a REST path in other letter case or with another
 * method: 405 naming the method(s) of that path, or 404 naming the path as the API spells it. Paths are
 * case-sensitive, and "Use POST for /api/v1/orders/submit" to a POST would send a caller in circles.
 */
export function restPathMiss(
  routes: readonly RestRoute[],
  method: string,
  url: string,
): { status: 404 | 405; allow?: string; body: Envelope<null> } | null {
  const same = routes.filter((r) => r.path.toLowerCase() === url.toLowerCase());
  if (same.length === 0) return null;
  const wanted = method === 'HEAD' ? 'GET' : method;
  const exact = same.find((r) => r.method === wanted);
  if (exact) {
    return {
      status: 404,
      body: {
        success: false,
        message: `Not found: ${method} ${url}. Paths are case-sensitive: use ${exact.method} ${exact.path}.`,
        data: null,
      },
    };
  }
  const methods = same.map((r) => r.method).join(' or ');
  return {
    status: 405,
    allow: same.map((r) => r.method).join(', '),
    body: { success: false, message: `Use ${methods} for ${same[0]?.path ?? url}.`, data: null },
  };
}

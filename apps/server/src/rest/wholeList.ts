import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliCompress, createGzip, constants as zlibConstants } from 'node:zlib';
import { type PagedList, pieces } from '@nursery/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding } from './cachedAnswer.ts';

/**
 * Rows per piece of text written out: a whole chunk (PagedList.chunks' 50), about 32 KB. Each piece is a socket
 * write; at 25 rows (16 KB) the writes took more of the server's CPU for a whole list of 100,000 orders than
 * making its JSON did.
 */
const PIECE_ROWS = 50;

/**
 * What surrounds the rows of a whole list: the REST envelope (`{"success":true,...,"data":[` and `]}`) or
 * tRPC's wire format (`{"result":{"data":[` and `]}}`).
 */
export interface WholeListForm {
  /** The text before the first row, its opening bracket included. */
  open: string;
  /** The text after the last row, its closing bracket included. */
  close: string;
}

/**
 * Sends every row of `list` from its cursor on, written out a chunk of rows at a time as it is read, so the
 * server holds one chunk however long the list, compressed by the caller's Accept-Encoding. The first chunk
 * is read before anything is sent: a read that fails (an `after` that names no row) throws here, and the
 * caller answers it as any refusal.
 */
export function sendWholeList(
  request: FastifyRequest,
  reply: FastifyReply,
  list: PagedList<unknown>,
  form: WholeListForm,
): FastifyReply {
  const chunks = list.chunks();
  const first = chunks.next();
  // Each chunk's array without its brackets, joined to the one before by a comma, as text: V8's young
  // generation takes it and drops it at the next scavenge, and the socket copies it out natively. As a Buffer
  // (malloc memory freed only when V8 collects the Buffer object) 64 MB of sent chunks piled up before V8's
  // external-memory limit asked for a collection.
  const piece = (rows: unknown[], comma: boolean) => {
    const json = JSON.stringify(rows);
    return comma ? `,${json.slice(1, -1)}` : json.slice(1, -1);
  };
  // On a local or fast connection the socket takes every piece at once, so back-pressure alone never stops
  // the writing: it lets the event loop answer others (visitors, other lists) every PIECE_MS.
  async function* body(): AsyncGenerator<string> {
    yield form.open;
    const pause = pieces();
    let comma = false;
    for (let rows = first; !rows.done; rows = chunks.next()) {
      for (let i = 0; i < rows.value.length; i += PIECE_ROWS) {
        yield piece(rows.value.slice(i, i + PIECE_ROWS), comma);
        comma = true;
      }
      await pause();
    }
    yield form.close;
  }
  const text = Readable.from(body(), { highWaterMark: 1 });
  reply
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .header('vary', 'accept-encoding');
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(text);
  // Compressed here, not by @fastify/compress (which leaves an answer that already names its encoding alone):
  // its stream chain (peek-stream, pumpify) kept ~0.5 MB of every young generation alive into the old one,
  // and the server grew by about 100 MB over one whole list before V8 collected it; a plain pipeline stays flat.
  // At the fastest settings: a whole list is a bulk download, and the compressor's CPU is taken from the loop's
  // on a one-CPU host. For a season (6.3 MB) brotli 1 took 35 ms for 509 KB against 145 ms for 405 KB at 4,
  // gzip 1 65 ms for 599 KB against 150 ms for 499 KB at 6 (apps/server/bench/NOTES.md).
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } })
      : createGzip({ level: zlibConstants.Z_BEST_SPEED });
  // A caller who hangs up, or a read that fails, ends it early: the answer is cut off, as with any broken
  // connection (the status went out with the first bytes).
  pipeline(text, compressor).catch((error: unknown) =>
    request.log.warn({ err: error }, 'whole list cut off before its end'),
  );
  return reply.header('content-encoding', encoding).send(compressor);
}

/**
 * The references the shop's public reads are measured against, each in its own process: a plain node:http
 * server and a bare Fastify server, both sending answers recorded from the shop itself (the same bytes and
 * the same headers, br or identity as the request asks). Bare Fastify also writes the shop's minimum of
 * work: one pino log line a request on pino's asynchronous destination (standard output, to a file as on a
 * host). Plain node:http writes no log: it is the floor every server stands on.
 *
 *   node --import tsx bench/reference.ts plain|fastify <answers.json>   (PORT, HOST from the environment)
 *
 * Tells its parent (over IPC) the URL once it listens.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import Fastify from 'fastify';
import pino from 'pino';
import { z } from 'zod';

const recordedAnswer = z.object({
  headers: z.record(z.string(), z.string()),
  body: z.string(), // base64
});
/** Per path, the answer in each encoding the shop sent ('br', 'identity'). */
export const recordedAnswers = z.record(z.string(), z.record(z.string(), recordedAnswer));
export type RecordedAnswers = z.infer<typeof recordedAnswers>;

const [kind, file] = process.argv.slice(2);
if ((kind !== 'plain' && kind !== 'fastify') || !file) {
  throw new Error('usage: reference.ts plain|fastify <answers.json>');
}
const answers = new Map(
  Object.entries(recordedAnswers.parse(JSON.parse(readFileSync(file, 'utf8')))).map(([path, variants]) => [
    path,
    new Map(
      Object.entries(variants).map(([encoding, a]) => [
        encoding,
        { headers: a.headers, body: Buffer.from(a.body, 'base64') },
      ]),
    ),
  ]),
);

/** br when the client accepts it and the shop sent br for that path, else the identity bytes. */
function pick(url: string, acceptEncoding: string | undefined) {
  const variants = answers.get(url);
  if (!variants) return undefined;
  const br = acceptEncoding?.includes('br') ? variants.get('br') : undefined;
  return br ?? variants.get('identity');
}

const port = Number(process.env.PORT ?? '0');
const host = process.env.HOST ?? '127.0.0.1';
let url: string;

if (kind === 'plain') {
  const server = http.createServer((request, response) => {
    const answer = pick(request.url ?? '/', request.headers['accept-encoding']);
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, answer.headers);
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
} else {
  const app = Fastify({
    logger: { level: 'info', stream: pino.destination({ dest: 1, sync: false }) },
    disableRequestLogging: true,
  });
  // One line a request, written when it completes, as the shop writes it.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: reply.elapsedTime,
        ip: request.ip,
      },
      'request',
    );
    done();
  });
  for (const path of answers.keys()) {
    app.get(path, (request, reply) => {
      const answer = pick(path, request.headers['accept-encoding']);
      if (!answer) return reply.status(404).send();
      return reply.headers(answer.headers).send(answer.body);
    });
  }
  url = await app.listen({ port, host });
}

process.send?.({ url });
process.on('SIGTERM', () => process.exit(0));

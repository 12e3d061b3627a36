import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { freePort } from '../src/testing.ts';
import {
  alternating,
  args,
  cpuSeconds,
  fmt,
  load,
  ratio,
  record,
  rssMb,
  SETTLE_MS,
  say,
  serverDir,
  stopChild,
  tempDir,
} from './common.ts';

// `pnpm bench --only=list` without wrk: the product list by REST and tRPC against a plain Fastify route with
// the same bytes, in the same process (autocannon).

export async function productList(products: number): Promise<number> {
  const label = products > 0 ? `${fmt(products)} products` : 'demo catalogue';
  say(
    `\nProduct list (${label}): autocannon, 50 connections, ${args.seconds} s each, accept-encoding as Chromium sends it`,
  );
  const dataDir = tempDir('list');
  const port = await freePort();
  const logFile = path.join(dataDir, 'server.log');
  const logFd = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'bench', 'serve.ts')], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BENCH_PRODUCTS: String(products),
    },
    stdio: ['ignore', logFd, logFd, 'ipc'],
  });
  closeSync(logFd);
  const ready = z.object({ url: z.string(), answers: z.array(z.string()) }).parse(
    await new Promise<unknown>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) =>
        reject(new Error(`bench server exited with ${code}: ${readFileSync(logFile, 'utf8').slice(-2000)}`)),
      );
    }),
  );
  const { url } = ready;
  const [rest = '', trpc = ''] = ready.answers;
  const size = (wire: string) => {
    const [bytes = '0', encoding = ''] = wire.split(':');
    return `${fmt(Number(bytes) / 1024, 1)} KB ${encoding}`;
  };
  say(`  answers on the wire: REST ${size(rest)}, tRPC ${size(trpc)}`);
  try {
    for (const [name, real] of [
      ['REST GET /api/v1/Products/GetProductsToShow', '/api/v1/Products/GetProductsToShow'],
      ['tRPC catalog.productsToShow', '/trpc/catalog.productsToShow'],
    ] as const) {
      const anchorPath = real.startsWith('/trpc') ? '/bench/anchor/trpc' : '/bench/anchor/rest';
      await load(`${url}${real}`, { duration: 2 }); // warm-up: JIT, caches
      await load(`${url}${anchorPath}`, { duration: 2 });
      const serverCpu = cpuSeconds(child.pid);
      const benchCpu = process.cpuUsage();
      const [measured, anchor] = await alternating(`${url}${real}`, `${url}${anchorPath}`);
      const answers = (measured.requests.average + anchor.requests.average) * args.seconds;
      const benchUsed = process.cpuUsage(benchCpu);
      const failures = measured.errors + measured.non2xx + anchor.errors + anchor.non2xx;
      const r = measured.requests.average / anchor.requests.average;
      record({
        section: `Product list (${label})`,
        name: `${name} req/s`,
        value: fmt(measured.requests.average),
        anchor: fmt(anchor.requests.average),
        ratio: r.toFixed(2),
        goal: '>= 0.8',
        met: r >= 0.8 && failures === 0,
      });
      record({
        section: `Product list (${label})`,
        name: `${name} p99 latency`,
        value: `${measured.latency.p99} ms`,
        anchor: `${anchor.latency.p99} ms`,
        ratio: ratio(measured.latency.p99, anchor.latency.p99),
        goal: '< 20 ms',
        met: measured.latency.p99 < 20,
      });
      // Where the time goes: when the load generator needs more CPU per answer than the server, the p99 is
      // mostly its own queue on this 2-core machine, for the route and its anchor alike.
      say(
        `  CPU per answer: server ${fmt(((cpuSeconds(child.pid) - serverCpu) * 1000) / answers, 2)} ms, autocannon ${fmt((benchUsed.user + benchUsed.system) / 1000 / answers, 2)} ms`,
      );
      if (failures > 0) say(`  ${failures} errors or non-2xx answers`);
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return rssMb(child.pid);
  } finally {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

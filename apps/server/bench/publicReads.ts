import { spawn } from 'node:child_process';
import { closeSync, openSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import { SERVER_ENVIRONMENT } from '../src/serverStart.ts';
import { freePort } from '../src/testing.ts';
import {
  args,
  cpuSeconds,
  fmt,
  ROUNDS,
  type Running,
  ratio,
  record,
  say,
  serverDir,
  stopChild,
  tempDir,
} from './common.ts';
import type { RecordedAnswers } from './reference.ts';
import { pinToCore, runWrk, type WrkResult } from './wrk.ts';

// `pnpm bench --only=list` with wrk: the release's public reads beside a plain node:http server and a bare
// Fastify server sending the very same bytes and headers.

/** The shop's answer as sent on the wire: headers (less the per-connection ones) and the raw bytes. */
export function recordAnswer(
  url: string,
  acceptEncoding: string | null,
): Promise<{ headers: Record<string, string>; body: string }> {
  const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (!perConnection.has(name) && value !== undefined) headers[name] = String(value);
          }
          resolve({ headers, body: Buffer.concat(chunks).toString('base64') });
        });
      })
      .on('error', reject);
  });
}

/** A reference server (bench/reference.ts) in its own process, its log to a file as the release's. */
export async function startReference(
  kind: 'plain' | 'fastify',
  answersFile: string,
  dir: string,
): Promise<Running> {
  const port = await freePort();
  const log = openSync(path.join(dir, `${kind}.log`), 'a');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(serverDir, 'bench', 'reference.ts'), kind, answersFile],
    {
      cwd: serverDir,
      env: { ...SERVER_ENVIRONMENT, PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', log, log, 'ipc'],
    },
  );
  closeSync(log);
  const ready = z.object({ url: z.string() }).parse(
    await new Promise<unknown>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the ${kind} reference exited with ${code}`)));
    }),
  );
  return { child, url: ready.url, dataDir: dir };
}

/**
 * Slices of each server in turn (ROUNDS each), so other work on the machine weighs on all alike. Each
 * result carries the server's CPU per answer (user + system, from /proc), which the machine's other work
 * disturbs far less than the rates.
 */
export async function wrkAlternating(
  servers: { url: string; pid: number | undefined }[],
  headers: Record<string, string>,
  wrkCpu: number | undefined,
): Promise<(WrkResult & { cpuMs: number })[]> {
  const slice = Math.max(1, Math.round(args.seconds / ROUNDS));
  const runs: WrkResult[][] = servers.map(() => []);
  const cpu = servers.map(() => 0);
  const options = { headers, ...(wrkCpu === undefined ? {} : { cpu: wrkCpu }) };
  for (const { url } of servers) await runWrk(url, { seconds: 1, ...options }); // warm-up: JIT, caches
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, { url, pid }] of servers.entries()) {
      const before = cpuSeconds(pid);
      runs[i]?.push(await runWrk(url, { seconds: slice, ...options }));
      cpu[i] = (cpu[i] ?? 0) + cpuSeconds(pid) - before;
    }
  }
  return runs.map((results, i) => {
    const requests = results.reduce((n, r) => n + r.requests, 0);
    const seconds = results.reduce((n, r) => n + r.seconds, 0);
    const p99s = results.map((r) => r.p99Ms).sort((a, b) => a - b);
    return {
      requests,
      seconds,
      rate: requests / seconds,
      p50Ms: Number.NaN,
      p99Ms: p99s[Math.floor(p99s.length / 2)] ?? Number.NaN,
      errors: results.reduce((n, r) => n + r.errors, 0),
      non2xx: results.reduce((n, r) => n + r.non2xx, 0),
      cpuMs: ((cpu[i] ?? 0) * 1000) / Math.max(1, requests),
    };
  });
}

export async function publicReadsWithWrk(release: Running): Promise<void> {
  say(
    `\nPublic reads with wrk (1 thread, 50 connections, ${args.seconds} s per server in ${ROUNDS} alternating slices): the release beside bare Fastify and plain node:http sending the same bytes and headers`,
  );
  const html = await (await fetch(`${release.url}/`)).text();
  // The largest script the home page loads (its entry or a chunk it preloads): the one a static file
  // server is slowest to send.
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  let asset: string | undefined;
  let assetBytes = 0;
  for (const script of scripts) {
    const bytes = (await (await fetch(`${release.url}${script}`)).arrayBuffer()).byteLength;
    if (bytes > assetBytes) [asset, assetBytes] = [script, bytes];
  }
  const reads: { name: string; path: string; encodings: ('br' | 'identity')[] }[] = [
    { name: 'REST product list', path: '/api/v1/Products/GetProductsToShow', encodings: ['identity', 'br'] },
    { name: 'tRPC product list', path: '/trpc/catalog.productsToShow', encodings: ['identity', 'br'] },
    { name: 'REST settings', path: '/api/v1/Settings/GetAllSettings', encodings: ['identity'] },
    { name: '/health', path: '/health', encodings: ['identity'] },
    ...(asset
      ? [
          {
            name: 'static asset (largest JS of /)',
            path: asset,
            encodings: ['identity', 'br'] as ('br' | 'identity')[],
          },
        ]
      : []),
  ];
  const dir = tempDir('references');
  const recorded: RecordedAnswers = {};
  for (const read of reads) {
    recorded[read.path] = {};
    for (const encoding of read.encodings) {
      const answer = await recordAnswer(`${release.url}${read.path}`, encoding === 'br' ? 'br' : null);
      (recorded[read.path] as Record<string, unknown>)[encoding] = answer;
    }
  }
  const answersFile = path.join(dir, 'answers.json');
  writeFileSync(answersFile, JSON.stringify(recorded));
  const fastify = await startReference('fastify', answersFile, dir);
  const plain = await startReference('plain', answersFile, dir);
  // The servers on the second core, wrk on the first (pinToCore says why); unpinned where that cannot be.
  const pinned = [release, fastify, plain].every((s) => pinToCore(s.child.pid, 1));
  say(
    pinned
      ? "  (the servers' main threads pinned to core 1, wrk to core 0)"
      : '  (not pinned to cores: taskset or a second core is missing, so the slices vary more)',
  );
  try {
    for (const read of reads) {
      for (const encoding of read.encodings) {
        const headers: Record<string, string> = encoding === 'br' ? { 'accept-encoding': 'br' } : {};
        const bytes = Buffer.from(recorded[read.path]?.[encoding]?.body ?? '', 'base64').length;
        const [shop, bare, floor] = await wrkAlternating(
          [release, fastify, plain].map((s) => ({ url: `${s.url}${read.path}`, pid: s.child.pid })),
          headers,
          pinned ? 0 : undefined,
        );
        if (!shop || !bare || !floor) throw new Error('wrk gave no result');
        const label = `${read.name}, ${encoding} (${fmt(bytes / 1024, 1)} KB)`;
        const failures = shop.errors + shop.non2xx;
        const r = shop.rate / bare.rate;
        record({
          section: 'Public reads (wrk)',
          name: `${label} req/s`,
          value: fmt(shop.rate),
          anchor: `${fmt(bare.rate)} Fastify`,
          ratio: r.toFixed(2),
          goal: '>= 0.9 of bare Fastify',
          met: r >= 0.9 && failures === 0,
        });
        record({
          section: 'Public reads (wrk)',
          name: `${label}: against plain node:http`,
          value: fmt(shop.rate),
          anchor: `${fmt(floor.rate)} node:http`,
          ratio: ratio(shop.rate, floor.rate),
          goal: '(reported)',
          met: null,
        });
        record({
          section: 'Public reads (wrk)',
          name: `${label} p99`,
          value: `${shop.p99Ms.toFixed(1)} ms`,
          anchor: `${bare.p99Ms.toFixed(1)} ms`,
          ratio: ratio(shop.p99Ms, bare.p99Ms),
          goal: '< 10 ms',
          met: shop.p99Ms < 10,
        });
        record({
          section: 'Public reads (wrk)',
          name: `${label}: server CPU per answer`,
          value: `${(shop.cpuMs * 1000).toFixed(0)} µs`,
          anchor: `${(bare.cpuMs * 1000).toFixed(0)} µs Fastify`,
          ratio: ratio(bare.cpuMs, shop.cpuMs),
          goal: '(reported: Fastify/shop)',
          met: null,
        });
        if (failures > 0) say(`  ${failures} errors or non-2xx answers from the shop`);
      }
    }
  } finally {
    await stopChild(fastify.child);
    await stopChild(plain.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Acknowledged order ids that are not in the database with their three lines. */

/**
 * `pnpm bench --only=loop`: on the ten-season shop (bench/scale.ts loadHistory, ~100,000 orders), each big
 * staff answer runs alone while a visitor asks for the product list and /health in a loop beside it; printed
 * for each: the answer's time, the visitor's p99 and longest wait, and the longest event-loop delay the server
 * saw meanwhile (monitorEventLoopDelay, read inside the server's own process). The goal: no answer holds the
 * loop more than 50 ms at a time. Then four whole GetAllOrders at once; last, the changes that move the shop on:
 * the season roll-over and a 5,000-row catalogue sheet, each previewed and then applied.
 *
 * The server is the release build as a host runs it (release/server.js, its workers bundled beside it), with
 * bench/loopMonitor.ts loaded before it: the loop's delays and the server thread's CPU time, read and reset by
 * the bench over IPC, so nothing is added to the shop for the bench.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { startRelease } from './common.ts';
import { type ScaleTools, staffSignIn, tenSeasonShop } from './scale.ts';

const LOOP_GOAL_MS = 50;
export const STAFF = { email: 'loop@example.com', password: 'loop-bench-password-23' };
const BROWSER_ENCODING = 'gzip, deflate, br';

export const loopReading = z.object({ maxMs: z.number(), p99Ms: z.number(), threadCpuMs: z.number() });
type LoopReading = z.infer<typeof loopReading>;

export function ask<T>(child: ChildProcess, message: string, schema: z.ZodType<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (answer: unknown) => {
      const parsed = schema.safeParse(answer);
      if (!parsed.success) return;
      child.off('message', onMessage);
      resolve(parsed.data);
    };
    child.on('message', onMessage);
    if (!child.send(message)) reject(new Error('the bench server is gone'));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** One whole answer read and thrown away as it arrives (the bench's own loop stays free); its size in bytes. */
export function request(
  url: string,
  options: { method?: string; token?: string; encoding?: string } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: {
          'accept-encoding': options.encoding ?? 'identity',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.method === 'POST' ? { 'content-length': '0' } : {}),
        },
      },
      (response) => {
        let bytes = 0;
        const head: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          if (bytes < 300) head.push(chunk);
          bytes += chunk.length;
        });
        response.on('end', () => {
          if (response.statusCode !== 200) {
            reject(
              new Error(
                `${url} answered ${response.statusCode}: ${Buffer.concat(head).toString('utf8').slice(0, 300)}`,
              ),
            );
          } else resolve(bytes);
        });
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

/** A visitor asking for the product list, then /health, then again, until stopped; every wait in ms. */
export function visitor(base: string): { stop(): Promise<number[]> } {
  const waits: number[] = [];
  let running = true;
  const done = (async () => {
    const visitorAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (p: string) =>
      new Promise<void>((resolve, reject) => {
        http
          .get(
            `${base}${p}`,
            { agent: visitorAgent, headers: { 'accept-encoding': BROWSER_ENCODING } },
            (r) => {
              r.resume();
              r.on('end', resolve);
              r.on('error', reject);
            },
          )
          .on('error', reject);
      });
    try {
      for (let n = 0; running; n += 1) {
        const t0 = performance.now();
        await get(n % 2 === 0 ? '/api/v1/Products/GetProductsToShow' : '/health');
        waits.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      visitorAgent.destroy();
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return waits;
    },
  };
}

export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? Number.NaN;
export const ms = (n: number) =>
  `${n.toLocaleString('en-US', { maximumFractionDigits: n < 100 ? 1 : 0 })} ms`;

const monitorFile = fileURLToPath(new URL('./loopMonitor.ts', import.meta.url));

/** The release server as a host runs it, with the loop monitor loaded before it; `prefix` wraps the command. */
export async function startMonitoredRelease(
  dataDir: string,
  prefix: string[] = [],
): Promise<{ child: ChildProcess; port: number; url: string; logFile: string }> {
  const { child, url } = await startRelease(
    dataDir,
    {},
    { prefix, nodeFlags: ['--import', monitorFile], ipc: true },
  );
  return { child, port: Number(new URL(url).port), url, logFile: path.join(dataDir, 'server.log') };
}

/** Each big staff answer the bench times: its name, address and how it is asked for. */
export function bigStaffAnswers(season: number): [string, string, { method?: string; encoding?: string }][] {
  const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(input));
  return [
    ['GetAllOrders, identity', '/api/v1/Orders/GetAllOrders', {}],
    ['GetAllOrders, gzip', '/api/v1/Orders/GetAllOrders', { encoding: 'gzip' }],
    ['GetAllOrders, br', '/api/v1/Orders/GetAllOrders', { encoding: 'br' }],
    ['GetAllOrdersForSeason (current)', `/api/v1/Orders/GetAllOrdersForSeason?season=${season}`, {}],
    ['export current season orders', '/Exports/GetCurrentSeasonOrdersWithProducts', {}],
    ['export year over year', '/Exports/GetYearOverYearExport', {}],
    ['export stock', '/Exports/GetStockExport', {}],
    ['season report export', `/Exports/GetSeasonReportExport?season=${season}`, {}],
    ['REST SeasonReport', `/api/v1/SeasonReport?season=${season}`, {}],
    ['pick list (orders without a day)', '/api/v1/PickUp/GetPickList?pickUpDay=none', {}],
    ['pick list, br', '/api/v1/PickUp/GetPickList?pickUpDay=none', { encoding: 'br' }],
    [
      'tRPC pickup.pickList, br',
      `/trpc/pickup.pickList?input=${trpcInput({ pickUpDay: 'none' })}`,
      { encoding: 'br' },
    ],
    [
      'tRPC seasonReport.get, br',
      `/trpc/seasonReport.get?input=${trpcInput({ season })}`,
      { encoding: 'br' },
    ],
    ['pick list export', '/Exports/GetPickListExport?pickUpDay=none', {}],
    ['backup download', '/api/v1/BackupAuth', { method: 'POST' }],
  ];
}

/** A file sent as a form's `file` field, as the back office uploads it; the answer's length. */
async function upload(url: string, token: string, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)], { type }), name);
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return { bytes: text.length, text };
}

/** A whole answer's bytes (the backup, the catalogue sheet), to be uploaded again. */
export async function download(url: string, token: string, method = 'GET'): Promise<Uint8Array> {
  const response = await fetch(url, { method, headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The big staff uploads, each a function that runs it: a preview of the whole catalogue sheet and a restore of
 * the shop's own backup (taken now, so restoring it changes nothing else the bench measures).
 */
export async function staffUploads(
  url: string,
  token: string,
): Promise<(readonly [string, () => Promise<number>])[]> {
  const backup = await download(`${url}/api/v1/BackupAuth`, token, 'POST');
  const sheet = await download(`${url}/api/v1/Products/Spreadsheet/Csv`, token);
  return [
    [
      'catalogue preview, the whole catalogue',
      async () =>
        (
          await upload(
            `${url}/api/v1/Products/Spreadsheet/Preview`,
            token,
            sheet,
            'catalogue.csv',
            'text/csv',
          )
        ).bytes,
    ],
    [
      'restore of the backup',
      async () =>
        (await upload(`${url}/api/v1/RestoreAuth`, token, backup, 'shop.zip', 'application/zip')).bytes,
    ],
  ];
}

/** JSON posted as staff (the season roll-over); the answer's length and its data. */
async function postJson(
  url: string,
  token: string,
  body: unknown,
): Promise<{ bytes: number; data: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return { bytes: text.length, data: (JSON.parse(text) as { data: unknown }).data };
}

const withToken = z.object({ token: z.string() });
const ROLLOVER_OPTIONS = { raisePercent: 3, statuses: { '3': 2 }, stock: 'keep' };
const SHEET_ROWS = 5_000;

/**
 * The big staff changes, run last because they change the shop, each step a function that runs it: the season
 * roll-over's preview and start on the ten seasons, then a catalogue sheet of 5,000 new products (the most a
 * sheet holds) previewed and applied. Each start takes the token its preview answered.
 */
export async function staffChanges(
  url: string,
  token: string,
): Promise<(readonly [string, () => Promise<number>])[]> {
  const csv = Buffer.from(await download(`${url}/api/v1/Products/Spreadsheet/Csv`, token)).toString('utf8');
  const header = (parse(csv, { bom: true, relax_column_count: true }) as string[][])[0] ?? [];
  const rows = Array.from({ length: SHEET_ROWS }, (_, i) => {
    const row = header.map(() => '');
    row[header.indexOf('Name')] = `Bench seedling ${i + 1}`;
    row[header.indexOf('Tier 1 From')] = '1';
    row[header.indexOf('Tier 1 Price')] = '2.50';
    return row;
  });
  const sheet = new TextEncoder().encode(stringify([header, ...rows]));
  const tokens = { rollover: '', sheet: '' };
  const sheetUrl = `${url}/api/v1/Products/Spreadsheet`;
  return [
    [
      'season roll-over preview',
      async () => {
        const { bytes, data } = await postJson(
          `${url}/api/v1/Seasons/Rollover/Preview`,
          token,
          ROLLOVER_OPTIONS,
        );
        tokens.rollover = withToken.parse(data).token;
        return bytes;
      },
    ],
    [
      'season roll-over start',
      async () =>
        (
          await postJson(`${url}/api/v1/Seasons/Rollover`, token, {
            options: ROLLOVER_OPTIONS,
            token: tokens.rollover,
          })
        ).bytes,
    ],
    [
      `catalogue preview, ${SHEET_ROWS.toLocaleString('en-US')} new rows`,
      async () => {
        const answer = await upload(`${sheetUrl}/Preview`, token, sheet, 'bulk.csv', 'text/csv');
        tokens.sheet = withToken.parse((JSON.parse(answer.text) as { data: unknown }).data).token;
        return answer.bytes;
      },
    ],
    [
      `catalogue apply, ${SHEET_ROWS.toLocaleString('en-US')} new rows`,
      async () =>
        (
          await upload(
            `${sheetUrl}/Apply?token=${encodeURIComponent(tokens.sheet)}`,
            token,
            sheet,
            'bulk.csv',
            'text/csv',
          )
        ).bytes,
    ],
  ];
}

export async function eventLoopScenario(tools: ScaleTools): Promise<void> {
  const { say } = tools;
  const section = 'Event loop while big staff answers run (ten seasons)';
  const load = os.loadavg()[0] ?? Number.NaN;
  say(`\n${section}: load average ${load.toFixed(1)} on ${os.cpus().length} cores`);
  if (load > 1) say('  (the machine is busy with other work: delays include waiting for a CPU)');
  const { dataDir, current } = await tenSeasonShop(tools, 'loop', STAFF);

  const { child, port, url, logFile } = await startMonitoredRelease(dataDir);
  try {
    const token = await staffSignIn(`http://localhost:${port}`, STAFF);
    const big = bigStaffAnswers(current);
    // Warm-up: the JIT and SQLite's page cache, so the first figure is not the cold start's.
    await request(`${url}/api/v1/Orders/GetAllOrders?limit=1`, { token });
    await request(`${url}/api/v1/Products/GetProductsToShow`);
    say(
      `  ${'answer'.padEnd(36)} ${'bytes'.padStart(10)} ${'time'.padStart(9)} ${'visitor p99'.padStart(12)} ${'visitor max'.padStart(12)} ${'loop max'.padStart(10)} ${'thread CPU'.padStart(11)}  goal: loop < ${LOOP_GOAL_MS} ms`,
    );
    const measure = async (name: string, run: () => Promise<number[]>) => {
      await ask(child, 'reset', z.object({ reset: z.literal(true) }));
      const seen = visitor(url);
      await new Promise((r) => setTimeout(r, 50));
      const t0 = performance.now();
      let sizes: number[];
      let time: number;
      try {
        sizes = await run();
        time = performance.now() - t0;
      } finally {
        // Stopped either way: a visitor left running would outlive the server.
        await seen.stop();
      }
      const waits = await seen.stop();
      const loop: LoopReading = await ask(child, 'read', loopReading);
      const p99 = percentile(waits, 99);
      const max = Math.max(...waits);
      say(
        `  ${name.padEnd(36)} ${(sizes.reduce((a, b) => a + b, 0) / 1024).toFixed(0).padStart(8)}KB ${ms(time).padStart(9)} ${ms(p99).padStart(12)} ${ms(max).padStart(12)} ${ms(loop.maxMs).padStart(10)} ${ms(loop.threadCpuMs).padStart(11)}  ${loop.maxMs < LOOP_GOAL_MS ? 'ok' : 'MISSED'}`,
      );
    };
    const quiet = async () => {
      await new Promise((r) => setTimeout(r, 300));
    };
    await measure('(nothing: the visitor alone)', async () => {
      await new Promise((r) => setTimeout(r, 1000));
      return [0];
    });
    for (const [name, p, options] of big) {
      await quiet();
      await measure(name, async () => [await request(`${url}${p}`, { ...options, token })]);
    }
    for (const [name, run] of await staffUploads(url, token)) {
      await quiet();
      await measure(name, async () => [await run()]);
    }
    await quiet();
    const finished: number[] = [];
    const t0 = performance.now();
    await measure('four GetAllOrders at once, identity', () =>
      Promise.all(
        [0, 1, 2, 3].map(async () => {
          const bytes = await request(`${url}/api/v1/Orders/GetAllOrders`, { token });
          finished.push(performance.now() - t0);
          return bytes;
        }),
      ),
    );
    say(
      `    each of the four ended at ${finished.map(ms).join(', ')} (fair sharing ends them close together)`,
    );
    // Last: a new season and 5,000 more products would change every figure above.
    for (const [name, run] of await staffChanges(url, token)) {
      await quiet();
      await measure(name, async () => [await run()]);
    }
  } catch (error) {
    say(`  the server's log ends with:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    throw error;
  } finally {
    agent.destroy();
    await tools.stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

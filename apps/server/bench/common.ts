import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { z } from 'zod';
import { hostEnvironment, startCommand } from '../src/serverStart.ts';
import { freePort } from '../src/testing.ts';

// What every scenario of `pnpm bench` shares: the options, the figures recorded, starting and stopping the
// release, load runs.

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverDir, '..', '..');
export const releaseDir = path.join(repoRoot, 'release');
export const releaseServer = path.join(releaseDir, 'server.js');
export const webDist = path.join(repoRoot, 'apps', 'web', 'dist');
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// The flags Chromium runs with offline, the same as the browser tests'.
export { CHROMIUM_ARGS as CHROMIUM_FLAGS } from '../../web/e2e/support/browser.ts';

export const SECTIONS = [
  'list',
  'orders',
  'weight',
  'lighthouse',
  'search',
  'start',
  'scale',
  'pickup',
  'loop',
  'smallhost',
] as const;
export type Section = (typeof SECTIONS)[number];

const USAGE = `pnpm bench [options]: the shop's performance figures, written into docs/performance.md by a full run.
  --only=${SECTIONS.join(',')}   a subset (comma-separated)
  --seconds=N        load runs of N seconds (1-60, default 10)
  --no-write         print only, leave docs/performance.md alone
  --against=DIR      weight and lighthouse: measure beside another build's release/ folder, runs alternating
  --help             this text
`;
// Asking for the options must never start the whole (eight-minute) run.
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}

export const args = z
  .object({
    only: z
      .string()
      .optional()
      .transform((v) => (v ? v.split(',') : [...SECTIONS]))
      .pipe(z.array(z.enum(SECTIONS))),
    seconds: z.coerce.number().int().min(1).max(60).default(10),
    write: z.boolean().default(true),
    /** Another build's release/ folder: the storefront's figures are measured beside it, runs alternating. */
    against: z.string().min(1).optional(),
  })
  .parse(
    Object.fromEntries(
      process.argv.slice(2).map((a) => {
        if (a === '--no-write') return ['write', false];
        const [key = '', value = ''] = a.replace(/^--/, '').split('=');
        return [key, value];
      }),
    ),
  );
export const wanted = (s: Section) => args.only.includes(s);

export interface Figure {
  section: string;
  name: string;
  value: string;
  anchor: string;
  ratio: string;
  goal: string;
  met: boolean | null;
}
export const figures: Figure[] = [];

export function record(figure: Figure): void {
  figures.push(figure);
  const verdict = figure.met === null ? '' : figure.met ? '  ok' : '  MISSED';
  process.stdout.write(
    `  ${figure.name.padEnd(52)} ${figure.value.padStart(14)}  anchor ${figure.anchor.padStart(14)}  ratio ${figure.ratio.padStart(6)}  goal ${figure.goal}${verdict}\n`,
  );
}

/** A resident-memory figure of a server, against the shop's anchor and goal of 150 MB. */
export function recordMemory(name: string, rss: number): void {
  record({
    section: 'Memory',
    name,
    value: `${rss.toFixed(0)} MB`,
    anchor: '150 MB',
    ratio: ratio(rss, 150),
    goal: '< 150 MB',
    met: rss < 150,
  });
}

/**
 * The release's memory after the order and product-list loads: settled (measured against the goal), and the
 * moment the load ended, reported beside it under `atEndName`.
 */
export function recordMemoryAfterLoads(rss: number, atEnd: number, atEndName: string): void {
  recordMemory(
    `RSS of ${startCommand('release/server.js')}, ${SETTLE_MS / 1000} s after order and list loads`,
    rss,
  );
  record({
    section: 'Memory',
    name: atEndName,
    value: `${atEnd.toFixed(0)} MB`,
    anchor: '-',
    ratio: '-',
    goal: '(reported)',
    met: null,
  });
}

export function say(text: string): void {
  process.stdout.write(`${text}\n`);
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
export const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : (a / b).toFixed(2));

export function rssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 'NaN');
  return kb / 1024;
}

/** User + system CPU seconds a process has used so far (from /proc, in clock ticks of 1/100 s). */
export function cpuSeconds(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function waitForHealth(url: string, child: ChildProcess, deadlineMs = 60_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url}/health did not answer`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export interface Running {
  child: ChildProcess;
  url: string;
  dataDir: string;
}

/** How a bench starts the server beyond what a host does: flags before it, a command around it, an IPC channel. */
export interface Launch {
  /** Node flags before release/server.js (an --import of the bench's loop monitor). */
  nodeFlags?: string[];
  /** A command that runs the server as its last words (a shell that first moves itself into a cgroup). */
  prefix?: string[];
  /** An IPC channel to the server (the loop monitor answers over it). */
  ipc?: boolean;
  /** Another build's server.js in place of release/server.js (the figures of a build to compare against). */
  server?: string;
}

/** `node release/server.js` exactly as on a host, with its log going to a file in its data folder. */
export async function startRelease(
  dataDir: string,
  env: Record<string, string> = {},
  launch: Launch = {},
): Promise<Running> {
  const port = await freePort();
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const [command = process.execPath, ...words] = [
    ...(launch.prefix ?? []),
    process.execPath,
    ...(launch.nodeFlags ?? []),
    launch.server ?? releaseServer,
  ];
  const child = spawn(command, words, {
    cwd: dataDir,
    env: hostEnvironment(port, dataDir, {
      // The load comes from this one machine: a budget no load reaches keeps its check on the measured path.
      ORDERS_PER_CLIENT_PER_HOUR: '100000000',
      ...env,
    }),
    stdio: launch.ipc ? ['ignore', log, log, 'ipc'] : ['ignore', log, log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    const said = readFileSync(path.join(dataDir, 'server.log'), 'utf8').slice(-2000);
    throw new Error(`the server did not start; its log ends with:\n${said}`, { cause: error });
  }
  return { child, url, dataDir };
}

export function tempDir(label: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `nursery-bench-${label}-`));
}

export async function load(
  url: string,
  options: Partial<autocannon.Options> = {},
): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: 50,
    duration: args.seconds,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    ...options,
  });
}

/** What a figure needs from a load run: rate, p99, failures. */
export interface Measured {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  non2xx: number;
}

export const ROUNDS = 5;

/**
 * How long after a load the memory is read: the shop asks V8 for its low-memory collection once its event
 * loop was quiet for two seconds (src/quietMemory.ts), which gives V8's emptied pages back within a second or
 * two of that. The figure the moment the load ends is printed beside it.
 */
export const SETTLE_MS = 10_000;

/**
 * The route and its anchor in alternating slices (ROUNDS of each, args.seconds in all per side), so load from
 * other work on the machine falls on both alike: the rate is the sum of requests over the summed time, the
 * p99 the median of the slices' p99s.
 */
export async function alternating(real: string, anchor: string): Promise<[Measured, Measured]> {
  const slice = Math.max(1, Math.round(args.seconds / ROUNDS));
  const runs: { real: autocannon.Result[]; anchor: autocannon.Result[] } = { real: [], anchor: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    runs.real.push(await load(real, { duration: slice }));
    runs.anchor.push(await load(anchor, { duration: slice }));
  }
  const combine = (results: autocannon.Result[]): Measured => {
    const requests = results.reduce((n, r) => n + r['2xx'] + r.non2xx, 0);
    const seconds = results.reduce((n, r) => n + r.duration, 0);
    const p99s = results.map((r) => r.latency.p99).sort((a, b) => a - b);
    return {
      requests: { average: requests / seconds },
      latency: { p99: p99s[Math.floor(p99s.length / 2)] ?? Number.NaN },
      errors: results.reduce((n, r) => n + r.errors, 0),
      non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    };
  };
  return [combine(runs.real), combine(runs.anchor)];
}

/**
 * wrk (Debian's package, a C load generator) driven from the bench. autocannon, in the bench's own Node
 * process, needed more CPU per answer than the server on this 2-core machine and so measured itself; wrk
 * needs a fraction of it. scripts/ensure-wrk.sh installs it where it is missing.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

export interface WrkResult {
  requests: number;
  seconds: number;
  /** Answers a second. */
  rate: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors (connect, read, write) and timeouts. */
  errors: number;
  /** Answers with a status outside 2xx and 3xx. */
  non2xx: number;
}

/** wrk's summary as one JSON line, written by the Lua `done` hook appended to every script. */
const REPORT = `
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"micros":%d,"p50":%d,"p99":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end
`;

const reportLine = z.object({
  requests: z.number(),
  micros: z.number(),
  p50: z.number(),
  p99: z.number(),
  errors: z.number(),
  non2xx: z.number(),
});

export interface WrkOptions {
  seconds: number;
  connections?: number;
  threads?: number;
  headers?: Record<string, string>;
  /** Lua defining request()/response()/init() (wrk's hooks); the report's done() is added to it. */
  script?: string;
  /** Arguments for the script's init(args). */
  scriptArgs?: string[];
  /** The one core wrk runs on (see pinToCore), when the servers it loads are pinned to another. */
  cpu?: number;
}

/**
 * Pins a process's main thread to one core, through util-linux's taskset; false where that is not possible
 * (no taskset, one core). On 2 cores the scheduler put wrk and the measured server now on the same core, now
 * on different ones, from one slice to the next: the same server's CPU per answer swung between 50 and 80 µs
 * and single slices' ratios between 0.69 and 1.59 (28 Nov). With the servers' main threads on one core and
 * wrk on the other, 0.87-1.08. Only the main thread: V8's collector threads, started with the process, may
 * still run on either core, as on a host. Pinning every thread put them beside the main thread, and the
 * p99 of every server, bare Fastify's too, went from 6-10 ms to 35-45 ms.
 */
export function pinToCore(pid: number | undefined, cpu: number): boolean {
  if (pid === undefined || os.availableParallelism() < 2) return false;
  const pinned = spawnSync('taskset', ['--pid', '--cpu-list', String(cpu), String(pid)], {
    stdio: 'ignore',
  });
  return pinned.error === undefined && pinned.status === 0;
}

export async function runWrk(url: string, options: WrkOptions): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nursery-wrk-'));
  try {
    const script = path.join(dir, 'script.lua');
    writeFileSync(script, `${options.script ?? ''}\n${REPORT}`);
    const args = [
      `-t${options.threads ?? 1}`,
      `-c${options.connections ?? 50}`,
      `-d${options.seconds}s`,
      '--timeout',
      '30s',
      '-s',
      script,
      ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
      url,
      ...(options.scriptArgs?.length ? ['--', ...options.scriptArgs] : []),
    ];
    const stdout = await new Promise<string>((resolve, reject) => {
      const [command, commandArgs] =
        options.cpu === undefined
          ? ['wrk', args]
          : ['taskset', ['--cpu-list', String(options.cpu), 'wrk', ...args]];
      execFile(command, commandArgs, { maxBuffer: 16 * 1024 * 1024 }, (error, out, err) =>
        error ? reject(new Error(`wrk failed: ${err || error.message}`)) : resolve(out),
      );
    });
    const json = /WRK_JSON (\{.*\})/.exec(stdout)?.[1];
    if (!json) throw new Error(`wrk printed no summary:\n${stdout}`);
    const r = reportLine.parse(JSON.parse(json));
    const seconds = r.micros / 1e6;
    return {
      requests: r.requests,
      seconds,
      rate: r.requests / seconds,
      p50Ms: r.p50 / 1000,
      p99Ms: r.p99 / 1000,
      errors: r.errors,
      non2xx: r.non2xx,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Durable order submits: each request its own client address, sent as the last X-Forwarded-For entry (the
 * one a trusted proxy appends, TRUST_PROXY=1), and every order id answered with 200 written to a file per
 * wrk thread under `idsDir`, so the bench can look for each after a SIGKILL. With `cycle`, each request's
 * body is `before`, the next of `values`, then `after` (the pick-up bench books its days in turn).
 */
export function orderScript(
  body: string,
  cycle?: { before: string; values: readonly number[]; after: string },
): string {
  const bodyOfRequest = cycle
    ? `${JSON.stringify(cycle.before)} .. values[(n % #values) + 1] .. ${JSON.stringify(cycle.after)}`
    : 'body';
  return `
local counter = 0
local thread_index = 0
local ids = nil
local body = ${JSON.stringify(body)}
local values = { ${cycle ? cycle.values.join(', ') : ''} }
function setup(thread)
  thread:set("index", thread_index)
  thread_index = thread_index + 1
end
function init(args)
  ids = io.open(args[1] .. "/ids-" .. index, "w")
end
function request()
  counter = counter + 1
  local n = counter * 8 + index
  local address = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format("POST", nil, { ["Content-Type"] = "application/json", ["X-Forwarded-For"] = "192.0.2.1, " .. address }, ${bodyOfRequest})
end
function response(status, headers, response_body)
  if status == 200 then
    local id = string.match(response_body, '"orderId":(%d+)')
    if id then ids:write(id, "\\n") ids:flush() end
  end
end
`;
}

/** The order ids the order script wrote. */
export function acknowledgedIds(idsDir: string): number[] {
  return readdirSync(idsDir)
    .filter((f) => f.startsWith('ids-'))
    .flatMap((f) => readFileSync(path.join(idsDir, f), 'utf8').split('\n').filter(Boolean).map(Number));
}

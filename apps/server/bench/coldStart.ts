import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { freePort } from '../src/testing.ts';
import {
  fmt,
  ratio,
  record,
  releaseServer,
  rssMb,
  say,
  stopChild,
  tempDir,
  waitForHealth,
} from './common.ts';

// `pnpm bench --only=start`: from spawning the release to its first answer, against a bare node:http server.

export const BARE_SERVER =
  "require('node:http').createServer((q,s)=>s.end('ok')).listen(Number(process.env.PORT),'127.0.0.1')";

export async function timeToFirstAnswer(
  spawnIt: (port: number) => ChildProcess,
): Promise<{ ms: number; child: ChildProcess; url: string }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnIt(port);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  return { ms: performance.now() - started, child, url };
}

export async function coldStart(): Promise<void> {
  say('\nCold start: spawning the process to the first 200 of /health');
  const dataDir = tempDir('start');
  const env = (port: number) => ({
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  });
  const spawnRelease = (port: number) =>
    spawn(process.execPath, [releaseServer], {
      cwd: dataDir,
      env: env(port),
      stdio: 'ignore',
    });
  const first = await timeToFirstAnswer(spawnRelease);
  await stopChild(first.child);
  const again: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const run = await timeToFirstAnswer(spawnRelease);
    again.push(run.ms);
    await stopChild(run.child);
  }
  const bare: number[] = [];
  let bareRss = Number.NaN;
  for (let i = 0; i < 3; i += 1) {
    const run = await timeToFirstAnswer((port) =>
      spawn(process.execPath, ['-e', BARE_SERVER], { env: env(port), stdio: 'ignore' }),
    );
    bare.push(run.ms);
    bareRss = rssMb(run.child.pid);
    await stopChild(run.child);
  }
  rmSync(dataDir, { recursive: true, force: true });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  record({
    section: 'Cold start',
    name: `node release/server.js, existing data folder (median of 3)`,
    value: `${fmt(median(again))} ms`,
    anchor: `${fmt(median(bare))} ms`,
    ratio: ratio(median(again), median(bare)),
    goal: '< 1,500 ms',
    met: median(again) < 1500,
  });
  record({
    section: 'Cold start',
    name: `node release/server.js, empty data folder (migrate, seed, keys)`,
    value: `${fmt(first.ms)} ms`,
    anchor: `${fmt(median(bare))} ms`,
    ratio: ratio(first.ms, median(bare)),
    goal: '(reported)',
    met: null,
  });
  say(`  anchor: a bare node:http server answering 200 (RSS ${bareRss.toFixed(0)} MB)`);
}

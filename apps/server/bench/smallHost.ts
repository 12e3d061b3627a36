/**
 * `pnpm bench --only=smallhost`: the cheapest host. The ten-season shop (bench/scale.ts loadHistory, ~100,000
 * orders) runs as release/server.js inside a cgroup v1 group of 512 MB of memory and one CPU, while a visitor
 * asks for the product list and /health beside the staff work: every big staff read, export and the backup
 * alone, then the uploads (a catalogue preview of the whole catalogue, a restore of the backup), then all of
 * them at once. Printed: the group's peak memory (memory.max_usage_in_bytes), how often it hit its limit
 * (memory.failcnt, must stay 0), the visitor's p99 and the server's longest event-loop delay. Needs root and
 * cgroup v1's memory and cpuset controllers; where they are missing it says so and skips.
 */
import { accessSync, constants, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  ask,
  bigStaffAnswers,
  loopReading,
  ms,
  percentile,
  request,
  STAFF,
  staffUploads,
  startMonitoredRelease,
  visitor,
} from './eventLoop.ts';
import { type ScaleTools, staffSignIn, tenSeasonShop } from './scale.ts';

const MEMORY_ROOT = '/sys/fs/cgroup/memory';
const CPUSET_ROOT = '/sys/fs/cgroup/cpuset';
const LIMIT_BYTES = 512 * 1024 * 1024;

/** Why the group cannot be made here, or null when it can. */
function whyNoGroup(): string | null {
  for (const root of [MEMORY_ROOT, CPUSET_ROOT]) {
    try {
      accessSync(path.join(root, 'cgroup.procs'), constants.W_OK);
    } catch {
      return `${root} is not a writable cgroup v1 controller (it needs root and cgroup v1)`;
    }
  }
  return null;
}

interface Group {
  memory: string;
  cpuset: string;
  remove(): void;
}

/** A memory group of 512 MB and a cpuset of the first CPU, named for this run. */
function makeGroup(): Group {
  const name = `nursery-smallhost-${process.pid}`;
  const memory = path.join(MEMORY_ROOT, name);
  const cpuset = path.join(CPUSET_ROOT, name);
  mkdirSync(memory);
  mkdirSync(cpuset);
  writeFileSync(path.join(memory, 'memory.limit_in_bytes'), String(LIMIT_BYTES));
  // A cpuset takes no task until both its CPUs and its memory nodes are set.
  const firstCpu = readFileSync(path.join(CPUSET_ROOT, 'cpuset.cpus'), 'utf8').trim().split(/[-,]/)[0] ?? '0';
  const firstNode =
    readFileSync(path.join(CPUSET_ROOT, 'cpuset.mems'), 'utf8').trim().split(/[-,]/)[0] ?? '0';
  writeFileSync(path.join(cpuset, 'cpuset.cpus'), firstCpu);
  writeFileSync(path.join(cpuset, 'cpuset.mems'), firstNode);
  return {
    memory,
    cpuset,
    remove() {
      for (const dir of [memory, cpuset]) {
        try {
          rmdirSync(dir);
        } catch {
          // Still holding a task that is exiting: the kernel's group stays until it is gone.
        }
      }
    },
  };
}

const counter = (group: Group, file: string) => Number(readFileSync(path.join(group.memory, file), 'utf8'));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function smallHostScenario(tools: ScaleTools): Promise<void> {
  const { say } = tools;
  const section = 'The cheapest host: 512 MB and one CPU (cgroup v1), ten seasons';
  const why = whyNoGroup();
  if (why) {
    say(`\n${section}: skipped, ${why}`);
    return;
  }
  const load = os.loadavg()[0] ?? Number.NaN;
  say(`\n${section}: load average ${load.toFixed(1)} on ${os.cpus().length} cores`);
  if (load > 1) say('  (the machine is busy with other work: the one CPU is shared with it)');
  const { dataDir, current } = await tenSeasonShop(tools, 'smallhost', STAFF);

  const group = makeGroup();
  // The shell moves itself into both groups, then becomes the server: everything it allocates is counted.
  const enter = `echo $$ > ${group.memory}/cgroup.procs && echo $$ > ${group.cpuset}/cgroup.procs && exec "$@"`;
  const { child, port, url } = await startMonitoredRelease(dataDir, ['sh', '-c', enter, 'sh']);
  try {
    const token = await staffSignIn(`http://localhost:${port}`, STAFF);
    const reads = bigStaffAnswers(current).map(
      ([name, p, options]) => [name, () => request(`${url}${p}`, { ...options, token })] as const,
    );
    const uploads = await staffUploads(url, token);
    say(
      `  ${'staff work'.padEnd(40)} ${'time'.padStart(9)} ${'visitor p99'.padStart(12)} ${'loop max'.padStart(10)} ${'group peak'.padStart(11)} ${'failcnt'.padStart(8)}`,
    );
    const allWaits: number[] = [];
    const measure = async (name: string, run: () => Promise<unknown>) => {
      await ask(child, 'reset', z.object({ reset: z.literal(true) }));
      const seen = visitor(url);
      const t0 = performance.now();
      try {
        await run();
      } finally {
        const waits = await seen.stop();
        allWaits.push(...waits);
        const loop = await ask(child, 'read', loopReading);
        say(
          `  ${name.padEnd(40)} ${ms(performance.now() - t0).padStart(9)} ${ms(percentile(waits, 99)).padStart(12)} ${ms(loop.maxMs).padStart(10)} ${mb(counter(group, 'memory.max_usage_in_bytes')).padStart(11)} ${String(counter(group, 'memory.failcnt')).padStart(8)}`,
        );
      }
    };
    for (const [name, run] of [...reads, ...uploads]) await measure(name, run);
    await measure('all of them at once', () => Promise.all([...reads, ...uploads].map(([, run]) => run())));
    const peak = counter(group, 'memory.max_usage_in_bytes');
    const failures = counter(group, 'memory.failcnt');
    const p99 = percentile(allWaits, 99);
    tools.record({
      section,
      name: 'peak memory of the group (memory.max_usage_in_bytes), every step',
      value: mb(peak),
      anchor: mb(LIMIT_BYTES),
      ratio: (peak / LIMIT_BYTES).toFixed(2),
      goal: `< ${mb(LIMIT_BYTES)}`,
      met: peak < LIMIT_BYTES,
    });
    tools.record({
      section,
      name: 'times the group hit its memory limit (memory.failcnt)',
      value: String(failures),
      anchor: '0',
      ratio: '-',
      goal: '0',
      met: failures === 0,
    });
    tools.record({
      section,
      name: "a visitor's p99 beside the staff work, every step",
      value: ms(p99),
      anchor: '-',
      ratio: '-',
      goal: '(reported)',
      met: null,
    });
    say(`  peak ${mb(peak)} of ${mb(LIMIT_BYTES)}, limit hit ${failures} times, visitor p99 ${ms(p99)}`);
  } finally {
    await tools.stopChild(child);
    group.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

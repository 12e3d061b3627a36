import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { figures, repoRoot, say } from './common.ts';

// docs/performance.md from a full run: the figures, then the hand-written part of the file kept as it was.

/** The heading from which docs/performance.md is written by hand. */
const HAND_WRITTEN_FROM = '## How the figures are measured';

/** Writes docs/performance.md: the run's figures, then the hand-written part kept from the file as it was. */
export function writeReport(startedAt: Date, totalSeconds: number, loadAtStart: number): void {
  const cpus = os.cpus();
  const sections = [...new Set(figures.map((f) => f.section))];
  const lines = [
    '# Performance',
    '',
    'Figures from `pnpm bench` (apps/server/bench/run.ts), each with the ratio against an anchor measured in the same run',
    'on the same machine. Where a figure has no natural anchor, the anchor column holds the goal. Benchmarks print figures;',
    'they are never timed tests. Every load run targets 127.0.0.1 and stops by itself.',
    '',
    '**Running them**: `pnpm bench` runs everything (about 8 minutes on 2 cores, on an otherwise idle machine) and',
    'rewrites the tables below; `pnpm bench --only=list,orders` (also weight, lighthouse, search, start, scale, pickup, loop, smallhost)',
    'runs some and only prints, `--seconds=5` shortens the load runs, `--no-write` leaves this file alone, and',
    "`--against=DIR` measures the storefront's weight and Lighthouse beside another build's `release/` folder, its runs",
    "alternating with this build's (the way to compare on a busy machine). It builds",
    '`release/` first when it is missing or older than any source file. wrk (scripts/ensure-wrk.sh) and Chromium',
    '(/usr/bin/chromium) are needed for the load and browser figures.',
    '',
    `Latest run: ${startedAt.toISOString()}, \`pnpm bench${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(' ')}` : ''}\`, ${totalSeconds.toFixed(0)} s;`,
    `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, Node ${process.version}, ${os.type()} ${os.release()};`,
    `load average ${loadAtStart.toFixed(1)} at the start and ${(os.loadavg()[0] ?? Number.NaN).toFixed(1)} at the end (other work on the machine lowers every figure; ratios less so).`,
    '',
  ];
  for (const section of sections) {
    lines.push(
      `## ${section}`,
      '',
      '| measure | figure | anchor | ratio | goal | |',
      '|---|---:|---:|---:|---|---|',
    );
    for (const f of figures.filter((x) => x.section === section)) {
      lines.push(
        `| ${f.name} | ${f.value} | ${f.anchor} | ${f.ratio} | ${f.goal} | ${f.met === null ? '' : f.met ? 'met' : '**missed**'} |`,
      );
    }
    lines.push('');
  }
  // What follows the tables (how they are measured, the design behind them) is written by hand: kept as it is.
  const reportFile = path.join(repoRoot, 'docs', 'performance.md');
  const previous = existsSync(reportFile) ? readFileSync(reportFile, 'utf8') : '';
  const handWritten = previous.indexOf(`\n${HAND_WRITTEN_FROM}\n`);
  if (handWritten >= 0) lines.push(previous.slice(handWritten + 1).trim(), '');
  writeFileSync(reportFile, `${lines.join('\n')}\n`);
  say('\nWrote docs/performance.md');
}

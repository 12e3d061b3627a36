/**
 * `pnpm bench`: the shop's performance figures, each printed with the ratio against an anchor measured in
 * the same run on the same machine, then written into docs/performance.md. Figures, never timed tests.
 * Every load run targets 127.0.0.1 only and stops by itself.
 *
 *   pnpm bench                       everything (about 4 minutes on 2 cores)
 *   pnpm bench --only=list,orders    a subset: list, orders, weight, lighthouse, search, start, scale, pickup, loop
 *   pnpm bench --only=pickup         checkouts booking pick-up days with wrk: orders/s and overbooking (must be 0)
 *   pnpm bench --only=scale          the ten-season, ~100,000-order shop (bench/scale.ts, about 3 minutes)
 *   pnpm bench --only=loop           the server's event loop and a visitor's waits while each big staff answer
 *                                    runs on the ten-season shop (bench/eventLoop.ts)
 *   pnpm bench --only=smallhost      the ten-season shop in a 512 MB, one-CPU cgroup (v1, as root) with a visitor
 *                                    beside every big staff read, export, backup and upload, alone and together
 *                                    (bench/smallHost.ts): peak memory, failcnt, the visitor's p99
 *   pnpm bench --seconds=5           shorter load runs while iterating (the documented figures use 10)
 *   pnpm bench --no-write            print only, leave docs/performance.md alone
 *   pnpm bench --only=weight,lighthouse --against=/path/to/release
 *                                    the storefront beside another build (its release/ folder), runs alternating
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { coldStart } from './coldStart.ts';
import {
  args,
  CHROMIUM,
  CHROMIUM_FLAGS,
  figures,
  load,
  record,
  recordMemory,
  recordMemoryAfterLoads,
  releaseServer,
  repoRoot,
  rssMb,
  SECTIONS,
  SETTLE_MS,
  say,
  startRelease,
  stopChild,
  tempDir,
  wanted,
  webDist,
} from './common.ts';
import { fuzzySearch } from './fuzzySearch.ts';
import { benchCustomer, orderLines, orderSubmit } from './orderSubmit.ts';
import { ordersWithWrk } from './ordersWithWrk.ts';
import { productList } from './productList.ts';
import { publicReadsWithWrk } from './publicReads.ts';
import { writeReport } from './report.ts';
import { pageQuality, storefrontWeight } from './storefrontPages.ts';
import { hasWrk } from './wrk.ts';

/** Whether a source file of the server, the web app or a package changed after `builtAt` (ms). */
function sourceNewerThan(builtAt: number): boolean {
  const folders = ['apps/server/src', 'apps/server/scripts', 'apps/web/src', ...packageSources()];
  // The web build's own configuration decides how the code is split and compressed.
  const files = readdirSync(path.join(repoRoot, 'apps/web'))
    .filter((name) => /\.(ts|html)$/.test(name))
    .map((name) => path.join(repoRoot, 'apps/web', name));
  return (
    files.some((file) => statSync(file).mtimeMs > builtAt) ||
    folders.some((folder) =>
      readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: 'utf8' }).some(
        (file) => statSync(path.join(repoRoot, folder, file)).mtimeMs > builtAt,
      ),
    )
  );
}

function packageSources(): string[] {
  return readdirSync(path.join(repoRoot, 'packages'))
    .map((name) => `packages/${name}/src`)
    .filter((folder) => existsSync(path.join(repoRoot, folder)));
}

async function main(): Promise<void> {
  const startedAt = new Date();
  // Measuring the build of an earlier change would credit (or blame) this one with its figures.
  const rebuild =
    !existsSync(releaseServer) || !existsSync(path.join(webDist, '.vite', 'manifest.json'))
      ? 'release/ or the web manifest is missing'
      : sourceNewerThan(statSync(releaseServer).mtimeMs)
        ? 'release/ is older than the source'
        : null;
  if (rebuild) {
    say(`${rebuild}: running pnpm build first`);
    execFileSync('pnpm', ['build'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const loadAtStart = os.loadavg()[0] ?? Number.NaN;
  say(
    `pnpm bench on ${os.cpus().length} cores, Node ${process.version}; load runs of ${args.seconds} s; load average ${loadAtStart.toFixed(1)}`,
  );
  if (loadAtStart > 1)
    say('  (other work is running on this machine: figures and ratios will be lower than on an idle one)');

  const withWrk = hasWrk();
  if (!withWrk) say('  wrk is not installed (scripts/ensure-wrk.sh installs it): measuring with autocannon');
  if (withWrk && wanted('list')) {
    const release = await startRelease(tempDir('reads'));
    try {
      await publicReadsWithWrk(release);
    } finally {
      await stopChild(release.child);
      rmSync(release.dataDir, { recursive: true, force: true });
    }
  }
  if (withWrk && wanted('orders')) await ordersWithWrk();
  if (wanted('pickup')) {
    if (withWrk) {
      const { pickUpDayScenario } = await import('./pickUpDays.ts');
      await pickUpDayScenario({
        record,
        say,
        startRelease,
        stopChild,
        tempDir,
        seconds: args.seconds,
        orderLines,
        customer: benchCustomer,
      });
    } else say('\nPick-up days: skipped, wrk is not installed (scripts/ensure-wrk.sh installs it)');
  }

  let listRss = Number.NaN;
  if (!withWrk && wanted('list')) {
    listRss = await productList(0);
    listRss = Math.max(listRss, await productList(2000));
  }

  const ordersWithAutocannon = !withWrk && wanted('orders');
  if (ordersWithAutocannon || wanted('weight') || wanted('lighthouse')) {
    const release = await startRelease(tempDir('release'));
    try {
      if (ordersWithAutocannon) await orderSubmit(release);
      if (ordersWithAutocannon) {
        // A product-list load on the same process, so its memory figure covers both kinds of load.
        await load(`${release.url}/api/v1/Products/GetProductsToShow`);
        const atEnd = rssMb(release.child.pid);
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const rss = rssMb(release.child.pid);
        say('\nServer memory after the load runs');
        recordMemoryAfterLoads(rss, atEnd, 'the same, the moment the load ends (garbage not yet collected)');
        if (Number.isFinite(listRss)) {
          recordMemory(
            `RSS of the product-list bench server (createServer under tsx, 2,000 products), ${SETTLE_MS / 1000} s after`,
            listRss,
          );
        }
      }
      const against = args.against && (wanted('weight') || wanted('lighthouse')) ? args.against : null;
      const anchor = against
        ? {
            dir: against,
            release: await startRelease(tempDir('before'), {}, { server: path.join(against, 'server.js') }),
          }
        : undefined;
      try {
        if (wanted('weight')) await storefrontWeight(release, anchor);
        if (wanted('lighthouse')) await pageQuality(release, anchor);
      } finally {
        if (anchor) {
          await stopChild(anchor.release.child);
          rmSync(anchor.release.dataDir, { recursive: true, force: true });
        }
      }
    } finally {
      await stopChild(release.child);
      rmSync(release.dataDir, { recursive: true, force: true });
    }
  }

  if (wanted('search')) await fuzzySearch();
  if (wanted('start')) await coldStart();
  // The ten-season scenarios share the run's recorder, its release starter and its Chromium.
  const scaleTools = {
    record,
    say,
    startRelease,
    stopChild,
    tempDir,
    chromiumPath: CHROMIUM,
    chromiumFlags: CHROMIUM_FLAGS,
  };
  if (wanted('scale')) {
    const { scaleScenario } = await import('./scale.ts');
    await scaleScenario(scaleTools);
  }
  if (wanted('smallhost')) {
    const { smallHostScenario } = await import('./smallHost.ts');
    await smallHostScenario(scaleTools);
  }
  if (wanted('loop')) {
    const { eventLoopScenario } = await import('./eventLoop.ts');
    await eventLoopScenario(scaleTools);
  }

  const seconds = (Date.now() - startedAt.getTime()) / 1000;
  const missed = figures.filter((f) => f.met === false);
  say(`\n${figures.length} figures in ${seconds.toFixed(0)} s; ${missed.length} goals missed`);
  for (const f of missed) say(`  missed: ${f.section}: ${f.name} = ${f.value} (goal ${f.goal})`);
  if (args.write && args.only.length === SECTIONS.length) writeReport(startedAt, seconds, loadAtStart);
  else if (args.write) say('(docs/performance.md is written only by a full run)');
}

await main();

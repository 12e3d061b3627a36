import type { ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE_NAME, openDatabase } from '@nursery/db';
import {
  args,
  cpuSeconds,
  fmt,
  ratio,
  record,
  recordMemoryAfterLoads,
  rssMb,
  SETTLE_MS,
  say,
  startRelease,
  tempDir,
} from './common.ts';
import { benchCustomer, orderLines } from './orderSubmit.ts';
import { acknowledgedIds, orderScript, runWrk } from './wrk.ts';

// `pnpm bench --only=orders` with wrk: durable order submits from many client addresses, and no acknowledged
// order lost after a SIGKILL.

export function missingOrders(dataDir: string, acknowledged: number[]): number {
  const database = openDatabase(path.join(dataDir, DATABASE_FILE_NAME));
  try {
    const linesOf = database.sqlite.prepare('select count(*) as n from order_lines where order_id = ?');
    return acknowledged.filter((id) => (linesOf.get(id) as { n: number } | undefined)?.n !== 3).length;
  } finally {
    database.close();
  }
}

/** SIGKILL, as a power cut would; answers once the process is gone. */
export async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** How long the order load runs before it is measured (see ordersWithWrk). */
export const ORDER_WARM_UP_SECONDS = 6;

export async function ordersWithWrk(): Promise<void> {
  say(
    `\nDurable order submits with wrk: POST /api/v1/Orders/Submit, 3 lines, 50 connections, ${args.seconds} s, each request its own client address (the last X-Forwarded-For entry, TRUST_PROXY=1 as docs/deploy.md sets it)`,
  );
  // The shipped per-client order budget (100 an hour) stays on: every request comes from its own address.
  const orderEnv = { TRUST_PROXY: '1', ORDERS_PER_CLIENT_PER_HOUR: '100' };
  let release = await startRelease(tempDir('orders'), orderEnv);
  const idsDir = tempDir('order-ids');
  try {
    const lines = await orderLines(release.url);
    const script = orderScript(JSON.stringify({ ...benchCustomer, orderProductXrefs: lines }));
    // A fresh shop's first seconds of orders are not the steady state a busy morning runs in: its WAL grows
    // to its working size (about 4 MB, 1,000 pages, then reused) and the path is compiled by the JIT in tiers.
    // In 4 s slices from a fresh start: 3,100-3,900 orders/s, then 4,700-5,400, then steady (bench/NOTES.md).
    await runWrk(`${release.url}/api/v1/Orders/Submit`, {
      seconds: ORDER_WARM_UP_SECONDS,
      script,
      scriptArgs: [idsDir],
    });
    rmSync(idsDir, { recursive: true, force: true });
    mkdirSync(idsDir);
    const cpuBefore = cpuSeconds(release.child.pid);
    const result = await runWrk(`${release.url}/api/v1/Orders/Submit`, {
      seconds: args.seconds,
      script,
      scriptArgs: [idsDir],
    });
    const cpuPerOrder = ((cpuSeconds(release.child.pid) - cpuBefore) * 1000) / Math.max(1, result.requests);
    // A product-list load on the same process, so the memory figure covers both kinds of load.
    await runWrk(`${release.url}/api/v1/Products/GetProductsToShow`, {
      seconds: args.seconds,
      headers: { 'accept-encoding': 'br' },
    });
    const atEnd = rssMb(release.child.pid);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const rss = rssMb(release.child.pid);
    const acknowledged = acknowledgedIds(idsDir);
    await kill(release.child);
    const missing = missingOrders(release.dataDir, acknowledged);
    record({
      section: 'Order submit (wrk)',
      name: 'durable orders/s (3 lines, 50 connections, a client address each)',
      value: fmt(acknowledged.length / result.seconds),
      anchor: '5,000',
      ratio: ratio(acknowledged.length / result.seconds, 5000),
      goal: '>= 5,000/s',
      met: acknowledged.length / result.seconds >= 5000,
    });
    record({
      section: 'Order submit (wrk)',
      name: 'p99 latency',
      value: `${result.p99Ms.toFixed(1)} ms`,
      anchor: '50 ms',
      ratio: ratio(result.p99Ms, 50),
      goal: '< 50 ms',
      met: result.p99Ms < 50,
    });
    record({
      section: 'Order submit (wrk)',
      name: 'refused or failed; acknowledged orders missing after SIGKILL',
      value: `${result.errors + result.non2xx}; ${missing}`,
      anchor: '0; 0',
      ratio: '-',
      goal: '0 and 0',
      met: result.errors + result.non2xx === 0 && missing === 0,
    });
    say(
      `  server CPU per order ${cpuPerOrder.toFixed(3)} ms; ${fmt(acknowledged.length)} orders acknowledged`,
    );
    say('\nServer memory after the order and product-list loads');
    recordMemoryAfterLoads(rss, atEnd, 'the same, the moment the load ends');

    // SIGKILL in the middle of a burst: every order answered 200 before the kill is in the database.
    release = await startRelease(release.dataDir, orderEnv);
    rmSync(idsDir, { recursive: true, force: true });
    mkdirSync(idsDir);
    const burst = runWrk(`${release.url}/api/v1/Orders/Submit`, { seconds: 3, script, scriptArgs: [idsDir] });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await kill(release.child);
    await burst;
    const killedDuring = acknowledgedIds(idsDir);
    const lost = missingOrders(release.dataDir, killedDuring);
    record({
      section: 'Order submit (wrk)',
      name: `acknowledged orders missing after a SIGKILL in mid-burst (of ${fmt(killedDuring.length)})`,
      value: String(lost),
      anchor: '0',
      ratio: '-',
      goal: '0',
      met: lost === 0 && killedDuring.length > 0,
    });
  } finally {
    await kill(release.child);
    rmSync(release.dataDir, { recursive: true, force: true });
    rmSync(idsDir, { recursive: true, force: true });
  }
}

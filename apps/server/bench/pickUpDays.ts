/**
 * `pnpm bench --only=pickup`: checkouts booking pick-up days at 50 connections with wrk, against the release.
 *
 * Two runs on one fresh shop. In the first the days have room for every order the run can place, so its rate
 * is the booking rate (a submit with the capacity count of its day). In the second a few small days are
 * hammered far past their capacity: every day must end with exactly its capacity of orders, never more
 * (overbooking 0), and every order acknowledged must be on the day it asked for. The days are written
 * straight into the shop's database (WAL) before each run: the staff REST calls are not what is measured.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE_NAME, openDatabase } from '@nursery/db';
import type { ScaleTools } from './scale.ts';
import { acknowledgedIds, orderScript, runWrk } from './wrk.ts';

const SECTION = 'Pick-up days (wrk)';

export interface PickUpDayTools
  extends Pick<ScaleTools, 'record' | 'say' | 'startRelease' | 'stopChild' | 'tempDir'> {
  seconds: number;
  orderLines(url: string): Promise<{ productId: number; quantity: number }[]>;
  customer: Record<string, string>;
}

interface DayCount {
  pickUpDayId: number;
  capacity: number;
  booked: number;
}

export async function pickUpDayScenario(tools: PickUpDayTools): Promise<void> {
  const { say, record } = tools;
  say(
    `\nPick-up days: POST /api/v1/Orders/Submit choosing a day, 3 lines, 50 connections, ${tools.seconds} s a run, each request its own client address`,
  );
  const release = await tools.startRelease(tools.tempDir('pickup'), { TRUST_PROXY: '1' });
  const idsDir = tools.tempDir('pickup-ids');
  const database = openDatabase(path.join(release.dataDir, DATABASE_FILE_NAME));
  try {
    const lines = await tools.orderLines(release.url);
    const body = JSON.stringify({ ...tools.customer, orderProductXrefs: lines, pickUpDayId: 0 });
    // The day's number goes between the two halves, request by request.
    const [head, after] = body.split('"pickUpDayId":0') as [string, string];
    const before = `${head}"pickUpDayId":`;
    const sqlite = database.sqlite;
    const year = new Date().getFullYear() + 1;
    const addDays = (first: number, count: number, capacity: number): number[] =>
      Array.from({ length: count }, (_, i) => {
        const date = `${year}-${String(first + Math.floor(i / 28)).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
        return Number(
          sqlite
            .prepare(
              "insert into pick_up_days (date, start_time, end_time, capacity) values (?, '09:00', '16:00', ?)",
            )
            .run(date, capacity).lastInsertRowid,
        );
      });
    const counts = (ids: number[]): DayCount[] =>
      ids.map((id) => {
        const row = sqlite
          .prepare(
            `select d.capacity as capacity, (select count(*) from orders o
               where o.pick_up_day_id = d.pick_up_day_id and o.deleted_at is null) as booked
             from pick_up_days d where d.pick_up_day_id = ?`,
          )
          .get(id) as { capacity: number; booked: number };
        return { pickUpDayId: id, ...row };
      });
    const onItsDay = (acknowledged: number[], ids: number[]): number => {
      const dayOf = sqlite.prepare('select pick_up_day_id as day from orders where order_id = ?');
      const days = new Set(ids);
      return acknowledged.filter((id) => days.has((dayOf.get(id) as { day: number } | undefined)?.day ?? -1))
        .length;
    };
    const run = async (ids: number[]) => {
      rmSync(idsDir, { recursive: true, force: true });
      // Each request books the next day in turn, from its own client address, as the order bench does.
      const script = orderScript('', { before, values: ids, after });
      mkdirSync(idsDir, { recursive: true });
      const result = await runWrk(`${release.url}/api/v1/Orders/Submit`, {
        seconds: tools.seconds,
        script,
        scriptArgs: [idsDir],
      });
      return { result, acknowledged: acknowledgedIds(idsDir) };
    };

    // 1. Days with room for every order: the booking rate.
    const roomy = addDays(4, 10, 1_000_000);
    // One checkout first, so a refusal (a changed body, ordering closed) is said instead of measured.
    const probe = await fetch(`${release.url}/api/v1/Orders/Submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1, 10.255.255.254' },
      body: `${before}${roomy[0]}${after}`,
    });
    if (probe.status !== 200)
      throw new Error(`a checkout was refused: ${probe.status} ${await probe.text()}`);
    const warm = await run(roomy);
    say(`  warm-up: ${warm.acknowledged.length} orders`);
    const booking = await run(roomy);
    const rate = booking.acknowledged.length / booking.result.seconds;
    const overRoomy = counts(roomy).reduce((n, d) => n + Math.max(0, d.booked - d.capacity), 0);
    record({
      section: SECTION,
      name: 'orders/s booking a pick-up day (3 lines, 50 connections)',
      value: rate.toLocaleString('en-US', { maximumFractionDigits: 0 }),
      anchor: '-',
      ratio: '-',
      goal: '(reported)',
      met: null,
    });
    record({
      section: SECTION,
      name: 'p99 latency booking a day',
      value: `${booking.result.p99Ms.toFixed(1)} ms`,
      anchor: '-',
      ratio: '-',
      goal: '(reported)',
      met: null,
    });
    const failures = booking.result.errors + booking.result.non2xx;
    if (failures > 0) say(`  ${failures} errors or non-2xx answers while the days had room`);

    // 2. Five days of 40 places, far more checkouts than places: each ends exactly full.
    const tight = addDays(6, 5, 40);
    const contest = await run(tight);
    const tightCounts = counts(tight);
    const overbooked = tightCounts.reduce((n, d) => n + Math.max(0, d.booked - d.capacity), 0);
    const underbooked = tightCounts.reduce((n, d) => n + Math.max(0, d.capacity - d.booked), 0);
    const kept = onItsDay(contest.acknowledged, tight);
    record({
      section: SECTION,
      name: `overbooking: orders past capacity (5 days of 40, ${contest.result.requests.toLocaleString('en-US')} checkouts; and the roomy run)`,
      value: String(overbooked + overRoomy),
      anchor: '0',
      ratio: '-',
      goal: '0',
      met: overbooked + overRoomy === 0,
    });
    record({
      section: SECTION,
      name: 'places left empty while checkouts were refused; acknowledged orders not on their day',
      value: `${underbooked}; ${contest.acknowledged.length - kept}`,
      anchor: '0; 0',
      ratio: '-',
      goal: '0 and 0',
      met: underbooked === 0 && contest.acknowledged.length === kept,
    });
    say(
      `  ${contest.acknowledged.length} of ${contest.result.requests} checkouts booked the 200 places; the rest were told the day is full (${contest.result.non2xx} non-2xx)`,
    );
  } finally {
    database.close();
    await tools.stopChild(release.child);
    rmSync(release.dataDir, { recursive: true, force: true });
    rmSync(idsDir, { recursive: true, force: true });
  }
}

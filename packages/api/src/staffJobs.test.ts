import { describe, expect, it } from 'vitest';
import type { Shop } from './shop.ts';
import { asStaffJob, GONE_BEFORE_ITS_TURN, STAFF_JOBS_AT_ONCE, staffJobTurn } from './staffJobs.ts';

// Turns are kept per shop; the queue reads nothing else of it.
const aShop = () => ({}) as Shop;

/** A job that runs until `finish` is called, noting when it started. */
function job(shop: Shop, name: string, started: string[], signal?: AbortSignal) {
  let finish = () => {};
  const done = asStaffJob(
    shop,
    async () => {
      started.push(name);
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    },
    signal,
  );
  return { done, finish: () => finish() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Every turn is free: of three jobs asked for, two start at once, the third once one ends; all then end. */
async function twoStartAtOnce(shop: Shop, names: [string, string, string]): Promise<void> {
  const started: string[] = [];
  const jobs = names.map((name) => job(shop, name, started));
  await settle();
  expect(started).toEqual(names.slice(0, 2));
  for (const j of jobs) j.finish();
  await settle();
  for (const j of jobs) j.finish();
  await Promise.all(jobs.map((j) => j.done));
}

describe('big staff jobs take turns', () => {
  it('runs two at once and starts the others in the order they came, as turns end', async () => {
    expect(STAFF_JOBS_AT_ONCE).toBe(2);
    const shop = aShop();
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd', 'e'].map((name) => job(shop, name, started));
    await settle();
    expect(started).toEqual(['a', 'b']);
    jobs[1]?.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    jobs[0]?.finish();
    jobs[2]?.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    for (const j of jobs) j.finish();
    await Promise.all(jobs.map((j) => j.done));
    // Every turn given back: two start at once again.
    await twoStartAtOnce(shop, ['f', 'g', 'h']);
  });

  it('gives a turn back once however often it is ended, and when the job fails', async () => {
    const shop = aShop();
    const end = await staffJobTurn(shop);
    end();
    end();
    await expect(asStaffJob(shop, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await twoStartAtOnce(shop, ['a', 'b', 'c']);
  });

  it('keeps each shop its own turns', async () => {
    const started: string[] = [];
    const one = aShop();
    const other = aShop();
    const jobs = [job(one, 'a', started), job(one, 'b', started), job(other, 'c', started)];
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    for (const j of jobs) j.finish();
    await Promise.all(jobs.map((j) => j.done));
  });

  it('drops a job whose request closed while it waited: it never runs, and the next in line takes the turn', async () => {
    const shop = aShop();
    const started: string[] = [];
    const hungUp = new AbortController();
    const running = [job(shop, 'a', started), job(shop, 'b', started)];
    const gone = job(shop, 'c', started, hungUp.signal);
    const refused = expect(gone.done).rejects.toThrow(GONE_BEFORE_ITS_TURN);
    const next = job(shop, 'd', started);
    await settle();
    expect(started).toEqual(['a', 'b']);
    hungUp.abort();
    await refused;
    running[0]?.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'd']);
    // Every turn given back: two start at once again.
    running[1]?.finish();
    next.finish();
    await Promise.all([...running, next].map((j) => j.done));
    await twoStartAtOnce(shop, ['e', 'f', 'g']);
  });

  it('refuses at once a job whose request had closed before it asked for a turn', async () => {
    const shop = aShop();
    const started: string[] = [];
    const hungUp = new AbortController();
    hungUp.abort();
    await expect(job(shop, 'a', started, hungUp.signal).done).rejects.toThrow(GONE_BEFORE_ITS_TURN);
    expect(started).toEqual([]);
  });
});

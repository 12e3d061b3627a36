import { rmSync } from 'node:fs';
import { staffToken } from '@nursery/server/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anotherRelease,
  cachedAddresses,
  counterDay,
  phoneWithProfile,
  placeCounterOrder,
  releaseFiles,
  servedByWorker,
  signIn,
  WEB_ROOT,
  type YardShop,
  yardShop,
} from './support/index.ts';

/**
 * A release put in place while the yard has no signal: a customer's phone and a staff phone have the shop's
 * release A, the shop goes down, comes back with release B (every file renamed), and both phones go on
 * working: the customer's order and the counter's queued taps, each page wholly A or wholly B, never a mix and
 * never a file that is not there, and both on B from their next page.
 */

let shop: YardShop;
let releaseB: string;
let filesA: Set<string>;
let filesB: Set<string>;
let order: { id: number; phone: string };
let dayId: number;

beforeAll(async () => {
  shop = await yardShop();
  await shop.start();
  releaseB = anotherRelease(WEB_ROOT, '_b');
  filesA = releaseFiles(WEB_ROOT);
  filesB = releaseFiles(releaseB);
  const token = await staffToken(shop.server, { email: 'owner@example.com', name: 'Olive Owner' });
  const made = await counterDay(shop.server, token, '2099-05-02');
  dayId = made.dayId;
  const { productId } = made;
  const phone = '(555) 010-7788';
  const { orderId } = await placeCounterOrder(shop.server, token, {
    name: 'Rey Release',
    phoneNumber: phone,
    dayId,
    productId,
  });
  order = { id: orderId, phone };
}, 180_000);

afterAll(async () => {
  await shop?.dispose();
  if (releaseB) rmSync(releaseB, { recursive: true, force: true });
});

/**
 * What went wrong on a page: script errors, and release files it asked for and did not get. A request the
 * browser cancels because its page is being left (net::ERR_ABORTED: a chunk loaded once the page is idle, or
 * the next page's chunks fetched as the finger touches its link) is no file missing: the page is gone.
 */
function watch(page: Page): string[] {
  const wrong: string[] = [];
  page.on('pageerror', (error) => wrong.push(`error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const why = request.failure()?.errorText;
    if (new URL(request.url()).pathname.startsWith('/assets/') && why !== 'net::ERR_ABORTED') {
      wrong.push(`failed: ${request.url()} (${why})`);
    }
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/') && response.status() >= 400) {
      wrong.push(`${response.status()}: ${response.url()}`);
    }
  });
  return wrong;
}

/** Which release the page in front of the phone runs: every release file it loaded is of one release. */
async function releaseOf(page: Page): Promise<'A' | 'B'> {
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.startsWith('/assets/')),
  );
  expect(loaded.length).toBeGreaterThan(0);
  const ofA = loaded.filter((file) => filesA.has(file));
  const ofB = loaded.filter((file) => filesB.has(file));
  expect(ofA.length + ofB.length, `files of neither release: ${loaded.join(', ')}`).toBe(loaded.length);
  expect(ofA.length === 0 || ofB.length === 0, `a mix: ${ofA.join(', ')} with ${ofB.join(', ')}`).toBe(true);
  return ofA.length > 0 ? 'A' : 'B';
}

/**
 * Goes to the next page the way the visitor does and answers its release once it shows: a page of B after one
 * of A is always a page loaded in full, never A's code showing the next page while B takes over.
 */
async function nextPage(
  page: Page,
  go: () => Promise<unknown>,
  shown: Locator,
): Promise<{ release: 'A' | 'B'; loadedInFull: boolean }> {
  const before = await releaseOf(page);
  await page.evaluate(() => {
    document.documentElement.dataset.releaseWas = 'shown';
  });
  await go();
  await shown.waitFor();
  const release = await releaseOf(page);
  const loadedInFull = await page.evaluate(() => document.documentElement.dataset.releaseWas !== 'shown');
  if (before !== release) expect(loadedInFull, `${before} then ${release} in one document`).toBe(true);
  return { release, loadedInFull };
}

/**
 * The visitor goes to another page and back. The first page is still A, whole, while the phone fetches B in the
 * background, and then the way back loads in full from B; or, when the phone had already fetched B (the
 * browser also asks for a new release some time after a page loaded in full, so it may find B as soon as the
 * shop is back), the first page loads in full from B. Either way B from the next page on, each page whole.
 */
async function movesToB(page: Page, go: () => Promise<unknown>, shown: Locator, backShown: Locator) {
  if ((await nextPage(page, go, shown)).release === 'A') {
    await newReleaseReady(page);
    expect(await nextPage(page, () => page.evaluate(() => history.back()), backShown)).toEqual({
      release: 'B',
      loadedInFull: true,
    });
  } else {
    await backInFull(page, backShown);
  }
}

/**
 * Back to the page of A the phone left for a page of B: it loads in full from B. Never the page of A brought
 * back whole from the browser's memory (its back-forward cache) under B's worker, which has dropped A's files;
 * that page still carries the mark nextPage left on it, so a page without it is one loaded afresh. A page
 * brought back from memory fires no load event: the way back is waited for until it is under way.
 */
async function backInFull(page: Page, backShown: Locator) {
  await page.goBack({ waitUntil: 'commit' });
  await page.waitForFunction(() => document.documentElement.dataset.releaseWas !== 'shown', undefined, {
    timeout: 10_000,
  });
  await backShown.waitFor();
  expect(await releaseOf(page)).toBe('B');
}

/** Waits until the phone has fetched the new release and its worker waits to take over. */
async function newReleaseReady(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
    undefined,
    { timeout: 30_000, polling: 200 },
  );
}

/** The release files among what the worker keeps. */
function keptReleaseFiles(kept: Record<string, string[]>): string[] {
  return Object.values(kept)
    .flat()
    .map((address) => new URL(address).pathname)
    .filter((pathname) => pathname.startsWith('/assets/'));
}

const received = (orderId: number) =>
  shop.server.shop.database.sqlite
    .prepare('select action_id as id, recorded from counter_actions where order_id = ? order by rowid')
    .all(orderId) as { id: string; recorded: number }[];

describe('a release put in place during the outage', () => {
  it('keeps the order page and the counter working, each page whole, and both phones move to it', async () => {
    // Phones' browsers keep a page left for another whole in memory for Back (the back-forward cache).
    const customer = await phoneWithProfile({ backForwardCache: true });
    const staff = await phoneWithProfile({ backForwardCache: true });
    try {
      const orderPage = `${shop.origin}/Order/${order.id}/${encodeURIComponent(order.phone)}`;
      const desk = `/Admin/Pickup?day=${dayId}&show=all`;
      const customerWrong = watch(customer.page);
      const staffWrong = watch(staff.page);

      // Release A on both phones, each page served through its worker once.
      await customer.page.goto(orderPage);
      await customer.page.getByTestId('order-id').waitFor();
      await servedByWorker(customer.page);
      await customer.page.reload();
      await customer.page.getByTestId('order-id').waitFor();
      expect(await releaseOf(customer.page)).toBe('A');

      await signIn(staff.page, Object.assign(shop.server, { origin: shop.origin }), {
        path: desk,
        email: 'ada@example.com',
        name: 'Ada Yard',
      });
      await servedByWorker(staff.page);
      await staff.page.reload();
      const card = staff.page
        .locator('.pickup-list')
        .getByRole('listitem')
        .filter({ has: staff.page.getByRole('heading', { name: new RegExp(`^#${order.id} `) }) });
      await card.waitFor();
      expect(await releaseOf(staff.page)).toBe('A');

      // The yard's outage: the shop down, the customer opens the order again, staff hand the plants over.
      await shop.stop();
      await customer.page.reload();
      await customer.page.getByTestId('order-id').waitFor();
      expect(await customer.page.getByTestId('order-updated').textContent()).toMatch(
        /the copy kept on this phone/,
      );
      expect(await releaseOf(customer.page)).toBe('A');

      await staff.page
        .locator('.pickup-list')
        .getByRole('button', { name: `Check in order ${order.id}` })
        .click();
      await card.getByRole('button', { name: 'Mark picked up' }).click();
      await expect.poll(() => card.locator('.pickup-badge').textContent()).toBe('Picked up');
      await expect
        .poll(() => staff.page.getByTestId('counter-waiting').textContent())
        .toContain('1 change waits');

      // Release B is put in place and the shop comes back.
      await shop.start(releaseB);

      // The counter's waiting tap goes through, from the page still running A.
      await expect.poll(() => received(order.id).map((r) => r.recorded), { timeout: 40_000 }).toEqual([1]);
      await expect.poll(() => staff.page.getByTestId('counter-waiting').count(), { timeout: 20_000 }).toBe(0);

      // The customer's phone finds release B by itself before the customer moves on (the browser asks for a
      // new release some time after a page loaded in full), and fetches it. The next page loads in full from
      // B; back on the order, the page of A left behind must not come back whole from the browser's memory.
      await customer.page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await newReleaseReady(customer.page);
      const products = customer.page.locator('.product-card').first();
      const orderShown = customer.page.getByTestId('order-id');
      expect(
        await nextPage(
          customer.page,
          () => customer.page.getByRole('link', { name: 'Products' }).first().click(),
          products,
        ),
      ).toEqual({ release: 'B', loadedInFull: true });
      await backInFull(customer.page, orderShown);
      expect(await orderShown.textContent()).toBe(String(order.id));
      // The order as the shop has it now: handed over at the counter during the outage.
      await customer.page.getByText(/^This order was picked up on /).waitFor();
      // The phone keeps B alone now, and opens it offline.
      expect(keptReleaseFiles(await cachedAddresses(customer.page)).every((file) => filesB.has(file))).toBe(
        true,
      );
      await customer.context.setOffline(true);
      await customer.page.reload();
      await customer.page.getByTestId('order-id').waitFor();
      expect(await releaseOf(customer.page)).toBe('B');
      await customer.context.setOffline(false);

      // Staff go on at the counter under A, then move to B at their next page: still A while the phone fetches
      // B, or in full from B when the phone had found it by itself.
      await movesToB(
        staff.page,
        () => staff.page.getByRole('link', { name: 'Pick list' }).click(),
        staff.page.getByRole('heading', { name: /^Pick list/, level: 1 }),
        card,
      );
      expect(await releaseOf(staff.page)).toBe('B');
      await expect.poll(() => card.locator('.pickup-badge').textContent()).toBe('Picked up');
      expect(await staff.page.getByTestId('counter-waiting').count()).toBe(0);

      // Joined, so a failure reads every file and error in full.
      expect(customerWrong.join('\n')).toBe('');
      expect(staffWrong.join('\n')).toBe('');
    } finally {
      await customer.close();
      await staff.close();
    }
  });
});

/**
 * The counter through a drop of the network, on two staff phones (390 x 844): both lose the network, check in,
 * pay and undo on the same order and on different ones, and come back one after the other. Then the server is
 * counted: every tap arrived once, the first check-in and the first payment stand, nothing is paid twice, and
 * the phone whose taps lost shows each with what happened. Then a phone whose server is unreachable and whose
 * sign-in ends keeps its tap through a reload and the sign-in, and sends it after.
 */
import { rest, staffToken } from '@nursery/server/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  counterDay,
  PHONE,
  phoneWithProfile,
  placeCounterOrder,
  servedByWorker,
  shopInBrowser,
  signIn,
} from './support/index.ts';
import { fillProviderSignIn, type StaffLogin } from './support/signIn.ts';

const e2e = shopInBrowser();
let token: string;
let dayId: number;
const ids: number[] = [];
let total: number;
let productId: number;
let ada: { context: BrowserContext; page: Page; login: StaffLogin };
let bo: { context: BrowserContext; page: Page; login: StaffLogin };

interface Details {
  pickedUpUsername: string | null;
  paidMethod: string | null;
  paid: number | null;
  paidUsername: string | null;
  total: number;
}

const details = async (orderId: number) =>
  (
    await rest<Details>(e2e.shop.url, 'GET', `/api/v1/Orders/GetOrderDetailsById?orderId=${orderId}`, {
      token,
    })
  ).body.data;

/** Every tap the server received for an order, once each: the action ids and whether each was recorded. */
const received = (orderId: number) =>
  e2e.shop.shop.database.sqlite
    .prepare('select action_id as id, recorded from counter_actions where order_id = ? order by rowid')
    .all(orderId) as { id: string; recorded: number }[];

beforeAll(async () => {
  token = await staffToken(e2e.shop, { email: 'owner@example.com', name: 'Olive Owner' });
  const made = await counterDay(e2e.shop, token, '2099-04-25');
  dayId = made.dayId;
  productId = made.productId;
  for (const name of ['Ada Shared', 'Bo Own', 'Cy Later']) {
    const placed = await rest<{ orderId: number; total: number }>(
      e2e.shop.url,
      'PUT',
      '/api/v1/Orders/Update',
      {
        token,
        body: {
          name,
          phoneNumber: '(555) 010-4455',
          pickUpDayId: dayId,
          products: [{ productId, quantity: 2 }],
        },
      },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    ids.push(placed.body.data.orderId);
    total = placed.body.data.total;
  }
  const open = (name: string, email: string) =>
    e2e.staffPage({ path: `/Admin/Pickup?day=${dayId}`, name, email, viewport: PHONE });
  ada = await open('Ada Yard', 'ada@example.com');
  bo = await open('Bo Yard', 'bo@example.com');
}, 180_000);

const list = (page: Page) => page.locator('.pickup-list');
const card = (page: Page, orderId: number) =>
  list(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^#${orderId} `) }) });
const waitingLine = (page: Page) => page.getByTestId('counter-waiting');

/** What the counter keeps on this phone (IndexedDB): the days and the waiting taps; null without the database. */
const keptOnPhone = (page: Page) =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((found) => found.name === 'nursery-counter')) return null;
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('nursery-counter');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const count = (store: string) =>
      new Promise<number>((resolve, reject) => {
        const counting = database.transaction(store).objectStore(store).count();
        counting.onsuccess = () => resolve(counting.result);
        counting.onerror = () => reject(counting.error);
      });
    const kept = { days: await count('days'), queue: await count('queue') };
    database.close();
    return kept;
  });

/** The desk with every order of the day, and Cy's phone signed in on it. */
const deskOfAll = () => `/Admin/Pickup?day=${dayId}&show=all`;
const cysPhone = () =>
  e2e.staffPage({ path: deskOfAll(), email: 'cy@example.com', name: 'Cy Yard', viewport: PHONE });

async function openCard(page: Page, orderId: number) {
  await list(page)
    .getByRole('button', { name: `Check in order ${orderId}` })
    .click();
  await card(page, orderId).getByRole('region', { name: 'To hand over' }).waitFor();
}

async function markPickedUp(page: Page, orderId: number) {
  await card(page, orderId).getByRole('button', { name: 'Mark picked up' }).click();
  await expect.poll(() => card(page, orderId).locator('.pickup-badge').textContent()).toBe('Picked up');
}

async function pay(page: Page, orderId: number, method: 'Cash' | 'Check') {
  const form = card(page, orderId);
  await form.getByLabel(method, { exact: true }).check();
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect.poll(() => form.getByTestId('payment-state').textContent()).toMatch(/^Paid \$/);
}

describe('the counter through a drop of the network', () => {
  it('two phones offline on the same and different orders: each tap arrives once, the first stands, the rest is shown', async () => {
    const [shared, boOwn] = ids as [number, number];
    await expect.poll(() => list(ada.page).getByRole('heading').count()).toBe(3);
    await expect.poll(() => list(bo.page).getByRole('heading').count()).toBe(3);
    // The rule, in the staff's words, is on the screen.
    expect(await ada.page.getByText(/the first check-in stands, the first payment stands/).count()).toBe(1);

    await ada.context.setOffline(true);
    await bo.context.setOffline(true);

    // Ada hands the shared order over and takes cash.
    await openCard(ada.page, shared);
    await markPickedUp(ada.page, shared);
    await expect
      .poll(() => card(ada.page, shared).getByTestId('waiting-to-send').textContent())
      .toContain('1 change waits');
    await pay(ada.page, shared, 'Cash');
    await expect.poll(() => waitingLine(ada.page).textContent()).toContain('2 changes wait');
    await ada.page.getByText('No connection.').waitFor();

    // Bo, out of reach too, does the same order (a check), undoes his check-in, and checks in his own order.
    await openCard(bo.page, shared);
    await markPickedUp(bo.page, shared);
    await pay(bo.page, shared, 'Check');
    await card(bo.page, shared).getByRole('button', { name: 'Undo check-in' }).click();
    await bo.page.getByRole('dialog').getByRole('button', { name: 'Undo check-in' }).click();
    await expect.poll(() => card(bo.page, shared).locator('.pickup-badge').textContent()).toBe('Waiting');
    await openCard(bo.page, boOwn);
    await markPickedUp(bo.page, boOwn);
    await expect.poll(() => waitingLine(bo.page).textContent()).toContain('4 changes wait');
    expect(await card(bo.page, boOwn).getByTestId('waiting-to-send').textContent()).toContain(
      '1 change waits',
    );

    // Nothing reached the server while the phones were out of reach.
    expect(received(shared)).toEqual([]);

    // Ada's phone finds the network first, then Bo's.
    await ada.context.setOffline(false);
    await expect.poll(() => waitingLine(ada.page).count(), { timeout: 20_000 }).toBe(0);
    await bo.context.setOffline(false);
    await expect.poll(() => waitingLine(bo.page).count(), { timeout: 20_000 }).toBe(0);

    // Counted on the server: each tap once; Ada's check-in and payment stand, Bo's own order is picked up.
    expect(received(shared).map((r) => r.recorded)).toEqual([1, 1, 0, 0, 0]);
    expect(new Set(received(shared).map((r) => r.id)).size).toBe(5);
    expect(received(boOwn).map((r) => r.recorded)).toEqual([1]);
    expect(await details(shared)).toMatchObject({
      pickedUpUsername: 'Ada Yard',
      paidMethod: 'cash',
      paid: total,
      paidUsername: 'Ada Yard',
    });
    expect(await details(boOwn)).toMatchObject({ pickedUpUsername: 'Bo Yard', paid: null });

    // Bo's phone lists the three taps that were not recorded, each with what happened.
    const notRecorded = bo.page.getByTestId('not-recorded');
    await expect.poll(() => notRecorded.count()).toBe(3);
    const said = await notRecorded.allTextContents();
    expect(said[0]).toMatch(
      new RegExp(
        `^Mark order ${shared} picked up: Order ${shared} was already picked up .* by Ada Yard: that check-in stands`,
      ),
    );
    expect(said[1]).toMatch(
      /that payment stands, \$[\d.]+ by check was not recorded\. Check with the customer\./,
    );
    expect(said[2]).toMatch(
      /by Ada Yard, a check-in made elsewhere: it stands, and the undo was not recorded\./,
    );
    // Opened again, it still lists them, and shows the order as the server has it: picked up, by Ada.
    await bo.page.goto(`${e2e.shop.origin}/Admin/Pickup?day=${dayId}&show=pickedUp`);
    await expect.poll(() => notRecorded.count()).toBe(3);
    await expect
      .poll(() => card(bo.page, shared).textContent(), { timeout: 40_000 })
      .toMatch(/Picked up .* by Ada Yard/);
    expect(await ada.page.getByTestId('not-recorded').count()).toBe(0);
  });

  it('a tap made while the server is unreachable survives a reload and a sign-in that ended, and is sent after', async () => {
    const later = ids[2] as number;
    const { page, login } = ada;
    // The server out of reach for this phone: every call to it fails as a stopped server's would.
    await page.route('**/trpc/**', (route) => route.abort('connectionrefused'));
    await openCard(page, later);
    await markPickedUp(page, later);
    await expect.poll(() => waitingLine(page).textContent()).toContain('1 change waits');

    // The sign-in ends meanwhile, and the page is opened again: the tap is still on the phone.
    await page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i) as string;
        if (!key.startsWith('oidc.user:')) continue;
        const user = JSON.parse(localStorage.getItem(key) as string) as { expires_at: number };
        user.expires_at = Math.floor(Date.now() / 1000) - 60;
        localStorage.setItem(key, JSON.stringify(user));
      }
    });
    await page.unroute('**/trpc/**');
    await page.reload();
    // A new sign-in: through the provider's form, or silently while its own session lasts.
    await expect
      .poll(
        async () => {
          if (
            new URL(page.url()).pathname.startsWith('/oidc/') &&
            (await page.getByLabel('E-mail').isVisible())
          ) {
            await fillProviderSignIn(page, login);
          }
          return received(later).map((r) => r.recorded);
        },
        { timeout: 60_000, interval: 500 },
      )
      .toEqual([1]);
    await page.waitForURL((url) => url.pathname === '/Admin/Pickup');
    await expect.poll(() => waitingLine(page).count(), { timeout: 20_000 }).toBe(0);
    expect(await details(later)).toMatchObject({ pickedUpUsername: 'Ada Yard' });
  });

  it('opens the desk again with no network, from what the phone kept, and undoes a check-in there', async () => {
    const later = ids[2] as number;
    const phone = await phoneWithProfile();
    try {
      const { page, context } = phone;
      const desk = `${e2e.shop.origin}/Admin/Pickup?day=${dayId}&show=all`;
      await signIn(page, e2e.shop, { path: `/Admin/Pickup?day=${dayId}&show=all`, email: 'ada@example.com' });
      await servedByWorker(page);
      await page.reload();
      await expect.poll(() => list(page).getByRole('heading').count()).toBe(3);

      await context.setOffline(true);
      await page.goto(desk);
      await page.getByText('No connection.').waitFor();
      await expect.poll(() => list(page).getByRole('heading').count()).toBe(3);
      await openCard(page, later);
      await card(page, later).getByRole('button', { name: 'Undo check-in' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Undo check-in' }).click();
      await expect.poll(() => card(page, later).locator('.pickup-badge').textContent()).toBe('Waiting');
      const waitsNotice = page.getByText(/It waits on this phone/);
      await expect.poll(() => waitsNotice.count()).toBe(1);
      expect(await details(later)).toMatchObject({ pickedUpUsername: 'Ada Yard' });

      await context.setOffline(false);
      await expect.poll(() => waitingLine(page).count(), { timeout: 20_000 }).toBe(0);
      // Sent: the notice that it waits goes with it, well before its own five seconds are up.
      await expect.poll(() => waitsNotice.count(), { timeout: 2_000 }).toBe(0);
      expect(await details(later)).toMatchObject({ pickedUpUsername: null });
      expect(received(later).map((r) => r.recorded)).toEqual([1, 1]);
    } finally {
      await phone.close();
    }
  });

  it('a code scanned with no network leads from the order page to the order on the desk the phone kept', async () => {
    const scanned = ids[1] as number;
    const phone = await phoneWithProfile();
    try {
      const { page, context } = phone;
      await signIn(page, e2e.shop, { path: deskOfAll(), email: 'ada@example.com' });
      await servedByWorker(page);
      await page.reload();
      await expect.poll(() => list(page).getByRole('heading').count()).toBe(3);
      await expect.poll(() => keptOnPhone(page)).toEqual({ days: 1, queue: 0 });

      // The camera opens the customer's code, the order's own address, in the yard.
      await context.setOffline(true);
      await page.goto(`${e2e.shop.origin}/Order/${scanned}/5550104455`);
      await page.getByRole('link', { name: 'Open it on the pick-up desk' }).click();
      await page.waitForURL((url) => url.pathname === '/Admin/Pickup');
      await card(page, scanned).getByRole('region', { name: 'To hand over' }).waitFor();
      // Found by its number, and its card open: the only order listed.
      const orders = (await list(page).getByRole('heading').allTextContents()).filter((h) =>
        h.startsWith('#'),
      );
      expect(orders).toEqual([`#${scanned} Bo Own`]);
      await page.getByText('No connection.').waitFor();
    } finally {
      await phone.close();
    }
  });

  it('signing out leaves no kept day on the phone, unless taps still wait: those stay and are sent after', async () => {
    const later = ids[2] as number;
    const desk = deskOfAll();
    const { page, context } = await cysPhone();
    try {
      await expect.poll(() => list(page).getByRole('heading').count()).toBe(3);
      await expect.poll(() => keptOnPhone(page)).toEqual({ days: 1, queue: 0 });
      const signOut = async () => {
        await page.goto(`${e2e.shop.origin}/Admin/Logout`);
        await page.waitForURL(`${e2e.shop.origin}/`);
      };

      // A tap the server cannot take yet, then a sign-out: the tap and its day stay on the phone.
      await page.route('**/trpc/**', (route) => route.abort('connectionrefused'));
      await openCard(page, later);
      await markPickedUp(page, later);
      await expect.poll(() => waitingLine(page).textContent()).toContain('1 change waits');
      await signOut();
      expect(await keptOnPhone(page)).toEqual({ days: 1, queue: 1 });

      // Signed in again with the network back: the tap is sent; signed out once more, nothing is left.
      await page.unroute('**/trpc/**');
      await signIn(page, e2e.shop, { path: desk, email: 'cy@example.com', name: 'Cy Yard' });
      // Polled on the server: the waiting line is also absent before the desk has read its queue back.
      await expect
        .poll(async () => (await details(later)).pickedUpUsername, { timeout: 20_000 })
        .toBe('Cy Yard');
      await expect.poll(() => waitingLine(page).count()).toBe(0);
      await expect.poll(() => keptOnPhone(page)).toEqual({ days: 1, queue: 0 });
      await signOut();
      expect(await keptOnPhone(page)).toEqual({ days: 0, queue: 0 });
    } finally {
      await context.close();
    }
  });

  it('taps left waiting by one staff member are recorded as theirs when the next one signed in on the phone sends them', async () => {
    const { orderId } = await placeCounterOrder(e2e.shop, token, {
      name: 'Di Handover',
      phoneNumber: '(555) 010-4456',
      dayId,
      productId,
    });
    const desk = deskOfAll();
    const { page, context } = await cysPhone();
    try {
      await expect.poll(() => list(page).getByRole('heading').count()).toBe(4);
      // Cy hands the plants over and takes the cash with the server out of reach, then signs out.
      await page.route('**/trpc/**', (route) => route.abort('connectionrefused'));
      await openCard(page, orderId);
      await markPickedUp(page, orderId);
      await pay(page, orderId, 'Cash');
      await expect.poll(() => waitingLine(page).textContent()).toContain('2 changes wait');
      await page.goto(`${e2e.shop.origin}/Admin/Logout`);
      await page.waitForURL(`${e2e.shop.origin}/`);
      await page.unroute('**/trpc/**');

      // Dee signs in on the same phone: Cy's taps go out, and the cash stays Cy's, sent by Dee.
      await signIn(page, e2e.shop, { path: desk, email: 'dee@example.com', name: 'Dee Yard' });
      await expect
        .poll(async () => (await details(orderId)).paidUsername, { timeout: 20_000 })
        .toBe('Cy Yard, sent by Dee Yard');
      expect(await details(orderId)).toMatchObject({
        pickedUpUsername: 'Cy Yard, sent by Dee Yard',
        paidMethod: 'cash',
      });
      await expect.poll(() => waitingLine(page).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
